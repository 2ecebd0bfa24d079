package io.github.ycsbstorage.collector.probe;

import com.sun.nio.file.ExtendedOpenOption;
import io.github.ycsbstorage.collector.sample.ProcParsers;
import io.github.ycsbstorage.collector.sample.ResultMapping;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.result.ProbeResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Classifies a file system's medium empirically: writes one scratch file in the data directory,
 * reads random 4 KiB blocks from it with direct I/O (O_DIRECT, aligned buffers) at queue depth 1,
 * then reads it sequentially, all within a time budget, and deletes the file. Where O_DIRECT is
 * refused (tmpfs, some network file systems) it falls back to buffered reads and says so: those
 * reads may come from the page cache. The random reads run in {@value #ROUNDS} rounds, with the host's
 * {@code /proc/stat} read around them: rounds that disagree or saturated CPUs make the sample
 * inconclusive ({@link ProbeContention}). Writes nothing but its scratch file. Thread-safe (stateless).
 */
public final class ReadLatencyProbe {
  private static final int BLOCK = 4096;
  private static final int SEQUENTIAL_CHUNK = 1 << 20;
  static final int ROUNDS = 3;

  private final long fileBytes;
  private final Duration budget;
  private final OpenOption direct;
  private final LongSupplier nanoClock;
  private final Supplier<long[]> cpuTicks;

  /**
   * @param fileBytes scratch file size (at least 1 MiB; rounded down to a MiB)
   * @param budget    wall time for the read phases together (the write comes on top)
   */
  public ReadLatencyProbe(long fileBytes, Duration budget) {
    this(fileBytes, budget, ExtendedOpenOption.DIRECT, System::nanoTime, ReadLatencyProbe::procStat);
  }

  /**
   * With another option in place of O_DIRECT (tests use one that is refused, to drive the fallback),
   * another clock (tests use one that advances by a known step per reading) and another source of the
   * host's CPU ticks ({@link ProcParsers#cpu}; null when unknown).
   */
  ReadLatencyProbe(long fileBytes, Duration budget, OpenOption direct, LongSupplier nanoClock,
      Supplier<long[]> cpuTicks) {
    Check.argument(fileBytes >= SEQUENTIAL_CHUNK && budget != null && !budget.isNegative() && !budget.isZero(),
        "fileBytes ≥ 1 MiB and a positive budget are required");
    this.fileBytes = fileBytes / SEQUENTIAL_CHUNK * SEQUENTIAL_CHUNK;
    this.budget = budget;
    this.direct = direct;
    this.nanoClock = nanoClock;
    this.cpuTicks = cpuTicks;
  }

  /** The host's CPU ticks now; null when {@code /proc/stat} cannot be read. */
  private static long[] procStat() {
    try {
      var data = Files.readAllBytes(Path.of("/proc/stat"));
      return ProcParsers.cpu(data, 0, data.length);
    } catch (IOException e) {
      return null;
    }
  }

  /** Idle + iowait share of the CPU time between two readings, %; empty when either is unknown. */
  static OptionalDouble freePercent(long[] before, long[] after) {
    if (before == null || after == null) {
      return OptionalDouble.empty();
    }
    var delta = new long[before.length];
    Arrays.setAll(delta, i -> after[i] - before[i]);
    var shares = ResultMapping.cpuShares(delta);
    return shares == null ? OptionalDouble.empty() : OptionalDouble.of(shares.idle() + shares.iowait());
  }

  /** Probes the file system holding {@code path} (its nearest existing directory). */
  public ProbeResult probe(Path path) {
    var directory = existingDirectory(path);
    if (directory == null) {
      return ProbeResult.notRun(String.valueOf(path), "no existing directory at or above " + path);
    }
    Path scratch = null;
    try {
      scratch = Files.createTempFile(directory, ".ycsb-storage-probe-", ".tmp");
      writeScratch(scratch);
      return measure(directory, scratch);
    } catch (IOException | RuntimeException e) {
      return ProbeResult.notRun(directory.toString(), "probe failed: " + e);
    } finally {
      if (scratch != null) {
        try {
          Files.deleteIfExists(scratch);
        } catch (IOException e) {
          System.err.println("collector: could not delete probe file " + scratch + ": " + e.getMessage());
        }
      }
    }
  }

  private static Path existingDirectory(Path path) {
    var candidate = path.toAbsolutePath().normalize();
    while (candidate != null && !Files.isDirectory(candidate)) {
      candidate = candidate.getParent();
    }
    return candidate;
  }

  private void writeScratch(Path scratch) throws IOException {
    var chunk = ByteBuffer.allocateDirect(SEQUENTIAL_CHUNK);
    var random = new SplittableRandom(42);
    while (chunk.hasRemaining()) {
      chunk.putLong(random.nextLong());
    }
    try (var channel = FileChannel.open(scratch, StandardOpenOption.WRITE)) {
      for (long written = 0; written < fileBytes; written += SEQUENTIAL_CHUNK) {
        chunk.clear();
        while (chunk.hasRemaining()) {
          channel.write(chunk);
        }
      }
      channel.force(true);
    }
  }

  private ProbeResult measure(Path directory, Path scratch) throws IOException {
    String reason = null;
    FileChannel opened;
    int alignment = BLOCK;
    try {
      alignment = (int) Math.max(BLOCK, Files.getFileStore(scratch).getBlockSize());
      opened = FileChannel.open(scratch, StandardOpenOption.READ, direct);
    } catch (IOException | UnsupportedOperationException e) {
      reason = "O_DIRECT refused by " + fileStoreType(scratch) + " (" + e.getMessage()
          + "): buffered reads, which may be served from the page cache";
      opened = FileChannel.open(scratch, StandardOpenOption.READ);
    }
    boolean direct = reason == null;
    try (var channel = opened) {
      var block = ByteBuffer.allocateDirect(BLOCK + alignment).alignedSlice(alignment);
      block.limit(BLOCK);
      var rounds = new Histogram[ROUNDS];
      Arrays.setAll(rounds, i -> new Histogram(60_000_000_000L, 3));
      long blocks = fileBytes / Math.max(BLOCK, alignment);
      var random = new SplittableRandom();
      long randomBudget = budget.toNanos() * 2 / 3;
      var cpuBefore = cpuTicks.get();
      long start = nanoClock.getAsLong();
      long reads = 0;
      for (long elapsed; (elapsed = nanoClock.getAsLong() - start) < randomBudget; reads++) {
        long offset = random.nextLong(blocks) * Math.max(BLOCK, alignment);
        block.clear().limit(BLOCK);
        long t0 = nanoClock.getAsLong();
        channel.read(block, offset);
        rounds[(int) (elapsed * ROUNDS / randomBudget)].recordValue(Math.max(1, nanoClock.getAsLong() - t0));
      }
      double randomSeconds = (nanoClock.getAsLong() - start) / 1e9;
      var cpuFree = freePercent(cpuBefore, cpuTicks.get());
      double sequential = sequentialMBps(channel, alignment, budget.toNanos() - randomBudget);
      var histogram = new Histogram(60_000_000_000L, 3);
      var roundP50Us = new ArrayList<Long>();
      for (var round : rounds) {
        histogram.add(round);
        if (round.getTotalCount() > 0) {
          roundP50Us.add(round.getValueAtPercentile(50) / 1000);
        }
      }
      long p50 = histogram.getValueAtPercentile(50) / 1000;
      return ProbeMedium.measured(directory.toString(), direct, Optional.ofNullable(reason), fileBytes, reads,
          histogram.getMean() / 1000, p50, histogram.getValueAtPercentile(90) / 1000,
          histogram.getValueAtPercentile(99) / 1000, histogram.getMaxValue() / 1000,
          reads / randomSeconds, sequential, roundP50Us, cpuFree);
    }
  }

  private double sequentialMBps(FileChannel channel, int alignment, long budgetNanos) throws IOException {
    var chunk = ByteBuffer.allocateDirect(SEQUENTIAL_CHUNK + alignment).alignedSlice(alignment);
    long start = nanoClock.getAsLong();
    long bytes = 0;
    long position = 0;
    do {
      chunk.clear().limit(SEQUENTIAL_CHUNK);
      int n = channel.read(chunk, position);
      if (n <= 0) {
        position = 0;
        continue;
      }
      bytes += n;
      position = (position + n) % fileBytes;
    } while (nanoClock.getAsLong() - start < budgetNanos);
    return bytes / 1e6 / ((nanoClock.getAsLong() - start) / 1e9);
  }

  private static String fileStoreType(Path file) {
    try {
      return Files.getFileStore(file).type();
    } catch (IOException e) {
      return "this file system";
    }
  }
}
