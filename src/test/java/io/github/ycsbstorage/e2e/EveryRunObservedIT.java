package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every phase is a storage run: {@code bin/ycsb load|run <binding> -P workloads/workloada} (YCSB's own
 * workload file, CoreWorkload) prints the collector's {@code [STORAGE]} and {@code [IO]} lines naming the
 * device its data is on, writes a result file, keeps CoreWorkload's operation mix and stays readable by
 * PerfKitBenchmarker's parser; with {@code collector.enabled=false} its output is YCSB's own.
 */
class EveryRunObservedIT {
  private static final String WORKLOAD_A = "workloads/workloada";
  private static final int OPERATIONS = 2000;

  @BeforeAll
  static void needsDevices() {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")) && Files.isDirectory(Path.of("/sys/dev/block")),
        "no /proc/self/mountinfo or /sys/dev/block: the collector has no device to describe on this host");
  }

  @Test
  void basicWithTheDataPathNamed(@TempDir Path dir) throws Exception {
    loadAndRun("basic", dir, List.of("-p", "basicdb.verbose=false", "-p", "collector.paths=" + dir));
  }

  /** The embedded engine's folder is its data path: no collector key needed. */
  @Test
  void rocksdbFindsTheDeviceFromItsFolder(@TempDir Path dir) throws Exception {
    loadAndRun("rocksdb", dir, List.of("-p", "rocksdb.dir=" + dir.resolve("db")));
  }

  /** A server that tells no data path (mongo-java-server keeps it in memory): the user names it. */
  @Test
  void mongodbWithTheServersDataPathNamed(@TempDir Path dir) throws Exception {
    try (var server = MongoServerExtension.started()) {
      loadAndRun("mongodb", dir, List.of("-p", "mongodb.url=" + server.url("observed"), "-p",
          "collector.paths=" + dir));
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
    var plain = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", Launcher.HOME.resolve("lib") + "/*", "site.ycsb.Client", "-db", "site.ycsb.BasicDB"));
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

  private static void loadAndRun(String binding, Path dir, List<String> extra) throws Exception {
    for (var phase : List.of("load", "run")) {
      var args = new ArrayList<>(List.of(phase, binding, "-P", WORKLOAD_A, "-p", "operationcount=" + OPERATIONS,
          "-p", "storage.result=" + dir.resolve(phase + ".json")));
      args.addAll(extra);
      var output = ycsb(args.toArray(String[]::new));
      assertEquals(0, output.exitCode(), output::all);
      assertTrue(output.stderr().contains("Result: " + dir.resolve(phase + ".json")), output::all);

      var parsed = PerfKitBenchmarkerParser.parse(output.stderr(), output.stdout());
      assertEquals(phase, parsed.stage(), output::all);
      var storage = parsed.groups().get("storage");
      assertTrue(storage != null && storage.containsKey("device.rotational.trusted"), "[STORAGE] lines: " + output.all());
      var result = new ObjectMapper().readTree(dir.resolve(phase + ".json").toFile());
      var device = result.path("devices").path(0).path("name").asText();
      assertFalse(device.isEmpty(), "the device in the result: " + result.toPrettyString());
      assertTrue(output.stdout().contains("# STORAGE, device.name, " + device), output::all);
      var io = parsed.groups().get("io");
      assertTrue(io != null && io.containsKey(device + ".r/s avg"), "[IO] lines naming " + device + ": " + output.all());

      if (phase.equals("run")) {
        // CoreWorkload's mix: each operation an update with probability 0.5, so within 5 standard deviations
        long updates = figure(output.stdout(), "UPDATE", "Operations");
        long reads = figure(output.stdout(), "READ", "Operations");
        assertEquals(OPERATIONS, reads + updates, output::all);
        double share = (double) updates / OPERATIONS;
        assertTrue(Math.abs(share - 0.5) <= 5 * Math.sqrt(0.25 / OPERATIONS), "update share " + share);
        assertEquals(OPERATIONS, operations(result), result::toPrettyString);
      }
    }
  }

  private static long operations(JsonNode result) {
    var operations = result.path("summary").path("operations");
    return operations.path("READ").path("count").asLong() + operations.path("UPDATE").path("count").asLong();
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
