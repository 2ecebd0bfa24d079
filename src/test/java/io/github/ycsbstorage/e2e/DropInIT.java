package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a YCSB 0.17.0 install sees of our drop-in folders (docs/bindings.md, "Drop-in"): its own lib/
 * (exactly YCSB 0.17.0's) plus one of our folders, run by YCSB's own {@code site.ycsb.Client}, as
 * YCSB's launchers run it.
 */
class DropInIT {
  private static final Path INSTALL_LIB = Path.of(System.getProperty("ycsb.install.lib", "target/ycsb-0.17.0-lib"));

  private static Launcher.Result ycsbClient(String folder, String... args) throws Exception {
    var classpath = INSTALL_LIB.toAbsolutePath() + "/*:" + Launcher.HOME.resolve(folder).resolve("lib") + "/*";
    var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", classpath, "site.ycsb.Client"));
    command.addAll(List.of(args));
    return Launcher.run(command, Map.of(), Launcher.HOME);
  }

  @Test
  void theMongoDbDriversWarningsAreVisibleWithoutItsChatter() throws Exception {
    try (var server = MongoServerExtension.started()) {
      // An option the driver does not know: the driver warns about it through SLF4J.
      var url = server.url("slf4j") + "?notanoption=1";
      var result = ycsbClient("mongodb-binding", "-load", "-db", "io.github.ycsbstorage.mongodb.MongoDbClient",
          "-P", "workloads/workloada", "-p", "recordcount=20", "-p", "mongodb.url=" + url);
      assertEquals(0, result.exitCode(), result::all);
      assertTrue(result.stderr().contains("WARN org.mongodb.driver.uri - Connection string contains unsupported"
          + " option 'notanoption'."), result::all);
      assertFalse(result.all().contains("SLF4J not found"), result::all);
      assertFalse(result.all().contains("SLF4J(W)"), result::all);
      assertFalse(result.stderr().contains("INFO org.mongodb"), "info chatter: " + result.all());
    }
  }

  @Test
  void oracleNoSqlWithoutKvclientSaysWhatIsMissingAndHowToAddIt() throws Exception {
    var result = ycsbClient("oraclenosql-binding", "-load", "-db", "io.github.ycsbstorage.oraclenosql.OracleNoSqlClient",
        "-P", "workloads/workloada", "-p", "recordcount=10");
    assertTrue(result.all().contains("Oracle NoSQL's kvclient is not on the classpath"), result::all);
    assertTrue(result.all().contains("bin/setenv.sh (CLASSPATH=\"$KVHOME/lib/*\")"), result::all);
    assertFalse(result.all().contains("NoClassDefFoundError"), result::all);
  }

  @Test
  void ourWorkloadAndCollectorRunWithAnyYcsbBinding(@TempDir Path results) throws Exception {
    // YCSB's basic binding: the storage-aware workload and the collector come from a folder of ours
    // on the classpath (bin/setenv.sh's CLASSPATH for bin/ycsb.sh, -cp for the Python bin/ycsb).
    var export = results.resolve("run.txt");
    var result = ycsbClient("oraclenosql-binding", "-t", "-db", "site.ycsb.BasicDB",
        "-P", "workloads/storage/read-heavy-uniform-10x100", "-p", "recordcount=1000",
        "-p", "operationcount=2000", "-p", "basicdb.verbose=false", "-p", "exportfile=" + export);
    assertEquals(0, result.exitCode(), result::all);
    var output = Files.readString(export);
    assertTrue(output.contains("[READ], Operations,"), output);
    assertTrue(output.lines().anyMatch(line -> line.startsWith("[IO], ")), "collector lines: " + output);
    assertTrue(Files.isRegularFile(results.resolve("run.txt.result.json")), result::all);
  }

  /** YCSB's own workload file in a YCSB install, observed with the one line docs/bindings.md gives. */
  @Test
  void ycsbsOwnWorkloadIsObservedWithOneLine(@TempDir Path results) throws Exception {
    var export = results.resolve("run.txt");
    var result = ycsbClient("oraclenosql-binding", "-t", "-db", "site.ycsb.BasicDB", "-P", "workloads/workloada",
        "-p", "workload=io.github.ycsbstorage.workload.ObservedWorkload", "-p", "collector.paths=" + results,
        "-p", "operationcount=2000", "-p", "basicdb.verbose=false", "-p", "exportfile=" + export);
    assertEquals(0, result.exitCode(), result::all);
    var output = Files.readString(export);
    assertTrue(output.contains("[UPDATE], Operations,"), output);
    assertTrue(output.lines().anyMatch(line -> line.startsWith("[IO], ")), "collector lines: " + output);
    assertTrue(output.contains("# STORAGE, device.name, "), output);
    assertTrue(Files.isRegularFile(results.resolve("run.txt.result.json")), result::all);
  }

  /**
   * YCSB 0.17.0's HdrHistogram 2.1.4 writes its interval logs through javax.xml.bind, which Java 17
   * lacks: with any of our folders on the classpath (which ship that API) the run keeps its
   * summary, and the log it wrote holds every operation, read back by HdrHistogram's own log reader.
   */
  @Test
  void aYcsbInstallsHdrHistogramWritesItsLogsOnJava17WithAnyOfOurFolders(@TempDir Path dir) throws Exception {
    for (var folder : List.of("mongodb-binding", "oraclenosql-binding", "rocksdb-binding")) {
      var logs = Files.createDirectories(dir.resolve(folder)).toString() + "/";
      var result = ycsbClient(folder, "-t", "-db", "site.ycsb.BasicDB", "-P", "workloads/workloadc",
          "-p", "operationcount=300", "-p", "basicdb.verbose=false", "-p", "measurementtype=hdrhistogram",
          "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + logs);
      assertEquals(0, result.exitCode(), result::all);
      assertFalse(result.all().contains("NoClassDefFoundError"), result::all);
      assertTrue(result.stdout().contains("[READ], Operations, 300"), result::all);
      assertTrue(result.stdout().contains("[READ], 99thPercentileLatency(us), "), result::all);

      long logged = 0;
      try (var reader = new HistogramLogReader(Path.of(logs, "READ.hdr").toFile())) {
        for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null;) {
          logged += ((AbstractHistogram) interval).getTotalCount();
        }
      }
      assertEquals(300, logged, folder + ": every read in 2.1.4's log");
    }
  }
}
