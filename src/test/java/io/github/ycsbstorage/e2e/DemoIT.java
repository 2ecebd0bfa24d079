package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ycsb demo}, the README's first command, from the unpacked distribution; no wall-clock limit. */
@SystemTier
class DemoIT {
  private static final Pattern REPORT = Pattern.compile("demo: report (\\S+index\\.html)");
  private static final Pattern WORKDIR = Pattern.compile("demo: working folder (\\S+)");

  @Test
  void runsTheMiniStudyOnRocksDbPrintsASummaryAndWritesTheReport(@TempDir Path dir) throws Exception {
    var before = listing(Launcher.HOME);
    var output = dir.resolve("report");
    // TMPDIR is not honoured by the JVM; java.io.tmpdir is, through JAVA_OPTS.
    var demo = ycsb(Map.of("JAVA_OPTS", "-Djava.io.tmpdir=" + dir), "demo", "-o", output.toString());
    assertEquals(0, demo.exitCode(), demo::all);
    var out = demo.stdout();

    // One study over both locations: per location and dataset size one load, then C and A (uniform),
    // five repetitions each: 2 × (1 + 2 × 5) = 22 cells per location.
    var ram = Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"));
    var devices = ram ? new String[] {"disk", "ram"} : new String[] {"disk"};
    assertTrue(out.contains("study: cell " + 22 * devices.length + " of " + 22 * devices.length), out);
    assertTrue(out.contains("demo: embedded RocksDB in each client (direct I/O; its 16MB block cache"), out);
    assertTrue(out.contains(ram ? "demo: ram = /dev/shm/ycsb-demo-" : "demo: no second device: "), out);
    for (var device : devices) {
      for (var scale : new String[] {"ratio0.5", "ratio8"}) {
        for (var cell : new String[] {"load", "workloada-uniform_r1", "workloadc-uniform_r1", "workloada-uniform_r2",
            "workloadc-uniform_r2"}) {
          var fields = summaryLine(out, device + "_" + scale + "_" + cell);
          // cell, ops/s, p99, errors, device reads/op, cache hits, then the collector's device tags and I/O.
          assertTrue(Double.parseDouble(fields[1]) > 0, String.join(" ", fields));
          assertEquals("0", fields[3], "no failed operations: " + String.join(" ", fields));
          var line = String.join(" ", fields);
          assertFalse(line.contains("device tags unknown"), line);
          assertTrue(device.equals("ram") ? line.contains(" ram (no block device); no block device sampled")
              : Pattern.compile("\\d+ r/s \\d+ w/s [0-9.]+ MB/s \\d+ %util").matcher(line).find(), line);
          if (!cell.equals("load")) {
            // The engine's own counters (the result's engine section): reads of a file per operation.
            var readsPerOperation = Double.parseDouble(fields[4]);
            // Workload C only: A's updates flush new files, whose blocks the cache has not seen yet.
            if (scale.equals("ratio0.5") && cell.startsWith("workloadc")) {
              assertTrue(readsPerOperation <= 0.05, "in cache, warmed up: no device reads: " + line);
            } else if (cell.startsWith("workloadc")) {
              assertTrue(readsPerOperation > 0.5, "8 x the cache: most reads are the device's: " + line);
            }
          }
        }
      }
      var result = resultOf(out, device + "_ratio8_workloadc-uniform_r1");
      assertTrue(result.contains("\"engine\""), result);
      assertTrue(result.contains("\"deviceReadsPerOperation\""), result);
    }
    // Nothing but the demo's own lines: no stack trace from the engine or anything else, no JVM warning.
    assertFalse(demo.all().contains("\tat "), demo::all);
    assertFalse(demo.all().lines().anyMatch(line -> line.startsWith("WARNING:")), demo::all);
    // The sizing plan of each dataset size, from the declared 16 MB block cache.
    assertTrue(demo.all().contains("= 0.5 × server cache 16.0 MB (basis cache"), demo::all);
    assertTrue(demo.all().contains("= 8 × server cache 16.0 MB (basis cache"), demo::all);

    var report = REPORT.matcher(out);
    assertTrue(report.find(), out);
    assertEquals(output.resolve("index.html").toAbsolutePath(), Path.of(report.group(1)));
    var html = Files.readString(output.resolve("index.html"));
    for (var workload : new String[] {"A", "C"}) {
      assertTrue(html.contains("<h3>Throughput: workload " + workload + " uniform</h3>"), html);
    }
    for (var chart : new String[] {"throughput", "throughput-by-size", "latency-avg", "latency-p99", "percentiles"}) {
      assertTrue(Files.size(output.resolve("charts/workloadc-uniform-" + chart + ".png")) > 0, chart);
    }
    assertTrue(html.contains("alt=\"IOPS\""), html);
    if (ram) {
      // Each comparison is judged: a verdict, or none with its reason (a busy 2-core host saturates its CPU).
      // The console prints the report's headline word for word: one line per workload and dataset size.
      for (var scale : new String[] {"0.5", "8"}) {
        var judged = "(ram vs disk|disk vs ram), workload C uniform, " + Pattern.quote(scale + "×") + " cache: ";
        assertTrue(Pattern.compile("<li>" + judged).matcher(html).find(), html);
        var line = Pattern.compile("demo: ((no verdict: )?" + judged + ".*)").matcher(out);
        assertTrue(line.find(), out);
        assertTrue(html.contains(line.group(1).replace("no verdict: ", "")), line.group(1));
      }
      assertTrue(html.contains("<th>ram (ram, tmpfs)</th>"), html);
      // README's sample of this output (two folders: it shows the RAM folder's lines).
      DocSamples.assertMatches("demo", out);
      var folder = Pattern.compile("demo: ram = (\\S+)").matcher(out);
      assertTrue(folder.find(), out);
      assertFalse(Files.exists(Path.of(folder.group(1))), "RAM folder removed: " + folder.group(1));
    }
    var disk = Pattern.compile("demo: disk = (\\S+)").matcher(out);
    assertTrue(disk.find(), out);
    assertFalse(Files.exists(Path.of(disk.group(1))), "disk data folder removed: " + disk.group(1));
    assertFalse(html.contains("No time-series file"), html);
    assertTrue(Files.readString(output.resolve("summary.md")).startsWith("# ycsb-storage report: demo"));

    var work = WORKDIR.matcher(out);
    assertTrue(work.find(), out);
    assertTrue(Path.of(work.group(1)).startsWith(dir), "works in the temporary folder: " + work.group(1));
    assertEquals(before, listing(Launcher.HOME), "nothing written into the installation");
  }

  @Test
  void theMongoDbWirePathStaysReachable(@TempDir Path dir) throws Exception {
    var demo = ycsb(Map.of("JAVA_OPTS", "-Djava.io.tmpdir=" + dir), "demo", "--binding", "mongodb", "-o",
        dir.resolve("report").toString());
    assertEquals(0, demo.exitCode(), demo::all);
    var out = demo.stdout();
    assertTrue(out.contains("disk: MongoDB-wire server (mongo-java-server, H2 in "), out);
    // No engine counters behind a server: unknown, never 0.
    var fields = summaryLine(out, "disk_ratio2_workloadc-uniform_r1");
    assertEquals("unknown", fields[4], String.join(" ", fields));
    assertTrue(demo.all().contains("= 2 × server RAM 2.0 MB"), demo::all);
  }

  /** The summary's fields of a cell: its line split at white space. */
  private static String[] summaryLine(String out, String id) {
    var line = out.lines().filter(l -> l.startsWith(id + " ")).findFirst();
    assertTrue(line.isPresent(), "summary line for " + id + "\n" + out);
    return line.get().trim().split("\\s+");
  }

  /** A cell's result file, found through the working folder the demo printed. */
  private static String resultOf(String out, String id) throws Exception {
    var work = WORKDIR.matcher(out);
    assertTrue(work.find(), out);
    return Files.readString(Path.of(work.group(1), "results", "demo", id + ".json"));
  }

  private static java.util.List<String> listing(Path root) throws Exception {
    try (Stream<Path> files = Files.walk(root)) {
      return files.map(p -> root.relativize(p).toString()).sorted().toList();
    }
  }
}
