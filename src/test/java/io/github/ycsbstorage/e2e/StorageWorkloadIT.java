package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The storage-aware workload through {@code bin/ycsb}, on YCSB's no-op {@code basic} binding. */
class StorageWorkloadIT {
  private static final String FILE = "workloads/storage/read-only-uniform-1x1000";

  @Test
  void loadSizedFromADeclaredMemoryPrintsThePlanAndWritesTheResult(@TempDir Path dir) throws Exception {
    var exportFile = dir.resolve("load.txt");
    var load = ycsb("load", "basic", "-P", FILE, "-p", "storage.server.memory=1MB", "-p", "basicdb.verbose=false",
        "-p", "exportfile=" + exportFile);
    assertEquals(0, load.exitCode(), load::all);
    // 1.33 × 1 MB / (22.88 B key + 1000 B field) = 1,300 records
    assertTrue(load.stderr().contains("Sizing plan: dataset 1.3 MB = 1.33 × server RAM 1.0 MB (basis ram, from "
        + "storage.server.memory) → 1,300 records × 1,023 B"), load::all);
    assertTrue(load.stderr().contains("load 1,300 of 1,300 records (100.0 %)"), load::all);
    assertTrue(Files.readString(exportFile).contains("[INSERT], Operations, 1300"), load::all);

    var result = new ObjectMapper().readTree(dir.resolve("load.txt.result.json").toFile());
    assertEquals("ycsb-storage-result/1", result.path("schema").asText());
    assertEquals("complete", result.path("status").asText());
    assertEquals("load", result.path("phase").asText());
    assertEquals(1300, result.path("summary").path("operations").path("INSERT").path("count").asLong());
    assertEquals(1300, result.path("summary").path("operations").path("INSERT").path("returnCodes").path("OK").asLong());
    assertEquals("ratio", result.path("sizing").path("mode").asText());
    assertEquals(1_330_000, result.path("sizing").path("targetBytes").asLong());
    assertEquals(1300, result.path("sizing").path("recordCount").asLong());
    assertEquals(1023, result.path("sizing").path("recordBytes").path("total").asLong());
    assertEquals("1300", result.path("properties").path("recordcount").asText());
    assertEquals("site.ycsb.BasicDB", result.path("versions").path("binding").asText());
  }

  /**
   * measurementtype=raw names its figures "Total Operations", "Average", "p50", ...: the result keeps
   * them, and the collector's per-operation figures take YCSB's count. Independent count: the data
   * points raw wrote to its own file, one line each.
   */
  @Test
  void rawMeasurementsKeepTheCountAndThePerOperationFigures(@TempDir Path dir) throws Exception {
    var rawFile = dir.resolve("raw.csv");
    var run = ycsb("run", "basic", "-P", FILE, "-p", "recordcount=100", "-p", "operationcount=60",
        "-p", "basicdb.verbose=false", "-p", "measurementtype=raw", "-p", "measurement.raw.output_file=" + rawFile,
        "-p", "collector.paths=" + dir, "-p", "collector.probe=false", "-p", "storage.result=" + dir.resolve("run.json"));
    assertEquals(0, run.exitCode(), run::all);
    long points;
    try (var lines = Files.lines(rawFile)) {
      points = lines.filter(line -> line.startsWith("READ,")).count();
    }
    assertEquals(60, points, run::all);
    var result = new ObjectMapper().readTree(dir.resolve("run.json").toFile());
    var read = result.path("summary").path("operations").path("READ");
    assertEquals(points, read.path("count").asLong(), run::all);
    assertTrue(read.path("p50Us").isIntegralNumber() && read.path("p99Us").isIntegralNumber(), read::toString);
    assertTrue(read.path("averageUs").isNumber(), read::toString);
    var io = result.path("io");
    assertEquals(points, io.path("operations").path("count").asLong(), io::toString);
    assertTrue(io.path("perOperation").path("cpuMicros").isNumber(), io::toString);
    assertFalse(run.all().contains("YCSB measured no operations"), run::all);
  }

  @Test
  void aRatioOnABindingThatDescribesNoServerExits2FromInit() throws Exception {
    var load = ycsb("load", "basic", "-P", FILE);
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("ycsb: error: storage.server.memory='auto' is invalid: storage.dataset.ratio=1.33 "
        + "needs the server's memory, but site.ycsb.BasicDB describes no server (it does not implement "
        + "ServerInfoProvider); accepted: the server's RAM as a size, e.g. 96GB"), load::all);
  }

  @Test
  void anExplicitRecordcountIsUsedWhenTheBindingDescribesNoServer() throws Exception {
    var run = ycsb("run", "basic", "-P", FILE, "-p", "recordcount=100", "-p", "operationcount=20");
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stderr().contains("Sizing plan: dataset 102.3 KB from recordcount (site.ycsb.BasicDB reports no "
        + "server memory; storage.dataset.ratio not applied) → 100 records × 1,023 B"), run::all);
  }

  @Test
  void impossibleCombinationsExit2BeforeYcsbStarts() throws Exception {
    // both at one level (a -p size alone replaces the file's ratio); no verbose output should it ever run
    var both = ycsb("load", "basic", "-P", FILE, "-p", "storage.dataset.ratio=2", "-p", "storage.dataset.size=1GB",
        "-p", "basicdb.verbose=false");
    assertEquals(2, both.exitCode(), both::all);
    assertTrue(both.stderr().contains("ycsb: error: storage.dataset.size='1GB' is invalid: storage.dataset.ratio=2 "
        + "is set too; accepted: either storage.dataset.ratio or storage.dataset.size, not both"), both::all);
    assertFalse(both.stderr().contains("Loading workload"), both::all);

    var zero = ycsb("load", "basic", "-P", FILE, "-p", "storage.dataset.ratio=0");
    assertEquals(2, zero.exitCode(), zero::all);
    assertTrue(zero.stderr().contains("storage.dataset.ratio='0' is invalid: it must be > 0"), zero::all);

    var misspelt = ycsb("load", "basic", "-P", FILE, "-p", "storage.dataset.raito=2");
    assertEquals(2, misspelt.exitCode(), misspelt::all);
    assertTrue(misspelt.stderr().contains("(did you mean storage.dataset.ratio?)"), misspelt::all);
  }

  @Test
  void warmupIsExcludedFromTheReportedCounts() throws Exception {
    var run = ycsb("run", "basic", "-P", FILE, "-p", "recordcount=100", "-p", "operationcount=30",
        "-p", "storage.warmup=500ops", "-p", "basicdb.verbose=false");
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stderr().contains("Warm-up: 500 operations in "), run::all);
    assertTrue(run.stdout().contains("[READ], Operations, 30"), run::all);
  }

  @Test
  void aBindingThatCannotBeOpenedExits2WithItsMessage() throws Exception {
    var classes = Path.of(UnreachableDb.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    var load = ycsb("load", "basic", "-db", UnreachableDb.class.getName(), "-cp", classes.toString(), "-P", FILE,
        "-p", "storage.server.memory=1MB");
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("ycsb: error: io.github.ycsbstorage.e2e.UnreachableDb could not be initialised: "
        + "cannot reach the test server at 127.0.0.1:1"), load::all);
  }
}
