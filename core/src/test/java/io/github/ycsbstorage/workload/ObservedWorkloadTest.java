package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.binding.YcsbInternals;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.phaseend.ResultExporter;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.ServerInfo;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

class ObservedWorkloadTest {
  static {
    Measurements.setProperties(new Properties());
  }

  /** A user's own workload: logs what it is called with. */
  public static final class OwnWorkload extends Workload {
    static final List<String> CALLS = new CopyOnWriteArrayList<>();
    static volatile boolean failCleanup;

    @Override
    public void init(Properties p) {
      CALLS.add("init " + p.getProperty("own.key"));
    }

    @Override
    public Object initThread(Properties p, int mythreadid, int threadcount) {
      return "state of thread " + mythreadid;
    }

    @Override
    public boolean doInsert(DB db, Object threadstate) {
      CALLS.add("insert with " + threadstate);
      return true;
    }

    @Override
    public boolean doTransaction(DB db, Object threadstate) {
      CALLS.add("transaction with " + threadstate);
      return true;
    }

    @Override
    public void requestStop() {
      super.requestStop();
      CALLS.add("stop requested");
    }

    @Override
    public void cleanup() throws WorkloadException {
      CALLS.add("cleanup");
      if (failCleanup) {
        throw new WorkloadException("own cleanup failed");
      }
    }
  }

  @BeforeEach
  void clean() {
    RunRecord.current().clear();
    MeasurementReset.clear(Measurements.getMeasurements());
    InMemoryServerDb.reset(ServerInfo.builder("InMemory").build(), 0, 0);
    RecordingObserverFactory.EVENTS.clear();
    OwnWorkload.CALLS.clear();
    OwnWorkload.failCleanup = false;
  }

  private static Properties properties(String... pairs) {
    var p = new Properties();
    p.setProperty("db", InMemoryServerDb.class.getName());
    p.setProperty("test.observe", "true");
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  /** YCSB's workload A as its file has it, observed: the mix is CoreWorkload's, the observers see the phase. */
  @Test
  void coreWorkloadIsObservedByDefaultWithItsOwnOperationMix() throws Exception {
    int operations = 4000;
    var p = properties("dotransactions", "true", "recordcount", "100", "operationcount", Integer.toString(operations),
        "readproportion", "0.5", "updateproportion", "0.5", "scanproportion", "0", "insertproportion", "0",
        "requestdistribution", "zipfian", "fieldcount", "1");
    var workload = new ObservedWorkload();
    workload.init(p);
    assertEquals(List.of("create run InMemory", "start after 0 reads"), RecordingObserverFactory.EVENTS);
    assertEquals(ResultExporter.class.getName(), p.getProperty("exporter"), "the result exporter writes the result");
    assertEquals(null, p.getProperty("storage.workload"), "the workload's properties are left as given");

    var state = workload.initThread(p, 0, 1);
    for (int i = 0; i < operations; i++) {
      assertTrue(workload.doTransaction(new InMemoryServerDb(), state));
    }
    workload.cleanup();

    long updates = InMemoryServerDb.UPDATES.values().stream().mapToLong(Long::longValue).sum();
    assertEquals(operations, InMemoryServerDb.READS.get() + updates, "every operation a read or an update");
    // CoreWorkload's draw: an update with probability 0.5, so within 5 standard deviations of half
    double share = (double) updates / operations;
    assertTrue(Math.abs(share - 0.5) <= 5 * Math.sqrt(0.25 / operations), "update share " + share);
    assertEquals(List.of("create run InMemory", "start after 0 reads", "stop"), RecordingObserverFactory.EVENTS);
    assertEquals(new RunRecord.SummaryLine("TEST", "observed", 1), RunRecord.current().summaryLines().get(0));
    assertEquals(List.of(), RunRecord.current().failures());
  }

  /**
   * An observed phase measures into the recorders the storage-aware workload's phases use
   * ({@link FullRangeHdrHistogram}), never into YCSB's, which start at a range of 2 µs and resize on the
   * recording thread (#44): a latency of 2³¹ − 1 µs is recorded as it is and HdrHistogram's own
   * reader decodes the log. A type with neither a return code nor a latency (UPDATE here, the
   * transaction's own call not measured) is gone again, log included.
   */
  @Test
  void anObservedPhaseMeasuresIntoFullRangeRecordersWhoseLogDecodes(@TempDir Path logs) throws Exception {
    var p = properties("dotransactions", "true", "recordcount", "100", "operationcount", "2", "readproportion",
        "0.5", "updateproportion", "0.5", "fieldcount", "1", "hdrhistogram.fileoutput", "true",
        "hdrhistogram.output.path", logs + "/");
    var workload = new ObservedWorkload();
    workload.init(p);
    var measurements = Measurements.getMeasurements();
    assertInstanceOf(FullRangeHdrHistogram.class, YcsbInternals.operations(measurements).get("READ"));
    assertTrue(workload.doTransaction(new InMemoryServerDb(), workload.initThread(p, 0, 1)));
    measurements.measure("READ", 1);
    measurements.measure("READ", Integer.MAX_VALUE);
    measurements.reportStatus("READ", Status.OK);
    workload.cleanup();
    assertEquals(Set.of("READ"), YcsbInternals.operations(measurements).keySet(), "UPDATE measured nothing");
    assertTrue(Files.notExists(logs.resolve("UPDATE.hdr")));
    try (var exporter = new TextMeasurementsExporter(OutputStream.nullOutputStream())) {
      measurements.exportMeasurements(exporter);
    }

    var decoded = new Histogram(3);
    try (var reader = new HistogramLogReader(logs.resolve("READ.hdr").toFile())) {
      while (reader.hasNext()) {
        decoded.add((Histogram) reader.nextIntervalHistogram());
      }
    }
    assertEquals(2, decoded.getTotalCount());
    assertTrue(decoded.valuesAreEquivalent(Integer.MAX_VALUE, decoded.getMaxValue()), "max " + decoded.getMaxValue());
  }

  @Test
  void aUsersOwnWorkloadRunsUnchangedWithItsOwnThreadState() throws Exception {
    var p = properties("storage.workload", OwnWorkload.class.getName(), "own.key", "given", "dotransactions",
        "false", "insertcount", "1");
    var workload = new ObservedWorkload();
    workload.init(p);
    var state = workload.initThread(p, 3, 4);
    assertTrue(workload.doInsert(new InMemoryServerDb(), state));
    assertTrue(workload.doTransaction(new InMemoryServerDb(), state));
    workload.requestStop();
    assertTrue(workload.isStopRequested());
    assertFalse(workload.doTransaction(new InMemoryServerDb(), state), "no operation begins once stopped");
    workload.cleanup();
    assertEquals(List.of("init given", "insert with state of thread 3", "transaction with state of thread 3",
        "stop requested", "cleanup"), OwnWorkload.CALLS);
    assertEquals(List.of("create load InMemory", "start after 0 reads", "stop"), RecordingObserverFactory.EVENTS);
  }

  @Test
  void aWorkloadsFailedCleanupIsThePhasesFailureNotAnExitWithoutExport() throws Exception {
    OwnWorkload.failCleanup = true;
    var p = properties("storage.workload", OwnWorkload.class.getName());
    var workload = new ObservedWorkload();
    workload.init(p);
    workload.initThread(p, 0, 1);
    workload.cleanup();
    assertEquals(List.of(OwnWorkload.class.getName() + "'s cleanup failed: own cleanup failed"),
        RunRecord.current().failures());
  }

  @Test
  void aClassThatIsNoWorkloadOrObservesItselfIsRefusedBeforeTheBindingOpens() {
    for (var name : List.of("com.example.Missing", String.class.getName(), StorageAwareWorkload.class.getName(),
        ObservedWorkload.class.getName())) {
      var error = assertThrows(InvalidPropertyException.class,
          () -> new ObservedWorkload().init(properties("storage.workload", name)), name);
      assertEquals("storage.workload", error.property(), name);
    }
    assertEquals(List.of(), RecordingObserverFactory.EVENTS);
  }
}
