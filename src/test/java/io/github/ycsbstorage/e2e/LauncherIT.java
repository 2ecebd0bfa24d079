package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ycsb} from the unpacked distribution behaves like YCSB's launcher. */
class LauncherIT {

  @Test
  void loadAndRunBasicPrintOverallLines() throws Exception {
    var load = ycsb("load", "basic", "-P", "workloads/workloada");
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stdout().contains("[OVERALL], RunTime(ms)"), load::all);
    assertEquals(1000, operations(load.stdout(), "INSERT"), load::all);

    var run = ycsb("run", "basic", "-P", "workloads/workloada", "-s", "-threads", "4");
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stdout().contains("[OVERALL], Throughput(ops/sec)"), run::all);
    assertEquals(1000, operations(run.stdout(), "READ") + operations(run.stdout(), "UPDATE"), run::all);
    assertTrue(run.stderr().contains("current ops/sec"), "-s prints status lines: " + run.stderr());
  }

  @Test
  void laterPropertyFileWinsAndMinusPWinsOverFiles(@TempDir Path dir) throws Exception {
    var seven = Files.writeString(dir.resolve("seven.properties"), "operationcount=7\n");
    var files = ycsb("run", "basic", "-P", "workloads/workloada", "-P", seven.toString());
    assertEquals(0, files.exitCode(), files::all);
    assertEquals(7, operations(files.stdout(), "READ") + operations(files.stdout(), "UPDATE"), files::all);

    // As in YCSB's Client: every -p overrides every -P, whatever their order.
    var both = ycsb("run", "basic", "-p", "operationcount=5", "-P", "workloads/workloada", "-P", seven.toString(),
        "-p", "operationcount=3");
    assertEquals(0, both.exitCode(), both::all);
    assertEquals(3, operations(both.stdout(), "READ") + operations(both.stdout(), "UPDATE"), both::all);
  }

  @Test
  void hdrHistogramMeasurementsWorkWithOurHdrHistogramVersion() throws Exception {
    var run = ycsb("run", "basic", "-P", "workloads/workloadb", "-p", "measurementtype=hdrhistogram");
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stdout().contains("[READ], 99thPercentileLatency(us)"), run::all);
  }

  @Test
  void shortWorkloadNamesAreSymlinksToYcsbNames() throws Exception {
    for (var letter : "abcdef".split("")) {
      var shortName = Launcher.REPOSITORY.resolve("workloads/" + letter);
      assertTrue(Files.isSymbolicLink(shortName), shortName + " is a symlink");
      assertEquals(Path.of("workload" + letter), Files.readSymbolicLink(shortName));
    }
    var run = ycsb("run", "basic", "-P", "workloads/a", "-p", "operationcount=10");
    assertEquals(0, run.exitCode(), run::all);
  }

  @Test
  void everyStorageWorkloadRunsOnTheInstalledWorkloadClass() throws Exception {
    try (var files = Files.list(Launcher.HOME.resolve("workloads/storage"))) {
      var all = files.sorted().toList();
      assertEquals(16, all.size(), "4 mixes x 2 distributions x 2 record shapes: " + all);
      for (var file : all) {
        var run = ycsb("run", "basic", "-P", file.toString(), "-p", "recordcount=100", "-p", "operationcount=20");
        assertEquals(0, run.exitCode(), () -> file + "\n" + run.all());
        assertTrue(run.stdout().contains("[OVERALL], Throughput(ops/sec)"), () -> file + "\n" + run.all());
        // basic describes no server, so the files' storage.dataset.ratio gives way to the explicit recordcount
        assertTrue(run.stderr().contains("from recordcount (site.ycsb.BasicDB reports no server memory; "
            + "storage.dataset.ratio not applied) → 100 records"), () -> file + "\n" + run.all());
      }
    }
  }

  @Test
  void unknownBindingExits2AndListsKnownOnes() throws Exception {
    var result = ycsb("run", "cassandra", "-P", "workloads/workloada");
    assertEquals(2, result.exitCode(), result::all);
    assertTrue(result.stderr().contains("unknown binding 'cassandra'"), result::all);
    assertTrue(result.stderr().contains("basic, basicts, mongodb, oraclenosql"), result::all);
  }

  @Test
  void oracleNoSqlWithoutKvhomeExits2WithTheReason() throws Exception {
    var unset = ycsb("run", "oraclenosql", "-P", "workloads/workloada");
    assertEquals(2, unset.exitCode(), unset::all);
    assertTrue(unset.stderr().contains("KVHOME is not set"), unset::all);

    var wrong = ycsb(Map.of("KVHOME", "/nonexistent/kv"), "run", "oraclenosql", "-P", "workloads/workloada");
    assertEquals(2, wrong.exitCode(), wrong::all);
    assertTrue(wrong.stderr().contains("KVHOME=/nonexistent/kv holds no lib/kvclient.jar"), wrong::all);
  }

  @Test
  void jvmArgsAndJavaOptsReachTheJvm() throws Exception {
    var result = ycsb(Map.of("JAVA_OPTS", "-Dignored=1 -XshowSettings:vm"), "run", "basic", "-P",
        "workloads/workloadc", "-p", "operationcount=10", "-jvm-args", "-Xmx72m -Dother=2");
    assertEquals(0, result.exitCode(), result::all);
    assertTrue(result.stderr().contains("Max. Heap Size: 72.00M"), result::all);
  }

  @Test
  void clientRunsSerialGcUnlessTheUserChoosesACollector() throws Exception {
    var flags = "-XX:+PrintCommandLineFlags";
    var byDefault = ycsb(Map.of("JAVA_OPTS", flags), "run", "basic", "-P", "workloads/workloadc",
        "-p", "operationcount=10");
    assertEquals(0, byDefault.exitCode(), byDefault::all);
    assertTrue(byDefault.stdout().contains("-XX:+UseSerialGC"), byDefault::all);

    // the user's collector replaces ours instead of clashing with it ("multiple garbage collectors")
    var inJavaOpts = ycsb(Map.of("JAVA_OPTS", flags + " -XX:+UseG1GC"), "run", "basic", "-P",
        "workloads/workloadc", "-p", "operationcount=10");
    assertEquals(0, inJavaOpts.exitCode(), inJavaOpts::all);
    assertTrue(inJavaOpts.stdout().contains("-XX:+UseG1GC"), inJavaOpts::all);
    assertFalse(inJavaOpts.stdout().contains("-XX:+UseSerialGC"), inJavaOpts::all);

    var inJvmArgs = ycsb(Map.of("JAVA_OPTS", flags), "run", "basic", "-P", "workloads/workloadc",
        "-p", "operationcount=10", "-jvm-args", "-XX:+UseParallelGC");
    assertEquals(0, inJvmArgs.exitCode(), inJvmArgs::all);
    assertTrue(inJvmArgs.stdout().contains("-XX:+UseParallelGC"), inJvmArgs::all);
    assertFalse(inJvmArgs.stdout().contains("-XX:+UseSerialGC"), inJvmArgs::all);
  }

  @Test
  void badArgumentsExit2BeforeAnythingRuns() throws Exception {
    var missingFile = ycsb("run", "basic", "-P", "workloads/nosuchworkload");
    assertEquals(2, missingFile.exitCode(), missingFile::all);
    assertTrue(missingFile.stderr().contains("-P='workloads/nosuchworkload' is invalid: no such file"),
        missingFile::all);

    var noEquals = ycsb("run", "basic", "-P", "workloads/workloada", "-p", "recordcount");
    assertEquals(2, noEquals.exitCode(), noEquals::all);
    assertTrue(noEquals.stderr().contains("-p='recordcount' is invalid"), noEquals::all);

    var threads = ycsb("run", "basic", "-P", "workloads/workloada", "-threads", "-4");
    assertEquals(2, threads.exitCode(), threads::all);
    assertTrue(threads.stderr().contains("-threads='-4' is invalid"), threads::all);
  }

  @Test
  void secretsOnTheCommandLineNeverReachOutput() throws Exception {
    var run = ycsb("run", "basic", "-P", "workloads/workloadc", "-p", "operationcount=5",
        "-p", "mongodb.url=mongodb://admin:Hunter2Secret@db1:27017/ycsb", "-p", "oraclenosql.password=Tiger9Secret");
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stderr().contains("mongodb://admin:*****@db1:27017/ycsb"), run::all);
    assertFalse(run.all().contains("Hunter2Secret"), run::all);
    assertFalse(run.all().contains("Tiger9Secret"), run::all);
  }

  @Test
  void helpAndVersion() throws Exception {
    var help = ycsb("--help");
    assertEquals(0, help.exitCode(), help::all);
    assertTrue(help.stdout().contains("-jvm-args"), help::all);
    var version = ycsb("--version");
    assertEquals(0, version.exitCode(), version::all);
    assertTrue(version.stdout().matches("(?s)ycsb-storage \\S+ \\(YCSB core 0\\.17\\.0, Java .*"), version::all);
  }

  private static long operations(String stdout, String operation) {
    var matcher = Pattern.compile("\\[" + operation + "\\], Operations, (\\d+)").matcher(stdout);
    return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
  }
}
