package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.KvLite;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/bindings.md's drop-in steps followed in a YCSB 0.17.0 install laid out here, and YCSB's own
 * {@code Client} run there as its {@code bin/ycsb.sh} runs it. The install: its {@code lib/} exactly
 * (YCSB core 0.17.0, HdrHistogram 2.1.4, Jackson 1.9.4, HTrace from Maven Central: dist's
 * {@code ycsb-0.17.0-lib}), the workloads, and YCSB's own {@code mongodb-binding/} and
 * {@code rocksdb-binding/} folders with their {@code bin/bindings.properties} lines. YCSB's binding jars
 * and launcher scripts are not on Maven Central: its folders hold empty stand-ins under YCSB 0.17.0's file
 * names (enough for what the steps do with them), and the classpath is the one {@code ycsb.sh} builds:
 * {@code lib/*}, then the binding's {@code <name>-binding/lib/*}, the class from the name's
 * {@code bindings.properties} line.
 */
class YcsbInstallIT {
  private static final Path INSTALL_LIB = Path.of(System.getProperty("ycsb.install.lib", "target/ycsb-0.17.0-lib"));
  /** A jar's file name: the library, then its version from the first "-digit". */
  private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[^/]*)\\.jar");
  /** YCSB 0.17.0's folders of the names ours replace, by file name. */
  private static final Map<String, List<String>> YCSB_FOLDERS = Map.of(
      "mongodb-binding", List.of("mongodb-binding-0.17.0.jar", "mongo-java-driver-3.8.0.jar"),
      "rocksdb-binding", List.of("rocksdb-binding-0.17.0.jar", "rocksdbjni-5.11.3.jar"));
  /** YCSB 0.17.0's bin/bindings.properties lines for those names. */
  private static final String YCSB_BINDINGS = "mongodb:site.ycsb.db.MongoDbClient\n"
      + "rocksdb:site.ycsb.db.rocksdb.RocksDBClient\n";
  private static final List<String> HDR_LOGS = List.of("-p", "measurementtype=hdrhistogram",
      "-p", "hdrhistogram.fileoutput=true");

  @TempDir
  static Path install;

  /** The install before and after docs/bindings.md's steps for mongodb, oraclenosql and rocksdb. */
  @BeforeAll
  static void layOutTheInstallAndFollowTheDropInSteps() throws IOException {
    copyTree(INSTALL_LIB, install.resolve("lib"));
    copyTree(Launcher.HOME.resolve("workloads"), install.resolve("workloads"));
    for (var folder : YCSB_FOLDERS.entrySet()) {
      var lib = Files.createDirectories(install.resolve(folder.getKey()).resolve("lib"));
      for (var jar : folder.getValue()) {
        Files.createFile(lib.resolve(jar));
      }
    }
    Files.createDirectories(install.resolve("bin"));
    Files.writeString(install.resolve("bin/bindings.properties"), YCSB_BINDINGS);

    // the steps: YCSB's folder of the same name kept aside, ours copied in, the lines replaced or added
    for (var name : List.of("mongodb", "oraclenosql", "rocksdb")) {
      var folder = install.resolve(name + "-binding");
      if (Files.exists(folder)) {
        Files.move(folder, install.resolve(name + "-binding.ycsb"));
      }
      copyTree(Launcher.HOME.resolve(name + "-binding"), folder);
    }
    var lines = new Properties();
    try (var in = Files.newBufferedReader(install.resolve("bin/bindings.properties"))) {
      lines.load(in);
    }
    try (var in = Files.newBufferedReader(Launcher.HOME.resolve("DROP-IN.bindings.properties"))) {
      lines.load(in);
    }
    var text = new StringBuilder();
    new TreeMap<>(lines).forEach((name, className) -> text.append(name).append(':').append(className).append('\n'));
    Files.writeString(install.resolve("bin/bindings.properties"), text);
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (var file : files.toList()) {
        var target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }

  /** The libraries of a folder's jars that it holds in more than one version, with the versions. */
  private static Map<String, List<String>> twoVersions(Path lib) throws IOException {
    var versions = new TreeMap<String, List<String>>();
    try (Stream<Path> jars = Files.list(lib)) {
      jars.map(jar -> jar.getFileName().toString()).sorted().forEach(name -> {
        var matcher = JAR.matcher(name);
        assertTrue(matcher.matches(), "a jar named library-version.jar: " + name);
        versions.computeIfAbsent(matcher.group(1), library -> new ArrayList<>()).add(matcher.group(2));
      });
    }
    versions.values().removeIf(list -> list.size() < 2);
    return versions;
  }

  /** The class that the install's bin/bindings.properties names for a binding, as ycsb.sh looks it up. */
  private static String bindingClass(String name) throws IOException {
    return Files.readAllLines(install.resolve("bin/bindings.properties")).stream()
        .filter(line -> line.startsWith(name + ":")).map(line -> line.substring(name.length() + 1)).findFirst()
        .orElseThrow(() -> new AssertionError("no line for " + name + " in bin/bindings.properties"));
  }

  /**
   * YCSB's Client with ycsb.sh's classpath for the binding folder, in the install.
   *
   * @param setenv bin/setenv.sh's CLASSPATH, which ycsb.sh puts first; empty for none
   */
  private static Launcher.Result client(String setenv, Path bindingLib, String name, String... args) throws Exception {
    var classpath = (setenv.isEmpty() ? "" : setenv + ":") + install.resolve("lib") + "/*:" + bindingLib + "/*";
    var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", classpath, "site.ycsb.Client", "-db", bindingClass(name)));
    command.addAll(List.of(args));
    return Launcher.run(command, Map.of(), install);
  }

  private static Launcher.Result client(String name, String... args) throws Exception {
    return client("", install.resolve(name + "-binding/lib"), name, args);
  }

  /** The operations HdrHistogram 2.1.4's log of one operation holds, read back by HdrHistogram's reader. */
  private static long logged(Path log) throws IOException {
    long count = 0;
    try (var reader = new HistogramLogReader(log.toFile())) {
      for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null;) {
        count += ((AbstractHistogram) interval).getTotalCount();
      }
    }
    return count;
  }

  private static List<String> concat(List<String> first, String... rest) {
    var all = new ArrayList<>(first);
    all.addAll(List.of(rest));
    return all;
  }

  @Test
  void everyFolderWeShipHoldsOneVersionOfEachLibraryAndTheStepsKeepItSo() throws IOException {
    try (Stream<Path> folders = Files.list(Launcher.HOME)) {
      var ours = folders.filter(folder -> folder.getFileName().toString().endsWith("-binding")).sorted().toList();
      assertEquals(3, ours.size(), "mongodb, oraclenosql, rocksdb: " + ours);
      for (var folder : ours) {
        assertEquals(Map.of(), twoVersions(folder.resolve("lib")), folder.toString());
        var installed = install.resolve(folder.getFileName().toString()).resolve("lib");
        assertEquals(Map.of(), twoVersions(installed), "after the steps: " + installed);
      }
    }
    // what the check catches: our folder copied over YCSB's own instead of in its place
    var merged = install.resolve("merged");
    copyTree(install.resolve("rocksdb-binding.ycsb"), merged);
    try (Stream<Path> jars = Files.list(install.resolve("rocksdb-binding/lib"))) {
      for (var jar : jars.toList()) {
        Files.copy(jar, merged.resolve("lib").resolve(jar.getFileName()));
      }
    }
    var twice = twoVersions(merged.resolve("lib"));
    assertEquals(List.of("rocksdbjni"), List.copyOf(twice.keySet()), twice::toString);
    assertTrue(twice.get("rocksdbjni").contains("5.11.3"), twice::toString);
  }

  @Test
  void oracleNoSqlsFolderAndLineAreInPlace() throws IOException {
    assertEquals("io.github.ycsbstorage.oraclenosql.OracleNoSqlClient", bindingClass("oraclenosql"));
    assertTrue(Files.isDirectory(install.resolve("oraclenosql-binding/lib")));
  }

  /** With KVHOME: kvclient through bin/setenv.sh's CLASSPATH, as docs/bindings.md says; skipped without it. */
  @Test
  void oracleNoSqlLoadsAndRunsWorkloadAWithHdrHistogramLogsOnJava17(@TempDir Path dir) throws Exception {
    assumeTrue(KvLite.unavailableReason() == null, KvLite::unavailableReason);
    try (var store = KvLite.start()) {
      loadAndRunWorkloadA("oraclenosql", dir, System.getenv("KVHOME") + "/lib/*",
          "oraclenosql.helperhosts=" + store.helperHost());
    }
  }

  /**
   * A load of 300 records and workload A's 600 operations through the binding, with HdrHistogram 2.1.4's
   * logs: both exit 0, and the logs hold every operation.
   */
  private static void loadAndRunWorkloadA(String name, Path dir, String setenv, String setting) throws Exception {
    var bindingLib = install.resolve(name + "-binding/lib");
    var loadLogs = Files.createDirectories(dir.resolve("load-logs"));
    var load = client(setenv, bindingLib, name, concat(HDR_LOGS, "-load", "-P", "workloads/workloada", "-p", setting,
        "-p", "recordcount=300", "-p", "hdrhistogram.output.path=" + loadLogs + "/").toArray(String[]::new));
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stdout().contains("[INSERT], Return=OK, 300"), load::all);
    assertEquals(300, logged(loadLogs.resolve("INSERT.hdr")), load::all);

    var runLogs = Files.createDirectories(dir.resolve("run-logs"));
    var run = client(setenv, bindingLib, name, concat(HDR_LOGS, "-t", "-P", "workloads/workloada", "-p", setting,
        "-p", "recordcount=300", "-p", "operationcount=600", "-p", "hdrhistogram.output.path=" + runLogs + "/")
        .toArray(String[]::new));
    assertEquals(0, run.exitCode(), run::all);
    assertFalse(run.all().contains("NoClassDefFoundError"), run::all);
    assertEquals(600, logged(runLogs.resolve("READ.hdr")) + logged(runLogs.resolve("UPDATE.hdr")), run::all);
  }

  @Test
  void rocksdbLoadsAndRunsWorkloadAWithHdrHistogramLogsOnJava17(@TempDir Path dir) throws Exception {
    loadAndRunWorkloadA("rocksdb", dir, "", "rocksdb.dir=" + dir.resolve("db"));
  }

  @Test
  void mongodbLoadsAndRunsWorkloadAWithHdrHistogramLogsOnJava17(@TempDir Path dir) throws Exception {
    try (var server = MongoServerExtension.started()) {
      loadAndRunWorkloadA("mongodb", dir, "", "mongodb.url=" + server.url("install"));
      assertEquals(300, server.database("install").getCollection("usertable").countDocuments());
    }
  }

  /**
   * YCSB's Client ignores a key nobody reads; our workload's and binding's init refuse it as bin/ycsb
   * does. A refused workload ends YCSB's Client with a non-zero exit; a refused binding leaves YCSB's
   * Client without a working client thread, so nothing is stored.
   */
  @Test
  void misspeltKeysEndTheRunWithDidYouMean(@TempDir Path dir) throws Exception {
    var storage = List.of("-load", "-P", "workloads/storage/read-heavy-uniform-10x100",
        "-p", "rocksdb.dir=" + dir.resolve("db"), "-p", "rocksdb.cachesize=1MB", "-p", "storage.dataset.ratio=0.1");
    var meant = Map.of("storage.dataset.ration", "storage.dataset.ratio", "collector.intervall", "collector.interval",
        "rocksdb.directoi", "rocksdb.directio");
    for (var misspelt : meant.entrySet()) {
      var message = misspelt.getKey() + "='*****' is invalid: unknown property (did you mean " + misspelt.getValue()
          + "?)";
      var workload = client("rocksdb", concat(storage, "-p", misspelt.getKey() + "=2").toArray(String[]::new));
      assertNotEquals(0, workload.exitCode(), workload::all);
      assertTrue(workload.all().contains(message), workload::all);

      var binding = client("rocksdb", "-load", "-P", "workloads/workloada", "-p", "recordcount=10",
          "-p", "rocksdb.dir=" + dir.resolve("core-db"), "-p", misspelt.getKey() + "=2");
      assertTrue(binding.all().contains(message), binding::all);
      assertFalse(binding.stdout().contains("Return=OK"), binding::all);
    }
  }

  /**
   * YCSB's HdrHistogram 2.1.4 without javax.xml.bind (a folder lacking the jar, as our rocksdb folder
   * once did): its export stops at the first operation's log. The result says so, never complete.
   */
  @Test
  void aRunWhoseExportFailsLeavesNoResultThatSaysComplete(@TempDir Path dir) throws Exception {
    var lib = Files.createDirectories(dir.resolve("rocksdb-binding-without-jaxb/lib"));
    try (Stream<Path> jars = Files.list(install.resolve("rocksdb-binding/lib"))) {
      for (var jar : jars.filter(jar -> !jar.getFileName().toString().startsWith("jakarta.xml.bind-api")).toList()) {
        Files.copy(jar, lib.resolve(jar.getFileName()));
      }
    }
    var export = dir.resolve("load.txt");
    var load = client("", lib, "rocksdb", concat(HDR_LOGS, "-load", "-P", "workloads/storage/read-heavy-uniform-10x100",
        "-p", "rocksdb.dir=" + dir.resolve("db"), "-p", "rocksdb.cachesize=1MB", "-p", "storage.dataset.ratio=0.1",
        "-p", "hdrhistogram.output.path=" + dir + "/", "-p", "exportfile=" + export).toArray(String[]::new));
    assertNotEquals(0, load.exitCode(), load::all);
    assertTrue(load.all().contains("NoClassDefFoundError: javax/xml/bind/DatatypeConverter"), load::all);
    assertTrue(load.stderr().contains("Status: failed: YCSB's export stopped before it wrote "), load::all);
    assertFalse(load.all().contains("Status: complete"), load::all);
    var result = new ObjectMapper().readTree(dir.resolve("load.txt.result.json").toFile());
    assertEquals("failed", result.path("status").asText(), load::all);
  }
}
