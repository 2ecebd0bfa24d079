package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server process's figures on this host's real /proc, against the test's own readings of the
 * same process: a shell that burns CPU and writes 1 MiB only while the collector runs. The test reads
 * {@code /proc/<pid>/stat} and {@code /proc/<pid>/io} itself just before and after the collector's
 * start and stop, so the collector's totals must lie between the inner and the outer difference.
 */
class ServerProcessLiveTest {
  /** utime + stime (ticks) and wchar, write_bytes of {@code pid}, read by the test itself. */
  private static long[] read(long pid) throws IOException {
    var stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    long wchar = -1;
    long writeBytes = -1;
    for (var line : Files.readAllLines(Path.of("/proc/" + pid + "/io"))) {
      if (line.startsWith("wchar: ")) {
        wchar = Long.parseLong(line.substring(7).trim());
      } else if (line.startsWith("write_bytes: ")) {
        writeBytes = Long.parseLong(line.substring(13).trim());
      }
    }
    return new long[] {Long.parseLong(fields[11]) + Long.parseLong(fields[12]), wchar, writeBytes};
  }

  private static void between(long low, long value, long high, String what) {
    assertTrue(low <= value && value <= high, what + ": " + value + " not in [" + low + ", " + high + "]");
  }

  @Test
  void cpuAndBytesOfTheServerProcessMatchTheTestsOwnReadings(@TempDir Path temp) throws Exception {
    var file = temp.resolve("written");
    // waits for a line, then burns CPU, writes 16 × 64 KiB, says so and sleeps (exec keeps the pid)
    var script = "echo ready; read go; i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; "
        + "for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do printf '%065536d' 0 >> '" + file + "'; done; "
        + "echo burnt; exec sleep 600";
    try (var server = ProcessRun.start(new ProcessBuilder("sh", "-c", script))) {
      server.awaitOutput("ready");
      long pid = server.process().pid();
      var properties = new Properties();
      properties.setProperty("collector.pid", Long.toString(pid));
      properties.setProperty("collector.paths", temp.toString());
      properties.setProperty("collector.probe", "false");
      properties.setProperty("collector.interval", "50ms");
      var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
          () -> new OperationCount(1000L, "test"), properties);

      var beforeStart = read(pid);
      collector.start();
      var afterStart = read(pid);
      try (var stdin = server.process().getOutputStream()) {
        stdin.write("go\n".getBytes(StandardCharsets.UTF_8));
      }
      server.awaitOutput("burnt");
      server.await(() -> Files.readString(Path.of("/proc/" + pid + "/comm")).strip().equals("sleep"),
          "the shell to become sleep");
      var beforeStop = read(pid);
      var record = new RunRecord();
      collector.stop(record);
      var afterStop = read(pid);

      var process = record.sections().io().orElseThrow().process().orElseThrow();
      assertTrue(afterStop[0] - beforeStart[0] >= 5, "the child burnt CPU: " + (afterStop[0] - beforeStart[0]));
      long cpuMicros = process.cpuMicros().orElseThrow();
      between((beforeStop[0] - afterStart[0]) * 10_000, cpuMicros, (afterStop[0] - beforeStart[0]) * 10_000,
          "CPU µs (ticks of 10 ms)");
      long wchar = process.wchar().orElseThrow();
      between(beforeStop[1] - afterStart[1], wchar, afterStop[1] - beforeStart[1], "wchar");
      assertTrue(wchar >= 16 * 65536, "the 1 MiB written: " + wchar);
      between(beforeStop[2] - afterStart[2], process.writeBytes().orElseThrow(), afterStop[2] - beforeStart[2],
          "write_bytes");
      var perOperation = record.sections().io().orElseThrow().perOperation().orElseThrow();
      assertTrue(Math.abs(perOperation.serverCpuMicros().orElseThrow() - cpuMicros / 1000.0) < 0.001,
          perOperation.toString());
    }
  }
}
