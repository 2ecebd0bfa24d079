package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.math.BigInteger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every phase is a storage run: {@code bin/ycsb load|run <binding> -P workloads/workload{a..f}} (YCSB's
 * own workload files, CoreWorkload) prints the collector's {@code [STORAGE]} and {@code [IO]} lines naming
 * the device its data is on, writes a result file (or, without one named, a row of the results store),
 * keeps CoreWorkload's operation mix and stays readable by PerfKitBenchmarker's parser; with
 * {@code collector.enabled=false} its output is YCSB's own. Here workload A for each binding; B–F in the
 * system tier ({@link EveryWorkloadObservedIT}).
 */
class EveryRunObservedIT {
  private static final String WORKLOAD_A = "workloads/workloada";
  private static final int OPERATIONS = 1000;
  /** Fewer records than the files' 1,000: mongo-java-server's scans read the whole collection. */
  private static final int RECORDS = 200;
  /** The chance that one check of a correct operation mix fails: {@link #binomialBound}. */
  private static final double FALSE_ALARM = 1e-6;

  @BeforeAll
  static void needsDevices() {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")) && Files.isDirectory(Path.of("/sys/dev/block")),
        "no /proc/self/mountinfo or /sys/dev/block: the collector has no device to describe on this host");
  }

  @Test
  void basicWithTheDataPathNamed(@TempDir Path dir) throws Exception {
    ObservedBinding.BASIC.loadAndRun(dir, List.of("workloada"));
  }

  @Test
  void rocksdbFindsTheDeviceFromItsFolder(@TempDir Path dir) throws Exception {
    ObservedBinding.ROCKSDB.loadAndRun(dir, List.of("workloada"));
  }

  @Test
  void mongodbWithTheServersDataPathNamed(@TempDir Path dir) throws Exception {
    ObservedBinding.MONGODB.loadAndRun(dir, List.of("workloada"));
  }

  /** The bindings a user meets first, each as such a user names its data path. */
  enum ObservedBinding {
    BASIC,
    /** The embedded engine's folder is its data path: no collector key needed. */
    ROCKSDB,
    /**
     * A server that tells no data path (mongo-java-server keeps it in memory): the user names it. D's and
     * E's inserts both start at key {@code recordcount} (YCSB's run phase numbers them from there), so the
     * second set replaces the first ({@code mongodb.upsert}) instead of failing on duplicate keys.
     */
    MONGODB;

    /** One load with YCSB's workload A, then a run of each of {@code workloads} over it. */
    void loadAndRun(Path dir, List<String> workloads) throws Exception {
      switch (this) {
        case BASIC -> loadAndRunEach("basic", dir, workloads,
            List.of("-p", "basicdb.verbose=false", "-p", "collector.paths=" + dir));
        case ROCKSDB -> loadAndRunEach("rocksdb", dir, workloads, List.of("-p", "rocksdb.dir=" + dir.resolve("db")));
        case MONGODB -> {
          try (var server = MongoServerExtension.started()) {
            loadAndRunEach("mongodb", dir, workloads, List.of("-p", "mongodb.url=" + server.url("observed"), "-p",
                "collector.paths=" + dir, "-p", "mongodb.upsert=true"));
          }
        }
        default -> throw new IllegalStateException(name());
      }
    }
  }

  /** collector.enabled=false: YCSB's own phase; its output has YCSB's lines, in YCSB's order, and no other. */
  @Test
  void withoutTheCollectorTheOutputIsYcsbsOwn(@TempDir Path dir) throws Exception {
    var common = List.of("-P", WORKLOAD_A, "-p", "basicdb.verbose=false", "-p", "operationcount=" + OPERATIONS);
    var ours = new ArrayList<>(List.of("run", "basic", "-p", "collector.enabled=false"));
    ours.addAll(common);
    var observed = ycsb(ours.toArray(String[]::new));
    assertEquals(0, observed.exitCode(), observed::all);
    // YCSB names its TOTAL_GC lines after the JVM's collectors: plain YCSB gets the one bin/ycsb starts
    var plain = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-cp", Launcher.HOME.resolve("lib") + "/*", "site.ycsb.Client", "-db",
        "site.ycsb.BasicDB"));
    plain.addAll(common);
    plain.add("-t");
    var ycsb = Launcher.run(plain, Map.of(), Launcher.HOME);
    assertEquals(0, ycsb.exitCode(), ycsb::all);
    assertEquals(withoutFigures(ycsb.stdout()), withoutFigures(observed.stdout()),
        "YCSB's output:\n" + ycsb.stdout() + "\nbin/ycsb's:\n" + observed.stdout());
    assertEquals(OPERATIONS, figure(observed.stdout(), "READ", "Operations") + figure(observed.stdout(), "UPDATE",
        "Operations"), observed::all);
    assertFalse(Files.exists(dir.resolve("run.json")));
  }

  /**
   * A run that names no {@code exportfile} (nor {@code storage.result}): its result goes to the results
   * store alone, which it names ({@code Stored: <store> run <id>}) and {@code bin/ycsb results show}
   * prints; no file appears in the working directory nor beside the store. The store is named here as a
   * CI job names it, by the environment.
   */
  @Test
  void withoutAnExportFileTheResultIsInTheResultsStoreAlone(@TempDir Path dir) throws Exception {
    var work = Files.createDirectories(dir.resolve("work"));
    var store = dir.resolve("store").resolve("results.db");
    var environment = Map.of("YCSB_STORAGE_RESULTS_STORE", store.toString());
    var home = Launcher.HOME.toAbsolutePath();
    var run = Launcher.run(List.of(home.resolve("bin/ycsb").toString(), "run", "basic", "-P",
        home.resolve(WORKLOAD_A).toString(), "-p", "basicdb.verbose=false", "-p", "operationcount=" + OPERATIONS,
        "-p", "collector.paths=" + work), environment, work);
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stderr().lines().anyMatch(line -> line.equals("Stored: " + store + " run 1")), run::all);
    assertFalse(run.stderr().contains("Result: "), "no result file named: " + run.stderr());
    try (var left = Files.list(work)) {
      assertEquals(List.of(), left.toList(), "nothing written to the working directory");
    }
    try (var beside = Files.list(store.getParent())) {
      assertTrue(beside.allMatch(file -> file.getFileName().toString().startsWith("results.db")),
          "only the store's own files beside it");
    }

    var shown = ycsb(environment, "results", "show", "1");
    assertEquals(0, shown.exitCode(), shown::all);
    var result = new ObjectMapper().readTree(shown.stdout());
    assertFalse(result.path("devices").path(0).path("name").asText().isEmpty(), result::toPrettyString);
    assertEquals(OPERATIONS, operations(result), result::toPrettyString);
  }

  /** One load with YCSB's workload A, then a run of each of {@code workloads} over it. */
  private static void loadAndRunEach(String binding, Path dir, List<String> workloads, List<String> extra)
      throws Exception {
    observedPhase("load", binding, "workloada", dir, extra);
    for (var workload : workloads) {
      var run = observedPhase("run", binding, workload, dir, extra);
      var proportions = proportions(workload);
      var output = run.output().stdout();
      long readModifyWrites = figure(output, "READ-MODIFY-WRITE", "Operations");
      // READ and UPDATE count a read-modify-write's read and update too: what was drawn is the rest
      var drawn = Map.of("read", figure(output, "READ", "Operations") - readModifyWrites,
          "update", figure(output, "UPDATE", "Operations") - readModifyWrites,
          "insert", figure(output, "INSERT", "Operations"),
          "scan", figure(output, "SCAN", "Operations"),
          "readmodifywrite", readModifyWrites);
      assertEquals(OPERATIONS, drawn.values().stream().mapToLong(Long::longValue).sum(), run.output()::all);
      assertEquals(OPERATIONS, operations(run.result()), run.result()::toPrettyString);
      assertTrue(output.lines().filter(line -> line.matches("\\[[A-Z-]+], Return=.*"))
          .allMatch(line -> line.contains(", Return=OK, ")), "every operation OK: " + output);
      proportions.forEach((type, p) -> {
        double share = (double) drawn.get(type) / OPERATIONS;
        double bound = binomialBound(p, OPERATIONS);
        assertTrue(Math.abs(share - p) <= bound, workload + ": " + type + " share " + share + ", CoreWorkload's "
            + p + " ± " + bound + ":\n" + output);
      });
    }
  }

  /** What one {@code bin/ycsb} phase printed and the result file it wrote. */
  private record Phase(Launcher.Result output, JsonNode result) {
  }

  /**
   * One observed phase of YCSB's workload file: [STORAGE] and [IO] lines naming the device the result
   * file names, read by PerfKitBenchmarker's parser as the right stage.
   */
  private static Phase observedPhase(String phase, String binding, String workload, Path dir, List<String> extra)
      throws Exception {
    var file = dir.resolve(phase + "-" + workload + ".json");
    var args = new ArrayList<>(List.of(phase, binding, "-P", "workloads/" + workload, "-p", "recordcount=" + RECORDS,
        "-p", "operationcount=" + OPERATIONS, "-p", "storage.result=" + file));
    args.addAll(extra);
    var output = ycsb(args.toArray(String[]::new));
    assertEquals(0, output.exitCode(), output::all);
    assertTrue(output.stderr().contains("Result: " + file), output::all);

    var parsed = PerfKitBenchmarkerParser.parse(output.stderr(), output.stdout());
    assertEquals(phase, parsed.stage(), output::all);
    var storage = parsed.groups().get("storage");
    assertTrue(storage != null && storage.containsKey("device.rotational.trusted"), "[STORAGE] lines: " + output.all());
    var result = new ObjectMapper().readTree(file.toFile());
    var device = result.path("devices").path(0).path("name").asText();
    assertFalse(device.isEmpty(), "the device in the result: " + result.toPrettyString());
    assertTrue(output.stdout().contains("# STORAGE, device.name, " + device), output::all);
    var io = parsed.groups().get("io");
    assertTrue(io != null && io.containsKey(device + ".r/s avg"), "[IO] lines naming " + device + ": " + output.all());
    return new Phase(output, result);
  }

  /** The operation proportions of one of YCSB's workload files, as CoreWorkload reads them, those above 0. */
  private static Map<String, Double> proportions(String workload) throws IOException {
    var p = new Properties();
    try (var in = Files.newBufferedReader(Launcher.HOME.resolve("workloads").resolve(workload))) {
      p.load(in);
    }
    var proportions = new TreeMap<String, Double>();
    for (var type : List.of("read", "update", "insert", "scan", "readmodifywrite")) {
      double share = Double.parseDouble(p.getProperty(type + "proportion", "0"));
      if (share > 0) {
        proportions.put(type, share);
      }
    }
    return proportions;
  }

  /**
   * How far a type's share of {@code n} operations may stray from its proportion {@code p}: CoreWorkload
   * draws each operation's type independently, so the count is binomial, and Bernstein's inequality
   * P(|share − p| ≥ t) ≤ 2·exp(−n·t² / (2·p·(1 − p) + 2·t/3)) holds for every n, without the normal
   * approximation (which is poor for workload B's 5 % at 1,000 operations). Solved for the t at which
   * the right side is {@link #FALSE_ALARM}: t = (L/3 + √(L²/9 + 2·n·p·(1 − p)·L)) / n with L = ln(2/α).
   * Over this class's 30-odd checks a correct mix fails by chance less than once in 10,000 runs.
   */
  static double binomialBound(double p, int n) {
    double l = Math.log(2 / FALSE_ALARM);
    return (l / 3 + Math.sqrt(l * l / 9 + 2 * n * p * (1 - p) * l)) / n;
  }

  private static long operations(JsonNode result) {
    long total = 0;
    for (var type : List.of("READ", "UPDATE", "INSERT", "SCAN")) {
      total += result.path("summary").path("operations").path(type).path("count").asLong();
    }
    // a read-modify-write is counted under READ and UPDATE as well as under its own name
    return total - result.path("summary").path("operations").path("READ-MODIFY-WRITE").path("count").asLong();
  }

  /** The output's lines with every number replaced: what remains is which lines, in which order. */
  private static List<String> withoutFigures(String stdout) {
    return stdout.lines().map(line -> line.replaceAll("-?[0-9][0-9.E-]*", "#")).toList();
  }

  private static long figure(String stdout, String group, String name) {
    var prefix = "[" + group + "], " + name + ", ";
    return stdout.lines().filter(line -> line.startsWith(prefix)).findFirst()
        .map(line -> new BigInteger(line.substring(prefix.length()).strip()).longValue()).orElse(0L);
  }
}
