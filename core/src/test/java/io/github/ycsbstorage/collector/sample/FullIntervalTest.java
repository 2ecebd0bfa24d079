package io.github.ycsbstorage.collector.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.Fixtures;
import io.github.ycsbstorage.collector.host.HostFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Maxima from full intervals only, averages time-weighted over every interval, and snapshots timed
 * at their reads: checked against intervals computed by hand.
 */
class FullIntervalTest {
  /** One device whose io_ticks (ms with I/O in flight) and reads are given. */
  private static Snapshot reading(long nanos, long reads, long ioTicks) {
    var text = "8 0 sda " + reads + " 0 " + reads * 8 + " 0 0 0 0 0 0 " + ioTicks + " 0 0 0 0 0 0 0\n";
    var bytes = text.getBytes(StandardCharsets.US_ASCII);
    return Snapshot.parse(nanos / 1_000_000, nanos, name -> name.equals("diskstats")
        ? new Snapshot.Slice(bytes, 0, bytes.length) : null, ProcParsers.ALL_DEVICES, false);
  }

  /** Readings of {nanos, reads, io_ticks}, 1 s nominal interval. */
  private static Sampler.Result sampled(long[]... readings) {
    var sampler = new Sampler(new LocalProcSource(new HostFiles(Path.of("/nonexistent")), OptionalLong.empty()),
        ProcParsers.ALL_DEVICES, Duration.ofSeconds(1));
    for (var r : readings) {
      sampler.accept(reading(r[0], r[1], r[2]));
    }
    return sampler.stop();
  }

  @Test
  void theStubTakenAtStopCountsTowardAveragesButNotTowardTheMaximum() {
    // 1 s with 310 ms busy (31 %), 1 s with 200 ms busy (20 %), then a 7.8 ms stub with 4 ms busy (51.3 %)
    var result = sampled(new long[] {0, 0, 0}, new long[] {1_000_000_000L, 100, 310},
        new long[] {2_000_000_000L, 150, 510}, new long[] {2_007_800_000L, 152, 514});

    assertEquals(List.of(true, true, false), result.samples().stream().map(IntervalSample::full).toList());
    assertEquals(51.28, result.samples().get(2).devices().get("sda").utilPercent(), 0.01);
    assertEquals(OptionalDouble.of(31.0), result.totals().maxUtil("sda"));
    // averages over all 2.0078 s: 514 ms busy → 25.60 %, 152 reads → 75.70 r/s
    var average = ResultMapping.ioRates(result.totals().disks().get("sda"), result.totals().diskSeconds("sda"));
    assertEquals(2.0078, result.totals().diskSeconds("sda"), 1e-12);
    assertEquals(100.0 * 514 / 2007.8, average.utilPercent(), 1e-9);
    assertEquals(152 / 2.0078, average.readsPerSec(), 1e-9);
  }

  @Test
  void readingsFiredInQuickSuccessionAfterADelayAreNotFullIntervals() {
    // a fixed-rate scheduler that was held up for 2 s fires the missed readings back to back
    var result = sampled(new long[] {0, 0, 0}, new long[] {3_000_000_000L, 30, 900},
        new long[] {3_001_000_000L, 31, 901}, new long[] {3_902_000_000L, 40, 1000});
    assertEquals(List.of(true, false, true), result.samples().stream().map(IntervalSample::full).toList());
    // 30 % over 3 s; 100 % over the 1 ms burst (not counted); 99 ms over 0.901 s = 10.99 % (full: ≥ 0.9 s)
    assertEquals(30.0, result.totals().maxUtil("sda").getAsDouble(), 1e-9);
  }

  @Test
  void withoutAFullIntervalTheMaximumIsUnknown() {
    var result = sampled(new long[] {0, 0, 0}, new long[] {400_000_000L, 10, 100});
    assertEquals(OptionalDouble.empty(), result.totals().maxUtil("sda"));
    assertEquals(25.0, ResultMapping.ioRates(result.totals().disks().get("sda"), result.totals().diskSeconds("sda"))
        .utilPercent(), 1e-9);
  }

  @Test
  void aSnapshotIsTimedAtItsReadsNotBeforeThem(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    Fixtures.write(root, "/proc/diskstats", "254 0 vda 1 0 8 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
    Fixtures.write(root, "/proc/stat", "cpu  1 0 0 1 0 0 0 0 0 0\n");
    Fixtures.write(root, "/proc/meminfo", "MemTotal: 1000 kB\n");
    Fixtures.write(root, "/proc/vmstat", "pgmajfault 0\n");
    // the clock is read right before the first file and right after the last one, nothing else
    var clock = new ArrayDeque<>(List.of(45_000_000L, 45_200_000L));
    var source = new LocalProcSource(new HostFiles(root), OptionalLong.empty(), List.of(), clock::removeFirst);
    var snapshot = source.take(ProcParsers.ALL_DEVICES);
    assertEquals(45_100_000L, snapshot.nanos());
    assertTrue(clock.isEmpty());
    assertEquals(List.of(), snapshot.missing());
    assertEquals(1, snapshot.disks().get("vda")[0]);
  }
}
