package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.phaseend.ResultExporter;
import io.github.ycsbstorage.result.AchievedDataset;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.MemoryFigure;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.testkit.Tmpfs;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ClientThread;
import site.ycsb.DBWrapper;
import site.ycsb.Utils;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/** The workload's init/cleanup against a test-double binding that describes its server. */
class StorageAwareWorkloadTest {
  static {
    Measurements.setProperties(new Properties());
  }

  private static final ServerInfo REMOTE_1MB = ServerInfo.builder("InMemory").version("1.2.3")
      .ram(new MemoryFigure(1_000_000, "test.ram")).locality(Locality.REMOTE).build();

  @BeforeEach
  void clean() {
    RunRecord.current().clear();
    MeasurementReset.clear(Measurements.getMeasurements());
  }

  private static Properties load(String... pairs) {
    var properties = new Properties();
    properties.setProperty("db", InMemoryServerDb.class.getName());
    properties.setProperty("dotransactions", "false");
    properties.setProperty("fieldcount", "1");
    properties.setProperty("fieldlength", "100");
    properties.setProperty("storage.progress", "false");
    for (int i = 0; i < pairs.length; i += 2) {
      properties.setProperty(pairs[i], pairs[i + 1]);
    }
    return properties;
  }

  /** Inserts what YCSB's one load thread would: insertcount records through the workload. */
  private static void loadRest(StorageAwareWorkload workload, Properties properties) throws WorkloadException {
    var db = new InMemoryServerDb();
    var threadState = workload.initThread(properties, 0, 1);
    long count = Long.parseLong(properties.getProperty("insertcount"));
    for (long i = 0; i < count; i++) {
      assertEquals(true, workload.doInsert(db, threadState));
    }
  }

  private static Set<String> keys(long records) {
    var keys = new HashSet<String>();
    for (long i = 0; i < records; i++) {
      keys.add("user" + Utils.hash(i));
    }
    return keys;
  }

  private static Sizing sizing() {
    return RunRecord.current().sections().sizing().orElseThrow();
  }

  @Test
  void loadSizesTheDatasetFromTheServersRamAndMeasuresIt() throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 27, 27);
    var properties = load("storage.dataset.ratio", "0.5");
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    // key 22.88 + 100 + binding estimate 27 = 150 B; 500,000 B / 150
    assertEquals("dataset 500.0 KB = 0.5 × server RAM 1.0 MB (basis ram, from test.ram) → 3,333 records × 150 B",
        workload.plan().text());
    assertEquals("3333", properties.getProperty("recordcount"));
    assertEquals("0", properties.getProperty("insertstart"));
    assertEquals("3333", properties.getProperty("insertcount"));
    assertEquals(ResultExporter.class.getName(), properties.getProperty("exporter"));
    assertEquals(Optional.of(REMOTE_1MB), RunRecord.current().sections().server());

    loadRest(workload, properties);
    workload.cleanup();
    assertEquals(keys(3333), InMemoryServerDb.RECORDS.keySet());
    long storage = InMemoryServerDb.RECORDS.values().stream().mapToLong(Long::longValue).sum() + 3333 * 27;
    var measured = sizing().measured().orElseThrow();
    assertEquals(3333L, measured.records().getAsLong());
    assertEquals(storage, measured.storageBytes().getAsLong());
    assertEquals(Math.round(storage / 1e6 * 1000) / 1000.0, sizing().achievedRatio().getAsDouble());
    assertEquals(499_950L, sizing().expectedBytes());
  }

  @Test
  void aDatasetFarFromThePlanIsAWarningOnTheConsoleWithBothFiguresAndTheRemedy() throws Exception {
    // the binding estimates 27 B per record beyond key and field, the server stores 400 B more
    InMemoryServerDb.reset(REMOTE_1MB, 400, 27);
    var properties = load("storage.dataset.ratio", "0.5");
    var workload = new StorageAwareWorkload();
    var console = new ByteArrayOutputStream();
    var stderr = System.err;
    System.setErr(new java.io.PrintStream(console, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      workload.init(properties);
      loadRest(workload, properties);
      workload.cleanup();
    } finally {
      System.setErr(stderr);
    }
    // 3,333 records × (22.88 key + 100 field + 400) on the server; planned 3,333 × 150 B = 499,950 B
    long stored = InMemoryServerDb.RECORDS.values().stream().mapToLong(Long::longValue).sum() + 3333 * 400;
    long perRecord = Math.round(stored / 3333.0);
    var warning = "achieved dataset " + io.github.ycsbstorage.config.ByteSize.ofBytes(stored) + " is "
        + SizingPlan.decimal((double) stored / 499_950) + " × the planned 500.0 KB (from in-memory test server)"
        + "; records take " + perRecord + " B each on storage, not the planned 150 B: calibrate"
        + " (storage.calibrate=true) or pass storage.record.overhead=" + (perRecord - 123)
        + " to size the dataset by what it occupies";
    assertEquals(List.of(warning), RunRecord.current().warnings());
    var text = console.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(true, text.contains("Warning: " + warning), text);
    assertEquals(true, text.contains("Achieved dataset " + io.github.ycsbstorage.config.ByteSize.ofBytes(stored)
        + " = " + SizingPlan.decimal(stored / 1e6) + " × server RAM ("
        + SizingPlan.decimal((double) stored / 499_950) + " × the planned 500.0 KB, from in-memory test server)"), text);
  }

  @Test
  void calibrationWritesASampleAndCorrectsBytesPerRecord() throws Exception {
    // the binding knows no overhead (estimate -1), but the server stores 50 B more per record
    InMemoryServerDb.reset(REMOTE_1MB, 50, -1);
    var properties = load("storage.dataset.ratio", "0.5", "storage.calibrate", "true",
        "storage.calibrate.records", "200");
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    assertEquals(200, InMemoryServerDb.RECORDS.size());
    double measured = (InMemoryServerDb.RECORDS.values().stream().mapToLong(Long::longValue).sum() + 200 * 50) / 200.0;
    long perRecord = Math.round(measured);
    long records = 500_000 / perRecord;
    assertEquals(perRecord, workload.plan().record().total());
    assertEquals(true, workload.plan().record().calibrated());
    assertEquals(Long.toString(records), properties.getProperty("recordcount"));
    assertEquals("200", properties.getProperty("insertstart"));
    assertEquals(Long.toString(records - 200), properties.getProperty("insertcount"));
    var calibration = sizing().calibration().orElseThrow();
    assertEquals(200L, calibration.sampleRecords());
    assertEquals(measured, calibration.bytesPerRecord().getAsDouble(), 1e-9);

    loadRest(workload, properties);
    workload.cleanup();
    assertEquals(keys(records), InMemoryServerDb.RECORDS.keySet());
    assertEquals(true, sizing().calibration().isPresent());
  }

  @Test
  void threeClientsLoadEveryKeyExactlyOnce() throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    long records = -1;
    for (int client = 0; client < 3; client++) {
      var properties = load("storage.dataset.size", "100KB", "storage.clients", "3",
          "storage.client", Integer.toString(client));
      var workload = new StorageAwareWorkload();
      workload.init(properties);
      records = Long.parseLong(properties.getProperty("recordcount"));
      loadRest(workload, properties);
      workload.cleanup();
    }
    // 100,000 B / 123 B; the test double fails on any key written twice
    assertEquals(813, records);
    assertEquals(keys(813), InMemoryServerDb.RECORDS.keySet());
  }

  @Test
  void refusesARatioWhenTheServerReportsNoMemory() {
    InMemoryServerDb.reset(ServerInfo.builder("InMemory").locality(Locality.REMOTE).build(), 0, 0);
    var error = assertThrows(InvalidPropertyException.class,
        () -> new StorageAwareWorkload().init(load("storage.dataset.ratio", "1.33")));
    assertEquals("storage.server.memory='auto' is invalid: storage.dataset.ratio=1.33 needs the server's memory, "
        + "but InMemory reported no RAM and the server is not known to be local (locality REMOTE); "
        + "accepted: the server's RAM as a size, e.g. 96GB", error.getMessage());
  }

  /** In a YCSB install nothing else checks the input: the workload's init refuses what bin/ycsb refuses. */
  @Test
  void initRefusesAMisspeltKeyOfAnyNamespaceBeforeOpeningTheBinding() {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    var meant = Map.of("storage.dataset.ration", "storage.dataset.ratio", "collector.intervall", "collector.interval");
    meant.forEach((misspelt, key) -> {
      var error = assertThrows(InvalidPropertyException.class, () -> new StorageAwareWorkload().init(load(misspelt, "2")));
      assertTrue(error.getMessage().startsWith(misspelt + "='*****' is invalid: unknown property (did you mean " + key
          + "?)"), error.getMessage());
    });
    assertEquals(0, InMemoryServerDb.RECORDS.size(), "nothing was loaded");
  }

  @Test
  void aLocalServerWithoutReportedRamUsesThisHostsMeminfo() throws Exception {
    InMemoryServerDb.reset(ServerInfo.builder("InMemory").locality(Locality.LOCAL).build(), 0, 0);
    var workload = new StorageAwareWorkload();
    var properties = load("storage.dataset.ratio", "0.000001", "dotransactions", "true", "operationcount", "0");
    workload.init(properties);
    long total = HostMemory.total(Path.of("/proc/meminfo")).orElseThrow();
    assertEquals(HostMemory.SOURCE, workload.plan().memory().orElseThrow().source());
    assertEquals(total, workload.plan().memory().orElseThrow().bytes());
    workload.cleanup();
  }

  @Test
  void refusesAColdCacheForARemoteServer() {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    var error = assertThrows(InvalidPropertyException.class, () -> new StorageAwareWorkload()
        .init(load("dotransactions", "true", "recordcount", "10", "storage.cache", "cold")));
    assertEquals("storage.cache='cold' is invalid: the server is not known to run on this host (locality REMOTE), "
        + "so its page cache cannot be dropped from here; accepted: " + CacheControl.ACCEPTED_COLD, error.getMessage());
  }

  @Test
  void warmupOperationsAreNotInTheReportedCounts(@TempDir Path dir) throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    for (var key : keys(100)) {
      InMemoryServerDb.RECORDS.put(key, 100L);
    }
    var exportFile = dir.resolve("run.txt");
    var properties = load("dotransactions", "true", "recordcount", "100", "operationcount", "20",
        "readproportion", "0.5", "updateproportion", "0", "readmodifywriteproportion", "0.5",
        "storage.warmup", "50ops", "exportfile", exportFile.toString());
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    assertEquals(50, InMemoryServerDb.READS.get(), "every warm-up transaction reads once");

    var tracer = new Tracer.Builder("test").conf(HTraceConfiguration.EMPTY).build();
    var db = new DBWrapper(new InMemoryServerDb(), tracer);
    db.setProperties(properties);
    var thread = new ClientThread(db, true, workload, properties, 20, -1, new CountDownLatch(1));
    thread.run();
    workload.cleanup();
    assertEquals(70, InMemoryServerDb.READS.get());

    var out = new ByteArrayOutputStream();
    var exporter = new ResultExporter(out);
    exporter.write("OVERALL", "RunTime(ms)", 100L);
    Measurements.getMeasurements().exportMeasurements(exporter);
    exporter.close();
    JsonNode result = new ObjectMapper().readTree(dir.resolve("run.txt.result.json").toFile());
    var operations = result.path("summary").path("operations");
    assertEquals(20, operations.path("READ").path("count").asLong(), result.toString());
    assertEquals(operations.path("READ-MODIFY-WRITE").path("count").asLong(),
        operations.path("UPDATE").path("count").asLong(), result.toString());
    assertEquals(20, operations.path("READ").path("returnCodes").path("OK").asLong(), result.toString());
    assertEquals("50 operations", result.path("warmup").path("requested").asText());
    assertEquals(50, result.path("warmup").path("operations").asLong());
    assertEquals("complete", result.path("status").asText());
    assertEquals(true, out.toString().contains("[READ], Operations, 20"), out.toString());
  }

  /**
   * Rounds until steady: whatever this host's speed, the recorded rounds and the verdict agree with the
   * criterion applied to them, and none of the rounds' operations is measured.
   */
  @Test
  void aWarmupUntilSteadyRecordsItsRoundsAndKeepsThemOutOfTheMeasuredFigures(@TempDir Path dir) throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    for (var key : keys(100)) {
      InMemoryServerDb.RECORDS.put(key, 100L);
    }
    var properties = load("dotransactions", "true", "recordcount", "100", "operationcount", "20",
        "readproportion", "1", "updateproportion", "0", "storage.warmup", "steady", "storage.steady.round", "100ms",
        "storage.steady.rounds", "8", "exportfile", dir.resolve("run.txt").toString());
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    long warmupReads = InMemoryServerDb.READS.get();
    var tracer = new Tracer.Builder("test").conf(HTraceConfiguration.EMPTY).build();
    var db = new DBWrapper(new InMemoryServerDb(), tracer);
    db.setProperties(properties);
    new ClientThread(db, true, workload, properties, 20, -1, new CountDownLatch(1)).run();
    workload.cleanup();
    var out = new ByteArrayOutputStream();
    var exporter = new ResultExporter(out);
    exporter.write("OVERALL", "RunTime(ms)", 100L);
    Measurements.getMeasurements().exportMeasurements(exporter);
    exporter.close();

    JsonNode result = new ObjectMapper().readTree(dir.resolve("run.txt.result.json").toFile());
    assertEquals(20, result.path("summary").path("operations").path("READ").path("count").asLong(), result.toString());
    var steady = result.path("warmup").path("steady");
    var throughputs = new java.util.ArrayList<Double>();
    steady.path("rounds").forEach(round -> throughputs.add(round.path("opsPerSec").asDouble()));
    assertTrue(throughputs.size() >= 5 && throughputs.size() <= 8, steady.toString());
    assertTrue(warmupReads > 0, "the rounds read");
    var expected = SteadyStateCriterion.firstSteadyWindow(throughputs);
    if (expected.isPresent()) {
      assertEquals(expected.getAsInt() + 4, throughputs.size(), "the warm-up ends with its first steady window");
      assertEquals(expected.getAsInt(), steady.path("windowStart").asInt(), steady.toString());
      assertEquals("complete", result.path("status").asText(), result.toString());
    } else {
      assertTrue(steady.path("windowStart").isNull(), steady.toString());
      assertEquals(8, throughputs.size());
      assertTrue(result.path("warnings").toString().contains("not steady after 8 rounds"), result.toString());
    }
    assertTrue(out.toString().contains("[WARMUP], steady.rounds, " + throughputs.size()), out.toString());
  }

  /**
   * Preconditioning after a load overwrites only loaded records, at least once over the dataset when
   * it ends steady, outside the load's own counts; its rounds' verdict is the criterion's over them.
   */
  @Test
  void aLoadPreconditionsItsDatasetUntilTheWriteRateIsSteady() throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    var properties = load("recordcount", "200", "insertcount", "200", "storage.precondition", "dataset",
        "storage.precondition.round", "100ms", "storage.precondition.rounds", "8");
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    loadRest(workload, properties);
    workload.cleanup();

    var precondition = RunRecord.current().sections().precondition().orElseThrow();
    assertEquals(200, precondition.records());
    assertEquals(0, precondition.failed());
    assertEquals(InMemoryServerDb.UPDATES.values().stream().mapToLong(Long::longValue).sum(), precondition.operations());
    assertTrue(keys(200).containsAll(InMemoryServerDb.UPDATES.keySet()), "only loaded records are overwritten");
    assertEquals(keys(200), InMemoryServerDb.RECORDS.keySet(), "no record inserted beyond the load");
    assertEquals(OptionalLong.empty(), precondition.engineBytesWritten(), "the test binding counts no bytes");
    var rates = precondition.steady().rounds().stream().map(round -> round.opsPerSec()).toList();
    assertTrue(rates.size() >= 5 && rates.size() <= 8, rates.toString());
    if (precondition.steady().steady()) {
      assertTrue(precondition.operations() >= 200, "steady only after one dataset's worth");
      assertTrue(SteadyStateCriterion.lastWindowSteady(rates), rates.toString());
    } else {
      assertEquals(8, rates.size());
      assertTrue(RunRecord.current().warnings().toString().contains("preconditioning was not steady after 8 rounds"),
          RunRecord.current().warnings().toString());
    }
    assertTrue(RunRecord.current().summaryLines().toString().contains("PRECONDITION"),
        RunRecord.current().summaryLines().toString());
  }

  /**
   * A load asked to precondition the free space writes it in the server's data folder before the
   * inserts (root only: on a {@link Tmpfs} of the test's own), and records it.
   */
  @Test
  void aLoadPreconditionsItsDataFoldersFreeSpaceBeforeTheInserts(@TempDir Path temp) throws Exception {
    try (var tmpfs = Tmpfs.mount(Files.createDirectory(temp.resolve("mnt")), FreeSpaceFillTest.MOUNT_SIZE)) {
      var folder = tmpfs.path();
      InMemoryServerDb.reset(ServerInfo.builder("InMemory").ram(new MemoryFigure(1_000_000, "test.ram"))
          .locality(Locality.LOCAL).dataPath(folder.toString()).build(), 0, 0);
      long free = Files.getFileStore(folder).getUsableSpace();
      var properties = load("recordcount", "10", "insertcount", "10", "storage.precondition", "freespace",
          "storage.precondition.round", "100ms", "storage.precondition.reserve", Long.toString(FreeSpaceFillTest.RESERVE));
      var workload = new StorageAwareWorkload();
      workload.init(properties);
      assertEquals(Map.of(), InMemoryServerDb.RECORDS, "before the inserts");
      loadRest(workload, properties);
      workload.cleanup();
      var fill = RunRecord.current().sections().precondition().orElseThrow().freeSpace().orElseThrow();
      assertEquals(free - FreeSpaceFillTest.RESERVE, fill.bytesWritten());
      assertTrue(fill.deleted());
      assertEquals(List.of(), RunRecord.current().failures());
      assertTrue(RunRecord.current().summaryLines().toString().contains("bytes.written"),
          RunRecord.current().summaryLines().toString());
    }
  }

  /** Free space is written where the data is: a server without a data folder here is refused, by name. */
  @Test
  void freeSpacePreconditioningNeedsTheDataFolderOnThisHost() throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    var refused = assertThrows(InvalidPropertyException.class, () -> new StorageAwareWorkload().init(
        load("recordcount", "10", "storage.precondition", "freespace")));
    assertEquals("storage.precondition='freespace' is invalid: the binding reports no data folder on this host"
        + " (server locality REMOTE), so there is no free space to write here; accepted: none or dataset for this"
        + " server", refused.getMessage());
  }

  /** A run ignores the key, so that a study file can carry it to its loads. */
  @Test
  void aRunDoesNotPrecondition() throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    var properties = load("dotransactions", "true", "recordcount", "100", "operationcount", "1",
        "readproportion", "1", "updateproportion", "0", "storage.precondition", "dataset");
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    workload.cleanup();
    assertEquals(Map.of(), InMemoryServerDb.UPDATES);
    assertEquals(Optional.empty(), RunRecord.current().sections().precondition());
  }

  /** A data directory that did not grow while records were written measured nothing: unknown, not 0. */
  @Test
  void aDataDirectoryThatDidNotGrowGivesAnUnknownAchievedSize(@TempDir Path data) throws Exception {
    InMemoryServerDb.reset(ServerInfo.builder("InMemory").ram(new MemoryFigure(1_000_000, "test.ram"))
        .locality(Locality.LOCAL).build(), 0, 0);
    var properties = load("storage.dataset.ratio", "0.01", "collector.paths", data.toString(),
        "collector.probe", "false");
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    loadRest(workload, properties);
    workload.cleanup();
    var achieved = sizing().achieved().orElseThrow();
    assertEquals(AchievedDataset.Source.UNKNOWN, achieved.source());
    assertEquals(OptionalLong.empty(), achieved.bytes());
    assertTrue(achieved.reason().orElseThrow().startsWith("0 bytes (growth of " + data + " on disk (du): "),
        achieved.reason().orElseThrow());
    assertTrue(achieved.reason().orElseThrow().endsWith(" records were written: they went into space the server"
        + " already held, or not into this directory"), achieved.reason().orElseThrow());
  }

  @Test
  void observersStartAfterWarmupAndStopInCleanup() throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    RecordingObserverFactory.EVENTS.clear();
    var properties = load("dotransactions", "true", "recordcount", "10", "operationcount", "5",
        "readproportion", "1", "updateproportion", "0", "storage.warmup", "10ops", "test.observe", "true");
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    assertEquals(List.of("create run InMemory", "start after 10 reads"), RecordingObserverFactory.EVENTS);
    workload.cleanup();
    assertEquals(List.of("create run InMemory", "start after 10 reads", "stop"),
        RecordingObserverFactory.EVENTS);
    assertEquals(new RunRecord.SummaryLine("TEST", "observed", 1), RunRecord.current().summaryLines().get(0));
  }

  @Test
  void loadByRecordcountKeepsYcsbsSemanticsAndShowsProgress() throws Exception {
    InMemoryServerDb.reset(REMOTE_1MB, 0, 0);
    var properties = load("recordcount", "50", "storage.progress", "true");
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    assertEquals(null, properties.getProperty("insertcount"), "YCSB's own defaults stay in charge");
    assertEquals("dataset 6.2 KB from recordcount → 50 records × 123 B", workload.plan().text());
    properties.setProperty("insertcount", "50");
    loadRest(workload, properties);
    workload.cleanup();
    assertEquals(keys(50), InMemoryServerDb.RECORDS.keySet());
  }
}
