package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PerfKitBenchmarker's YCSB parser ({@code perfkitbenchmarker/linux_packages/ycsb_stats.py}) on the
 * real output of a storage-aware load and run with the collector on, through {@code bin/ycsb}. The
 * parser reads stderr followed by stdout; it takes the last {@code Command line:} line before the
 * first {@code [OVERALL]} line and calls the stage "load" when that line ends with {@code -load}; every
 * later line that starts with {@code [GROUP]} it splits as CSV into exactly three fields and reads the
 * third as {@code float} when it holds a '.' or "nan", else as {@code int}, failing on anything else.
 * This test states the stricter contract: every line that starts with '[', on either stream, is such a
 * line; text facts are comment lines, and PerfKitBenchmarker's metadata keys stay in the result file.
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

      assertEquals(phase.equals("load"), commandLine(pkbInput).endsWith("-load"),
          "PerfKitBenchmarker's stage of " + phase + ": " + commandLine(pkbInput));
      var storage = new LinkedHashMap<String, Number>();
      for (var line : pkbInput.lines().filter(line -> line.startsWith("[")).toList()) {
        var fields = line.split(",", -1);
        assertEquals(3, fields.length, "three CSV fields: " + line);
        assertFalse(line.contains("\""), "no CSV quoting: " + line);
        assertTrue(fields[0].matches("\\[[^\\]]+]"), "a [GROUP] first: " + line);
        var number = number(fields[2].strip(), line);
        if (fields[0].equals("[STORAGE]")) {
          storage.put(fields[1].strip(), number);
        }
      }
      assertTrue(pkbInput.contains("[OVERALL], Throughput(ops/sec), "), output::all);
      assertTrue(storage.containsKey("device.rotational.trusted"), "the collector's numeric lines: " + storage);

      var facts = facts(output.stdout());
      assertTrue(facts.containsKey("server.observed"), "text facts are comment lines: " + output.stdout());
      var result = new ObjectMapper().readTree(dir.resolve(phase + ".json").toFile());
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

  /** The {@code Command line:} line PerfKitBenchmarker keeps: the last one before the first [OVERALL]. */
  private static String commandLine(String output) {
    var kept = "unknown";
    for (var line : output.lines().map(String::strip).toList()) {
      if (line.startsWith("[OVERALL]")) {
        break;
      }
      if (line.startsWith("Command line:")) {
        kept = line;
      }
    }
    return kept;
  }

  /** PerfKitBenchmarker's {@code float(val) if '.' in val or 'nan' in val.lower() else int(val)}. */
  private static Number number(String value, String line) {
    try {
      return value.contains(".") || value.toLowerCase(Locale.ROOT).contains("nan") ? Double.parseDouble(value)
          : Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new AssertionError("not a number PerfKitBenchmarker reads: " + line, e);
    }
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
