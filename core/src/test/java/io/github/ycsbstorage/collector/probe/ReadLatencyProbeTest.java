package io.github.ycsbstorage.collector.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadLatencyProbeTest {
  private static final ReadLatencyProbe SMALL = new ReadLatencyProbe(2 << 20, Duration.ofMillis(300));

  private static long entries(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.count();
    }
  }

  @Test
  void measuresTheNearestDirectoryAndLeavesNothingBehind(@TempDir Path directory) throws IOException {
    var result = SMALL.probe(directory.resolve("not/yet/created"));
    assertEquals(directory.toString(), result.directory(), "nearest existing directory");
    assertEquals(0, entries(directory), "scratch file deleted");
    assertEquals(2L << 20, result.fileBytes());
    assertTrue(result.randomReads() > 0);
    long p50 = result.p50Us().orElseThrow();
    long p90 = result.p90Us().orElseThrow();
    long p99 = result.p99Us().orElseThrow();
    assertTrue(p50 <= p90 && p90 <= p99 && p99 <= result.maxUs().orElseThrow(), result.toString());
    assertTrue(result.randomReadIops().orElseThrow() > 0 && result.sequentialMBps().orElseThrow() > 0,
        result.toString());
    assertEquals(ReadLatencyProbe.ROUNDS, result.roundP50Us().size(), result.toString());
    // on a contended host (this one is shared) the sample may be inconclusive: then no medium at all
    if (result.inconclusive().isPresent()) {
      assertEquals(Optional.empty(), result.inferredMedium(), result.toString());
    } else {
      assertEquals(ProbeMedium.inferMedium(p50), result.inferredMedium().orElseThrow());
    }
    if (!result.directIo()) {
      assertTrue(result.reason().orElseThrow().startsWith("O_DIRECT refused"), result.toString());
    }
  }

  /**
   * The budget, not the file, ends each read phase. A clock that advances 1 ms per reading: the
   * random phase gets 2/3 of 300 ms, and each read costs three readings (loop check, before,
   * after), so reads start at 1, 4, ..., 199 ms: 67 reads of 1 ms each over 203 ms.
   */
  @Test
  void theBudgetEndsTheReadPhases(@TempDir Path directory) {
    var millis = new AtomicLong();
    var probe = new ReadLatencyProbe(2 << 20, Duration.ofMillis(300), ExtendedOpenOption.DIRECT,
        () -> TimeUnit.MILLISECONDS.toNanos(millis.getAndIncrement()), () -> null);
    var result = probe.probe(directory);
    assertEquals(67, result.randomReads(), result.toString());
    assertEquals(1000, result.p50Us().orElseThrow(), result.toString());
    assertEquals(1000, result.maxUs().orElseThrow(), result.toString());
    assertEquals(67 / 0.203, result.randomReadIops().orElseThrow(), 1e-9, result.toString());
    // three rounds of 200/3 ms each: reads starting at 1..64 ms, 67..130 ms, 133..199 ms, all of 1 ms
    assertEquals(List.of(1000L, 1000L, 1000L), result.roundP50Us(), result.toString());
    assertEquals(OptionalDouble.empty(), result.cpuFreePercent(), "no CPU reading: unknown, not 0");
    assertEquals(Optional.of("flash"), result.inferredMedium(), result.toString());
    assertTrue(result.sequentialMBps().orElseThrow() > 0, result.toString());
  }

  /**
   * /proc/stat readings around the random reads that show 1,000 busy ticks and 10 idle ones (1 % free,
   * under the 5 % of a saturated host): the probe keeps its figures and classifies nothing.
   */
  @Test
  void aProbeOnSaturatedCpusIsInconclusive(@TempDir Path directory) {
    var readings = new java.util.ArrayDeque<long[]>(List.of(new long[10],
        new long[] {600, 0, 400, 10, 0, 0, 0, 0, 0, 0}));
    var result = new ReadLatencyProbe(2 << 20, Duration.ofMillis(150), ExtendedOpenOption.DIRECT, System::nanoTime,
        readings::poll).probe(directory);
    assertEquals(100.0 * 10 / 1010, result.cpuFreePercent().orElseThrow(), 1e-9, result.toString());
    assertEquals(Optional.empty(), result.inferredMedium(), result.toString());
    assertTrue(result.inconclusive().orElseThrow().startsWith("inconclusive: the host's CPUs were saturated"),
        result.toString());
    assertTrue(result.p50Us().isPresent(), "the figures themselves are kept");
  }

  /** An open option no file system accepts, standing in for O_DIRECT on one that refuses it. */
  private enum Refused implements OpenOption { DIRECT }

  @Test
  void refusedDirectIoFallsBackToBufferedReadsAndSaysSo(@TempDir Path directory) throws IOException {
    var result = new ReadLatencyProbe(2 << 20, Duration.ofMillis(200), Refused.DIRECT, System::nanoTime, () -> null)
        .probe(directory);
    assertFalse(result.directIo());
    var reason = result.reason().orElseThrow();
    assertTrue(reason.startsWith("O_DIRECT refused by " + Files.getFileStore(directory).type()), reason);
    assertTrue(reason.endsWith("buffered reads, which may be served from the page cache"), reason);
    assertTrue(result.randomReads() > 0);
    assertEquals(0, entries(directory));
  }

  @Test
  void tmpfsAnswersLikeMemory() throws IOException {
    var shm = Path.of("/dev/shm");
    Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm)
        && "tmpfs".equals(Files.getFileStore(shm).type()), "no writable tmpfs at /dev/shm");
    var directory = Files.createTempDirectory(shm, "probe-test");
    try {
      // tmpfs refuses O_DIRECT before Linux 6.6 and serves it from RAM after: memory either way
      var result = SMALL.probe(directory);
      Assumptions.assumeTrue(result.inconclusive().isEmpty(), () -> "contended host: " + result.inconclusive());
      assertEquals(Optional.of("memory"), result.inferredMedium(), result.toString());
      assertEquals(0, entries(directory));
    } finally {
      Files.delete(directory);
    }
  }

  /** /proc takes no new files, not even from root (a chmod-ed directory would not stop root). */
  @Test
  void unwritableDirectoryIsReportedNotThrown() {
    var proc = Path.of("/proc");
    Assumptions.assumeTrue(Files.isDirectory(proc), "no /proc: not a Linux host");
    var result = SMALL.probe(proc);
    assertEquals(OptionalLong.empty(), result.p50Us());
    assertTrue(result.reason().orElseThrow().startsWith("probe failed: "), result.toString());
  }

  @Test
  void mediumThresholds() {
    assertEquals("memory", ProbeMedium.inferMedium(3));
    assertEquals("flash", ProbeMedium.inferMedium(20));
    assertEquals("flash", ProbeMedium.inferMedium(1999));
    assertEquals("spinning", ProbeMedium.inferMedium(2000));
  }
}
