package io.github.ycsbstorage.collector.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.result.MemoryState;
import io.github.ycsbstorage.testkit.HangLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Robustness: wrap-around, devices that come and go, missing files; totals over intervals. */
class SamplerTest {
  private static final String STAT_1 = "cpu  100 0 50 800 50 0 0 0 0 0\n";
  private static final String STAT_2 = "cpu  200 0 100 1500 150 0 0 0 0 0\n";
  private static final String MEMINFO = "MemTotal: 1000 kB\nMemFree: 100 kB\nMemAvailable: 400 kB\n"
      + "Buffers: 10 kB\nCached: 300 kB\nDirty: 20 kB\nWriteback: 5 kB\nSwapTotal: 100 kB\nSwapFree: 60 kB\n";

  /** A reading at {@code seconds} of the given files; a null file is unreadable. */
  static Snapshot snapshot(long seconds, String diskstats, String stat, String meminfo, String vmstat) {
    Map<String, String> files = new java.util.HashMap<>();
    if (diskstats != null) {
      files.put("diskstats", diskstats);
    }
    if (stat != null) {
      files.put("stat", stat);
    }
    if (meminfo != null) {
      files.put("meminfo", meminfo);
    }
    if (vmstat != null) {
      files.put("vmstat", vmstat);
    }
    return Snapshot.parse(seconds * 1000, seconds * 1_000_000_000L, name -> {
      var text = files.get(name);
      if (text == null) {
        return null;
      }
      var bytes = text.getBytes(StandardCharsets.US_ASCII);
      return new Snapshot.Slice(bytes, 0, bytes.length);
    }, ProcParsers.ALL_DEVICES, false);
  }

  private static Sampler sampler() {
    return new Sampler(new LocalProcSource(new HostFiles(Path.of("/nonexistent")), OptionalLong.empty()),
        ProcParsers.ALL_DEVICES, Duration.ofSeconds(1));
  }

  @Test
  void intervalsProduceRatesCpuSharesAndMemory() {
    var sampler = sampler();
    sampler.accept(snapshot(0, IostatParityTest.FIRST, STAT_1, MEMINFO, "pgmajfault 10\npswpin 0\npswpout 0\n"));
    sampler.accept(snapshot(2, IostatParityTest.SECOND, STAT_2, MEMINFO, "pgmajfault 30\npswpin 4\npswpout 2\n"));
    var result = sampler.stop();
    assertEquals(1, result.samples().size());
    var sample = result.samples().get(0);
    assertEquals(2.0, sample.seconds());
    assertEquals(100.0, sample.devices().get("sda").readsPerSec());
    // delta: user 100, system 50, idle 700, iowait 100 → total 950
    assertEquals(100.0 * 100 / 950, sample.cpu().user(), 1e-9);
    assertEquals(100.0 * 100 / 950, sample.cpu().iowait(), 1e-9);
    assertEquals(100.0 * 700 / 950, sample.cpu().idle(), 1e-9);
    assertEquals(10.0, sample.majorFaultsPerSec());
    assertEquals(new MemoryState(600L * 1024, 300L * 1024, 20L * 1024, 5L * 1024, 40L * 1024),
        sample.memory());
    assertEquals(150, ResultMapping.busyTicks(result.totals().cpu()));
    assertEquals(200, result.totals().disks().get("sda")[0]);
    assertEquals(List.of(), result.gaps());
  }

  @Test
  void wrappedCountersAreCorrectedInRatesAndTotals() {
    var sampler = sampler();
    sampler.accept(snapshot(0, "8 0 sda 4294967290 0 0 0 0 0 0 0 0 0 0\n", STAT_1, MEMINFO, null));
    sampler.accept(snapshot(1, "8 0 sda 4 0 0 0 0 0 0 0 0 0 0\n", STAT_2, MEMINFO, null));
    var sample = sampler.stop().samples().get(0);
    assertEquals(10.0, sample.devices().get("sda").readsPerSec());
  }

  @Test
  void devicesAppearingDisappearingAndResettingBecomeGaps() {
    var sampler = sampler();
    sampler.accept(snapshot(0, "8 0 sda 100 0 0 0 0 0 0 0 0 0 0\n8 16 sdb 1 0 0 0 0 0 0 0 0 0 0\n", STAT_1, MEMINFO, null));
    sampler.accept(snapshot(1, "8 0 sda 200 0 0 0 0 0 0 0 0 0 0\n8 32 sdc 1 0 0 0 0 0 0 0 0 0 0\n", STAT_2, MEMINFO, null));
    sampler.accept(snapshot(2, "8 0 sda 5000000000 0 0 0 0 0 0 0 0 0 0\n8 32 sdc 11 0 0 0 0 0 0 0 0 0 0\n", null, MEMINFO, null));
    sampler.accept(snapshot(3, "8 0 sda 3 0 0 0 0 0 0 0 0 0 0\n8 32 sdc 21 0 0 0 0 0 0 0 0 0 0\n", null, MEMINFO, null));
    var result = sampler.stop();
    var samples = result.samples();
    assertEquals(Set.of("sda"), samples.get(0).devices().keySet());
    assertEquals(List.of("/proc/vmstat not readable", "sdc appeared", "sdb disappeared"), samples.get(0).gaps());
    assertEquals(Set.of("sda", "sdc"), samples.get(1).devices().keySet());
    assertEquals(List.of("/proc/stat not readable", "/proc/vmstat not readable"), samples.get(1).gaps());
    assertNull(samples.get(1).cpu());
    assertEquals(Set.of("sdc"), samples.get(2).devices().keySet());
    assertEquals(List.of("/proc/stat not readable", "/proc/vmstat not readable", "sda: counters reset"),
        samples.get(2).gaps());
    // totals keep the jump to 5e9 (a valid 64-bit increase) and skip the reset interval (5e9 → 3)
    assertEquals(100 + 4999999800L, result.totals().disks().get("sda")[0]);
    assertEquals(20, result.totals().disks().get("sdc")[0]);
    assertEquals(2.0, result.totals().diskSeconds("sdc"));
  }

  @Test
  void liveSamplingOnAMissingRootRecordsGapsAndNeverThrows(@TempDir Path empty) {
    var sampler = new Sampler(new LocalProcSource(new HostFiles(empty), OptionalLong.of(1)), ProcParsers.ALL_DEVICES,
        Duration.ofMillis(20));
    sampler.start();
    var result = sampler.stop();
    assertTrue(result.gaps().get(0).startsWith("first reading: /proc/diskstats not readable"), result.gaps().get(0));
    assertTrue(result.samples().stream().allMatch(sample -> sample.cpu() == null && sample.devices().isEmpty()));
  }

  @Test
  void liveSamplingReadsThisHostWhenItIsLinux() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/diskstats")),
        "no /proc/diskstats: not a Linux host");
    var local = new LocalProcSource(HostFiles.live(), OptionalLong.of(ProcessHandle.current().pid()));
    var readings = new AtomicInteger();
    var counted = new ProcSource() {
      @Override
      public Snapshot take(Predicate<String> watchedDevices) throws IOException {
        var snapshot = local.take(watchedDevices);
        readings.incrementAndGet();
        return snapshot;
      }

      @Override
      public String describe() {
        return local.describe();
      }
    };
    var sampler = new Sampler(counted, ProcParsers.ALL_DEVICES, Duration.ofMillis(50));
    sampler.start();
    // the first reading and three of the timer's: at least 150 ms apart, however busy the machine
    HangLimit.await(() -> readings.get() >= 4, () -> "4 readings, got " + readings.get());
    var result = sampler.stop();
    assertTrue(result.samples().size() >= 2, "samples: " + result.samples().size());
    // an interval shorter than a USER_HZ tick may see no CPU tick at all: look at the totals
    assertNotNull(result.totals().cpu());
    assertTrue(result.totals().cpuSeconds() > 0.1, "cpu seconds: " + result.totals().cpuSeconds());
    var last = result.samples().get(result.samples().size() - 1);
    assertNotNull(last.memory().usedBytes());
    assertNotNull(last.process(), "this JVM's /proc/<pid> files are readable");
    assertTrue(last.process().cpuPercent() >= 0);
    assertEquals(List.of(), result.gaps());
  }

  /** A reading of a process's threads ({@link Snapshot#THREADS}) and its stat, at {@code seconds}. */
  private static Snapshot threads(long seconds, String threads) {
    var files = Map.of("stat", STAT_1, "pid/stat", "1 (java) S 0 0 0 0 0 0 0 0 0 0 10 5 0 0\n", Snapshot.THREADS,
        threads);
    return Snapshot.parse(seconds * 1000, seconds * 1_000_000_000L, name -> {
      var text = files.get(name);
      return text == null ? null : new Snapshot.Slice(text.getBytes(StandardCharsets.US_ASCII), 0, text.length());
    }, ProcParsers.ALL_DEVICES, true);
  }

  @Test
  void theRunQueueWaitIsSummedOverTheProcessThreadsAndIntervals() {
    var sampler = sampler();
    // thread 7 throughout; 8 begins in the second interval; 9 ends after the first (its last part is lost)
    sampler.accept(threads(0, "7 1000 100 1\n9 500 50 1\n"));
    sampler.accept(threads(1, "7 3000 400 2\n9 900 90 2\n"));
    sampler.accept(threads(2, "7 6000 1400 3\n8 2000 3000 4\n"));
    var threads = sampler.stop().totals().threads();
    // 7: 5000 on a CPU, 1300 waiting; 8: 2000 and 3000 (all of it in the interval it began in); 9: 400 and 40
    assertEquals(List.of(7400L, 4340L), List.of(threads[0], threads[1]));
    assertNull(sampler.stop().totals().threadsShort());
  }

  @Test
  void anIntervalWithoutTheThreadsLeavesTheRunQueueShortAndSaysWhy() {
    var sampler = sampler();
    sampler.accept(threads(0, "7 1000 100 1\n"));
    sampler.accept(threads(1, ""));
    sampler.accept(threads(2, "7 3000 400 2\n"));
    assertEquals("an interval without the threads' schedstat", sampler.stop().totals().threadsShort());
  }
}
