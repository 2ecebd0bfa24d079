package io.github.ycsbstorage.phaseend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.ResultFile;
import io.github.ycsbstorage.result.ResultReader;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.result.Version;
import io.github.ycsbstorage.store.Column;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.StoreLocation;
import io.github.ycsbstorage.store.RunFilter;
import io.github.ycsbstorage.store.StoreException;
import io.github.ycsbstorage.store.StoreSettings;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;

class ResultExporterTest {
  private static final Instant STARTED = Instant.parse("2026-11-21T19:55:00Z");

  /** Exit statuses the exporter asked for, instead of ending the test's JVM. */
  private final List<Integer> exits = new ArrayList<>();

  @BeforeEach
  void clean() {
    RunRecord.current().clear();
    ResultExporter.configure(ResultSettings.standalone());
  }

  @AfterEach
  void restore() {
    RunRecord.current().clear();
    ResultExporter.configure(ResultSettings.standalone());
  }

  private static Properties properties() {
    var properties = new Properties();
    properties.setProperty("db", "io.github.ycsbstorage.mongodb.MongoDbClient");
    properties.setProperty("mongodb.url", "mongodb://u:hunter2@h/ycsb");
    properties.setProperty("recordcount", "1000");
    properties.setProperty("label", "hdd-a");
    // not the user's own store; the store's tests below name theirs
    properties.setProperty(StoreSettings.STORE, StoreSettings.OFF);
    return properties;
  }

  /** What YCSB's Client and an hdrhistogram measurement export for a small run. */
  private static void exportRun(ResultExporter exporter) throws Exception {
    exporter.write("OVERALL", "RunTime(ms)", 60000L);
    exporter.write("OVERALL", "Throughput(ops/sec)", 1537.2);
    exporter.write("TOTAL_GCs", "Count", 3L);
    exporter.write("READ", "Operations", 100L);
    exporter.write("READ", "AverageLatency(us)", 1.5);
    exporter.write("READ", "MinLatency(us)", 1L);
    exporter.write("READ", "MaxLatency(us)", 9L);
    exporter.write("READ", "95thPercentileLatency(us)", 3L);
    exporter.write("READ", "99thPercentileLatency(us)", 5L);
    exporter.write("READ", "Return=OK", 99L);
    exporter.write("READ", "Return=NOT_FOUND", 1L);
    exporter.write("INSERT", "Operations", 10);
    exporter.write("INSERT", "Return=BATCHED_OK", 10L);
  }

  private static void recordStorageFacts() {
    RunRecord.current().setSizing(new Sizing(Sizing.Mode.RATIO, OptionalDouble.of(1.0), Sizing.Basis.RAM,
        Optional.empty(), 1_000_000, new Sizing.RecordBytes(10, 990, 0, 1000, false), 1000, 0, 1000, 1_000_000,
        "dataset 1.0 MB", Optional.empty(), Optional.empty(), OptionalDouble.empty(), Optional.empty()));
    RunRecord.current().addFact("STORAGE", "device.type", "nvme");
    RunRecord.current().addSummaryLine("IO", "vda.r/s avg", 123.4);
    RunRecord.current().addSummaryLine("IO", "vda.r_await avg", Double.NaN);
  }

  @Test
  void textOutputGainsTheSummaryLinesAndTheResultFileHoldsExactFigures(@TempDir Path dir) throws Exception {
    var target = dir.resolve("results/cell.json");
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(target), Phase.RUN,
        properties(), STARTED, Optional.of("5.14.0"), Optional.of("7.0.4")));
    recordStorageFacts();
    var out = new ByteArrayOutputStream();
    var exporter = new ResultExporter(out, exits::add);
    exportRun(exporter);
    exporter.close();

    var nl = System.lineSeparator();
    assertEquals(String.join(nl, "[OVERALL], RunTime(ms), 60000", "[OVERALL], Throughput(ops/sec), 1537.2",
        "[TOTAL_GCs], Count, 3", "[READ], Operations, 100", "[READ], AverageLatency(us), 1.5",
        "[READ], MinLatency(us), 1", "[READ], MaxLatency(us), 9", "[READ], 95thPercentileLatency(us), 3",
        "[READ], 99thPercentileLatency(us), 5", "[READ], Return=OK, 99", "[READ], Return=NOT_FOUND, 1",
        "[INSERT], Operations, 10", "[INSERT], Return=BATCHED_OK, 10", "[IO], vda.r/s avg, 123.4",
        "# STORAGE, device.type, nvme") + nl, out.toString(), "a figure that is not a number is left out");

    JsonNode result = new ObjectMapper().readTree(target.toFile());
    assertEquals(List.of(), Files.list(target.getParent()).filter(p -> !p.equals(target)).toList(),
        "no temporary file is left");
    assertEquals("ycsb-storage-result/1", result.path("schema").asText());
    assertEquals("degraded", result.path("status").asText(), "one NOT_FOUND is an error");
    assertEquals("run", result.path("phase").asText());
    assertEquals("hdd-a", result.path("label").asText());
    assertEquals("2026-11-21T19:55:00Z", result.path("startedAt").asText());
    assertEquals(Version.ycsbStorage(), result.path("versions").path("ycsbStorage").asText());
    assertEquals("io.github.ycsbstorage.mongodb.MongoDbClient", result.path("versions").path("binding").asText());
    assertEquals("5.14.0", result.path("versions").path("driver").asText());
    assertEquals("7.0.4", result.path("versions").path("server").asText());
    assertEquals(Runtime.getRuntime().availableProcessors(), result.path("host").path("cores").asInt());
    assertEquals("mongodb://u:*****@h/ycsb", result.path("properties").path("mongodb.url").asText());
    assertEquals(YcsbSettings.DEFAULT_EXPORTER, result.path("properties").path("exporter").asText());

    var summary = result.path("summary");
    assertEquals(60000, summary.path("runtimeMs").asLong());
    assertEquals(1537.2, summary.path("throughputOpsPerSec").asDouble());
    assertEquals(1, summary.path("errors").asLong());
    var read = summary.path("operations").path("READ");
    assertEquals(100, read.path("count").asLong());
    assertEquals(1.5, read.path("averageUs").asDouble());
    assertEquals(1, read.path("minUs").asLong());
    assertEquals(9, read.path("maxUs").asLong());
    assertEquals(3, read.path("p95Us").asLong());
    assertEquals(5, read.path("p99Us").asLong());
    assertEquals(99, read.path("returnCodes").path("OK").asLong());
    assertEquals(1, read.path("returnCodes").path("NOT_FOUND").asLong());
    assertEquals(10, summary.path("operations").path("INSERT").path("returnCodes").path("BATCHED_OK").asLong());
    assertEquals(false, summary.path("operations").has("TOTAL_GCs"));
    assertEquals(1000, result.path("sizing").path("recordCount").asLong());
    assertEquals(0, result.path("warnings").size());
  }

  @Test
  void jsonDelegateStaysValidJsonAndGetsTheSummaryLines(@TempDir Path dir) throws Exception {
    var properties = properties();
    properties.setProperty("insertcount", "0");
    ResultExporter.configure(new ResultSettings(JSONArrayMeasurementsExporter.class.getName(), Optional.empty(),
        Phase.LOAD, properties, STARTED, Optional.empty(), Optional.empty()));
    recordStorageFacts();
    RunRecord.current().addWarning("collector lost /proc/diskstats for 3 s");
    var out = new ByteArrayOutputStream();
    var exporter = new ResultExporter(out, exits::add);
    exporter.write("OVERALL", "RunTime(ms)", 60000L);
    exporter.close();
    var array = new ObjectMapper().readTree(out.toByteArray());
    assertEquals(2, array.size(), "YCSB's figure and the numeric line, no fact: " + array);
    assertEquals("IO", array.get(1).path("metric").asText());
    assertEquals(123.4, array.get(1).path("value").asDouble());
    assertEquals(0, Files.list(dir).count(), "no result file without storage.result or exportfile");
  }

  @Test
  void warningsMakeTheResultDegraded(@TempDir Path dir) throws Exception {
    var target = dir.resolve("r.json");
    var properties = properties();
    properties.setProperty("insertcount", "5");
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(target), Phase.LOAD,
        properties, STARTED, Optional.empty(), Optional.empty()));
    RunRecord.current().addWarning("achieved dataset 0.61 × the plan");
    var exporter = new ResultExporter(new ByteArrayOutputStream(), exits::add);
    exporter.write("INSERT", "Operations", 5L);
    exporter.write("INSERT", "Return=OK", 5L);
    exporter.close();
    var result = new ObjectMapper().readTree(target.toFile());
    assertEquals("degraded", result.path("status").asText());
    assertEquals("achieved dataset 0.61 × the plan", result.path("warnings").get(0).asText());
    assertEquals(0, result.path("summary").path("errors").asLong());
    assertEquals(true, result.path("versions").path("driver").isNull());
    assertEquals(List.of(), exits, "a degraded phase exits 0");
  }

  @Test
  void aLoadThatStoredTooFewRecordsIsFailedWithItsReasonAndExitsOne(@TempDir Path dir) throws Exception {
    var target = dir.resolve("load.json");
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(target), Phase.LOAD,
        properties(), STARTED, Optional.empty(), Optional.empty()));
    RunRecord.current().addWarning("achieved dataset 0.01 × the plan");
    var exporter = new ResultExporter(new ByteArrayOutputStream(), exits::add);
    exporter.write("OVERALL", "RunTime(ms)", 1000L);
    exporter.write("OVERALL", "Throughput(ops/sec)", 10.0);
    exporter.write("INSERT", "Operations", 11L);
    exporter.write("INSERT", "Return=OK", 10L);
    exporter.write("INSERT", "Return=ERROR", 1L);
    exporter.close();
    var result = new ObjectMapper().readTree(target.toFile());
    assertEquals("failed", result.path("status").asText());
    assertEquals("failed: the load stored 10 of 1,000 records; not stored: 1 failed (INSERT: ERROR 1), 989 never"
        + " inserted (YCSB's load threads stop at their first failed insert)", result.path("warnings").get(0).asText());
    assertEquals("achieved dataset 0.01 × the plan", result.path("warnings").get(1).asText());
    assertEquals(List.of(1), exits);
  }

  @Test
  void outputThatCannotBeWrittenLeavesNoFileThatCouldPassForThisPhasesResult(@TempDir Path dir) throws Exception {
    var export = Files.writeString(dir.resolve("run.txt"), "[OVERALL], RunTime(ms), 12"); // YCSB began writing
    var earlier = Files.writeString(dir.resolve("run.txt.result.json"), "{\"schema\": \"an earlier run's\"}");
    var properties = properties();
    properties.setProperty("exportfile", export.toString());
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(earlier), Phase.RUN,
        properties, STARTED, Optional.empty(), Optional.empty()));
    var full = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("No space left on device");
      }
    };
    var exporter = new ResultExporter(full, exits::add);
    exportRun(exporter);
    var failure = assertThrows(IOException.class, exporter::close);
    assertEquals("No space left on device", failure.getMessage());
    assertEquals(List.of(), Files.list(dir).toList(), "neither the partial export nor the earlier result is left");
    assertEquals(List.of(1), exits);
  }

  @Test
  void anExportThatStoppedBeforeAMeasurementIsFailedNeverCompleteAndExitsOneAfterItsError(@TempDir Path dir)
      throws Exception {
    var target = dir.resolve("run.json");
    var properties = properties();
    properties.setProperty("operationcount", "0");
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(target), Phase.RUN,
        properties, STARTED, Optional.empty(), Optional.empty()));
    RunRecord.current().setMeasured(List.of("READ", "UPDATE", "Intended-READ"));
    var exporter = new ResultExporter(new ByteArrayOutputStream(), exits::add);
    // YCSB's Client wrote its overall figures, then HdrHistogram 2.1.4's log threw before READ's figures
    exporter.write("OVERALL", "RunTime(ms)", 1000L);
    exporter.write("OVERALL", "Throughput(ops/sec)", 10.0);
    exporter.write("UPDATE", "Operations", 5L);
    exporter.close();

    var result = new ObjectMapper().readTree(target.toFile());
    assertEquals("failed", result.path("status").asText());
    assertEquals("failed: YCSB's export stopped before it wrote Intended-READ, READ (the error that stopped it"
        + " follows)", result.path("warnings").get(0).asText());
    assertEquals(List.of(), exits, "the error on its way out of YCSB's Client is printed first");
    var handler = Thread.currentThread().getUncaughtExceptionHandler();
    try {
      handler.uncaughtException(Thread.currentThread(), new NoClassDefFoundError("javax/xml/bind/DatatypeConverter"));
      assertEquals(List.of(1), exits);
    } finally {
      Thread.currentThread().setUncaughtExceptionHandler(null);
    }
  }

  @Test
  void anExportThatWroteEveryMeasurementKeepsItsVerdict(@TempDir Path dir) throws Exception {
    var target = dir.resolve("run.json");
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(target), Phase.RUN,
        properties(), STARTED, Optional.empty(), Optional.empty()));
    RunRecord.current().setMeasured(List.of("READ", "INSERT"));
    var exporter = new ResultExporter(new ByteArrayOutputStream(), exits::add);
    exportRun(exporter);
    exporter.close();
    assertEquals("degraded", new ObjectMapper().readTree(target.toFile()).path("status").asText(),
        "one NOT_FOUND, nothing missing");
    assertEquals(List.of(), exits);
  }

  @Test
  void thePhaseAddsItsRowToTheResultsStoreAfterItsResultFile(@TempDir Path dir) throws Exception {
    var target = dir.resolve("run.json");
    var properties = properties();
    var storeFile = dir.resolve("store/results.db");
    properties.setProperty(StoreSettings.STORE, storeFile.toString());
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(target), Phase.RUN,
        properties, STARTED, Optional.empty(), Optional.empty()));
    var exporter = new ResultExporter(new ByteArrayOutputStream(), exits::add);
    exportRun(exporter);
    exporter.close();
    try (var store = ResultsStore.openExisting(StoreLocation.file(storeFile))) {
      var runs = store.list(RunFilter.ALL);
      assertEquals(1, runs.size());
      assertEquals(Optional.of(ResultReader.read(target)), store.result(runs.get(0).id()),
          "the row holds what the result file holds");
      assertEquals(1537.2, runs.get(0).number(Column.THROUGHPUT_OPS).getAsDouble());
    }
    assertEquals(List.of(), exits);
  }

  @Test
  void aStoreThatCannotBeWrittenFailsThePhaseWithItsResultFileKept(@TempDir Path dir) throws Exception {
    var target = dir.resolve("run.json");
    var properties = properties();
    var notAFolder = Files.writeString(dir.resolve("file"), "x");
    properties.setProperty(StoreSettings.STORE, notAFolder.resolve("results.db").toString());
    ResultExporter.configure(new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.of(target), Phase.RUN,
        properties, STARTED, Optional.empty(), Optional.empty()));
    var exporter = new ResultExporter(new ByteArrayOutputStream(), exits::add);
    exportRun(exporter);
    var failure = assertThrows(StoreException.class, exporter::close);
    assertTrue(failure.getMessage().startsWith("cannot create the folder of the results store"), failure.getMessage());
    assertEquals("ycsb-storage-result/1", ResultReader.read(target).schema(), "the result file is complete and kept");
    assertEquals(List.of(1), exits);
  }

  @Test
  void resultFileLocation() {
    var properties = new Properties();
    assertEquals(Optional.empty(), ResultFile.of(properties));
    properties.setProperty("exportfile", "out/run.txt");
    assertEquals(Optional.of(Path.of("out/run.txt.result.json")), ResultFile.of(properties));
    properties.setProperty("storage.result", "cell.json");
    assertEquals(Optional.of(Path.of("cell.json")), ResultFile.of(properties));
  }

  @Test
  void anUnknownDelegateFallsBackToTextLikeYcsb(@TempDir Path dir) throws Exception {
    var target = dir.resolve("r.json");
    ResultExporter.configure(new ResultSettings("no.such.Exporter", Optional.of(target), Phase.RUN, properties(), STARTED,
        Optional.empty(), Optional.empty()));
    var out = new ByteArrayOutputStream();
    var exporter = new ResultExporter(out, exits::add);
    exporter.write("OVERALL", "RunTime(ms)", 7L);
    exporter.close();
    assertEquals("[OVERALL], RunTime(ms), 7" + System.lineSeparator(), out.toString());
    assertEquals(7, new ObjectMapper().readTree(target.toFile()).path("summary").path("runtimeMs").asLong());
  }
}
