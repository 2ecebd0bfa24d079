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

/** {@code bin/ycsb demo}, the README's first command, from the unpacked distribution. */
class DemoIT {
  private static final Pattern REPORT = Pattern.compile("demo: report (\\S+index\\.html)");
  private static final Pattern WORKDIR = Pattern.compile("demo: working folder (\\S+)");

  @Test
  void runsTheMiniStudyPrintsASummaryAndWritesTheReport(@TempDir Path dir) throws Exception {
    var before = listing(Launcher.HOME);
    var output = dir.resolve("report");
    // TMPDIR is not honoured by the JVM; java.io.tmpdir is, through JAVA_OPTS.
    var demo = ycsb(Map.of("JAVA_OPTS", "-Djava.io.tmpdir=" + dir), "demo", "-o", output.toString());
    assertEquals(0, demo.exitCode(), demo::all);
    var out = demo.stdout();

    // Per device and dataset size one load, then A and C (uniform): six cells on each device.
    var ram = Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"));
    var devices = ram ? new String[] {"disk", "ram"} : new String[] {"disk"};
    assertTrue(out.contains("study: cell 6 of 6"), out);
    assertTrue(out.contains("disk: MongoDB-wire server (mongo-java-server, H2 in "), out);
    assertTrue(out.contains(ram ? "demo: ram = /dev/shm/ycsb-demo-" : "demo: no second device: "), out);
    for (var device : devices) {
      for (var scale : new String[] {"ratio0.5", "ratio2"}) {
        for (var cell : new String[] {"load", "workloada-uniform_r1", "workloadc-uniform_r1"}) {
          var id = device + "_" + scale + "_" + cell;
          var line = out.lines().filter(l -> l.startsWith(id + " ")).findFirst();
          assertTrue(line.isPresent(), "summary line for " + id + "\n" + out);
          // cell, ops/s, p99, errors, then the device tags and I/O figures of the collector.
          var fields = line.get().trim().split("\\s+");
          assertTrue(Double.parseDouble(fields[1]) > 0, line.get());
          assertEquals("0", fields[3], "no failed operations: " + line.get());
          assertFalse(line.get().contains("device tags unknown"), line.get());
          assertTrue(device.equals("ram") ? line.get().contains(" ram (no block device); no block device sampled")
              : Pattern.compile("\\d+ r/s \\d+ w/s [0-9.]+ MB/s \\d+ %util").matcher(line.get()).find(), line.get());
        }
      }
    }
    // Nothing but the demo's own lines: no stack trace from the embedded server or anything else.
    assertFalse(demo.all().contains("\tat "), demo::all);
    // The sizing plan of each dataset size, from the declared 2 MB of server memory.
    assertTrue(demo.all().contains("= 0.5 × server RAM 2.0 MB"), demo::all);
    assertTrue(demo.all().contains("= 2 × server RAM 2.0 MB"), demo::all);

    var report = REPORT.matcher(out);
    assertTrue(report.find(), out);
    assertEquals(output.resolve("index.html").toAbsolutePath(), Path.of(report.group(1)));
    var html = Files.readString(output.resolve("index.html"));
    for (var workload : new String[] {"A", "C"}) {
      assertTrue(html.contains("<h3>Throughput: workload " + workload + " uniform</h3>"), html);
    }
    for (var chart : new String[] {"throughput", "throughput-by-size", "latency-avg", "latency-p99", "percentiles"}) {
      assertTrue(Files.size(output.resolve("charts/workloada-uniform-" + chart + ".png")) > 0, chart);
    }
    // The collector's time series reached the report as charts (IOPS first).
    assertTrue(html.contains("alt=\"IOPS\""), html);
    if (ram) {
      // The two locations are compared, tagged with their detected types, and the RAM folder is gone.
      // Each comparison is judged: a verdict, or none with its reason (a busy 2-core host saturates its CPU).
      var judged = "(ram vs disk|disk vs ram), workload A uniform, 2× (RAM|cache): ";
      assertTrue(Pattern.compile("<li>" + judged).matcher(html).find(), html);
      assertTrue(html.contains("<th>ram (ram, tmpfs)</th>"), html);
      // The console says it too: the report's headline, word for word, one line per workload and dataset size.
      var line = Pattern.compile("demo: ((no verdict: )?" + judged + ".*)").matcher(out);
      assertTrue(line.find(), out);
      assertTrue(html.contains(line.group(1).replace("no verdict: ", "")), line.group(1));
      var folder = Pattern.compile("demo: ram = (\\S+)").matcher(out);
      assertTrue(folder.find(), out);
      assertFalse(Files.exists(Path.of(folder.group(1))), "RAM folder removed: " + folder.group(1));
    }
    assertFalse(html.contains("No time-series file"), html);
    assertTrue(html.contains("I/O and CPU per operation"), html);
    assertTrue(Files.readString(output.resolve("summary.md")).startsWith("# ycsb-storage report: demo"));

    var work = WORKDIR.matcher(out);
    assertTrue(work.find(), out);
    assertTrue(Path.of(work.group(1)).startsWith(dir), "works in the temporary folder: " + work.group(1));
    assertEquals(before, listing(Launcher.HOME), "nothing written into the installation");
  }

  private static java.util.List<String> listing(Path root) throws Exception {
    try (Stream<Path> files = Files.walk(root)) {
      return files.map(p -> root.relativize(p).toString()).sorted().toList();
    }
  }
}
