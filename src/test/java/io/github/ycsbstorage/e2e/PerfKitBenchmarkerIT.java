package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PerfKitBenchmarker's YCSB parser ({@code perfkitbenchmarker/linux_packages/ycsb_stats.py}, restated
 * in {@link PerfKitBenchmarkerParser}) on the real output of a storage-aware load and run with the
 * collector on, through {@code bin/ycsb}: it parses both, status lines included, and tells the load
 * from the run. This test also states the stricter contract: every line that starts with '[', on
 * either stream, is a {@code [GROUP], name, number} line; text facts are comment lines, and
 * PerfKitBenchmarker's metadata keys stay in the result file.
 */
class PerfKitBenchmarkerIT {
  private static final String WORKLOAD = "workloads/storage/read-only-uniform-1x1000";

  @Test
  void aStorageAwareLoadAndRunWithTheCollectorParseAsPerfKitBenchmarkerReadsThem(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")) && Files.isDirectory(Path.of("/sys/dev/block")),
        "no /proc/self/mountinfo or /sys/dev/block: the collector has no device to describe on this host");
    var common = List.of("-P", WORKLOAD, "-s", "-p", "storage.server.memory=1MB", "-p", "basicdb.verbose=false",
        "-p", "collector.paths=" + dir, "-p", "collector.interval=100ms", "-p", "status.interval=1");
    for (var phase : List.of("load", "run")) {
      var args = new ArrayList<>(List.of(phase, "basic"));
      args.addAll(common);
      args.addAll(List.of("-p", "operationcount=500", "-p", "storage.result=" + dir.resolve(phase + ".json")));
      var output = ycsb(args.toArray(String[]::new));
      assertEquals(0, output.exitCode(), output::all);
      var pkbInput = output.stderr() + output.stdout();

      var parsed = PerfKitBenchmarkerParser.parse(output.stderr(), output.stdout());
      assertEquals(phase, parsed.stage(), "PerfKitBenchmarker's stage of " + phase + ": " + parsed.commandLine());
      assertTrue(parsed.statusLines() > 0, "-s status lines reach the parser: " + output.stderr());
      assertTrue(parsed.groups().get("overall").containsKey("Throughput(ops/sec)"), output::all);
      var storage = parsed.groups().get("storage");
      assertTrue(storage != null && storage.containsKey("device.rotational.trusted"),
          "the collector's numeric lines: " + parsed.groups());
      // Every device's figures reach it: PerfKitBenchmarker skips any group but upper-case letters.
      var result = new ObjectMapper().readTree(dir.resolve(phase + ".json").toFile());
      var io = parsed.groups().get("io");
      var sampled = result.path("io").path("devices");
      assertTrue(sampled.size() > 0, "a sampled device: " + sampled);
      sampled.fieldNames().forEachRemaining(name -> assertTrue(io != null && io.containsKey(name + ".r/s avg")
          && io.containsKey(name + ".%util avg"), name + " in PerfKitBenchmarker's [IO] group: " + parsed.groups()));
      // Stricter than PerfKitBenchmarker, which skips lines such as [READ-FAILED]: every line that
      // starts with '[', on either stream, is a [GROUP], name, number line.
      for (var line : pkbInput.lines().filter(line -> line.startsWith("[")).toList()) {
        var fields = line.split(",", -1);
        assertEquals(3, fields.length, "three CSV fields: " + line);
        assertFalse(line.contains("\""), "no CSV quoting: " + line);
        assertTrue(fields[0].matches("\\[[^\\]]+]"), "a [GROUP] first: " + line);
        PerfKitBenchmarkerParser.number(fields[2].strip(), line);
      }

      var facts = facts(output.stdout());
      assertTrue(facts.containsKey("server.observed"), "text facts are comment lines: " + output.stdout());
      var device = result.path("devices").path(0);
      assertEquals(device.path("type").asText(), facts.get("device.type"), "the same device in both");
      var pkb = result.path("perfkitbenchmarker");
      assertEquals(facts.get("data_disk_0_type"), pkb.path("data_disk_0_type").asText(), result::toPrettyString);
      assertEquals(facts.get("data_disk_0_media"), pkb.path("data_disk_0_media").asText(), result::toPrettyString);
      if (device.path("sizeBytes").isNumber()) {
        assertEquals(Math.round(device.path("sizeBytes").asLong() / 1e9), pkb.path("data_disk_0_size").asLong());
        assertEquals(pkb.path("data_disk_0_size").asLong(), storage.get("data_disk_0_size").longValue());
      }
    }
  }

  /** The restated rule fails where PerfKitBenchmarker raised on our earlier output, and reads its own example. */
  @Test
  void theRestatedRuleRaisesWherePerfKitBenchmarkerDoes() {
    var example = "YCSB Client 0.17.0\nCommand line: -db site.ycsb.BasicDB -P workloads/workloada -load\n"
        + "2026-11-25 10:00:00:000 1 sec: 500 operations; 499.5 current ops/sec; [INSERT: Count=500, Max=95, "
        + "Min=2, Avg=5.13, 90=7, 99=19, 99.9=95, 99.99=95]\n[OVERALL], RunTime(ms), 1001\n"
        + "[OVERALL], Throughput(ops/sec), 499.5004995004995\n[INSERT], Operations, 500\n"
        + "[INSERT], AverageLatency(us), 5.13\n[INSERT], Return=OK, 500\n[IO vda], r/s avg, 12.5\n";
    var parsed = PerfKitBenchmarkerParser.parse("", example);
    assertEquals("load", parsed.stage());
    assertEquals(1, parsed.statusLines());
    assertEquals(java.math.BigInteger.valueOf(500), parsed.groups().get("insert").get("Operations"));
    assertFalse(parsed.groups().containsKey("io vda"), "not ^\\[[A-Z]+\\]: skipped");

    var textValue = example + "[STORAGE], server.observed, local server host\n";
    assertThrows(IllegalArgumentException.class, () -> PerfKitBenchmarkerParser.parse("", textValue));
    var fourFields = example + "[STORAGE], device.model, ST500, DM002\n";
    assertThrows(IllegalArgumentException.class, () -> PerfKitBenchmarkerParser.parse("", fourFields));
    var badStatus = example.replace("Avg=5.13", "Avg=5.13 us");
    assertThrows(IllegalArgumentException.class, () -> PerfKitBenchmarkerParser.parse("", badStatus));
    var javaOnlyFloat = example.replace("AverageLatency(us), 5.13", "AverageLatency(us), 5.13d");
    assertThrows(IllegalArgumentException.class, () -> PerfKitBenchmarkerParser.parse("", javaOnlyFloat));
    assertEquals("run", PerfKitBenchmarkerParser.parse("", example.replace(" -load\n", " -load -t\n")).stage());
    assertThrows(IllegalArgumentException.class, () -> PerfKitBenchmarkerParser.parse("", "YCSB Client 0.17.0\n"));
  }

  /** {@code # STORAGE, name, text} lines by name. */
  private static Map<String, String> facts(String stdout) {
    var facts = new LinkedHashMap<String, String>();
    stdout.lines().filter(line -> line.startsWith("# STORAGE, ")).forEach(line -> {
      var fields = line.substring("# STORAGE, ".length()).split(", ", 2);
      facts.put(fields[0], fields[1]);
    });
    return facts;
  }
}
