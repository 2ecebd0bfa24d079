package io.github.ycsbstorage.collector.sample;

import io.github.ycsbstorage.result.MemoryState;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Counter deltas summed over every usable interval of a run. Summing per-interval deltas (rather
 * than last − first) keeps wrap corrections and skips intervals lost to resets or missing files.
 * Not thread-safe: owned by {@link Sampler}, which synchronises.
 */
public final class RunTotals {
  final Map<String, long[]> disks = new HashMap<>();
  final Map<String, Double> diskSeconds = new HashMap<>();
  final Map<String, Double> maxUtil = new HashMap<>();
  long[] cpu;
  double cpuSeconds;
  long[] vm;
  long[] processIo;
  long[] processCpu;
  /** The process's threads' on-CPU and run-queue wait ns, summed over intervals; null when never read. */
  long[] threads;
  /** Why {@link #threads} falls short of the run, when it does. */
  String threadsShort;
  double seconds;
  MemoryState lastMemory;

  /**
   * @param util the interval's {@code %util}, or null when the interval is not full (it then adds to
   *             the totals, but not to the maximum)
   */
  void addDisk(String name, long[] delta, double intervalSeconds, Double util) {
    var sum = disks.computeIfAbsent(name, key -> {
      var fresh = new long[ProcParsers.DISK_FIELDS + 1];
      fresh[ProcParsers.DISK_FIELDS] = ProcParsers.DISK_FIELDS;
      return fresh;
    });
    for (int i = 0; i < ProcParsers.DISK_FIELDS; i++) {
      sum[i] = i == 8 ? delta[i] : sum[i] + delta[i];
    }
    sum[ProcParsers.DISK_FIELDS] = Math.min(sum[ProcParsers.DISK_FIELDS], delta[ProcParsers.DISK_FIELDS]);
    diskSeconds.merge(name, intervalSeconds, Double::sum);
    if (util != null) {
      maxUtil.merge(name, util, Math::max);
    }
  }

  static long[] add(long[] sum, long[] delta) {
    if (sum == null) {
      return delta.clone();
    }
    for (int i = 0; i < delta.length; i++) {
      sum[i] += delta[i];
    }
    return sum;
  }

  /** Summed diskstats deltas per device (the in-flight gauge holds the last value). */
  public Map<String, long[]> disks() {
    return Map.copyOf(disks);
  }

  public double diskSeconds(String device) {
    return diskSeconds.getOrDefault(device, 0.0);
  }

  /** The highest {@code %util} of a full interval; empty when no interval was full. */
  public OptionalDouble maxUtil(String device) {
    var max = maxUtil.get(device);
    return max == null ? OptionalDouble.empty() : OptionalDouble.of(max);
  }

  /** Summed cpu tick deltas, or null when never observed. */
  public long[] cpu() {
    return cpu;
  }

  public double cpuSeconds() {
    return cpuSeconds;
  }

  public long[] vm() {
    return vm;
  }

  public long[] processIo() {
    return processIo;
  }

  public long[] processCpu() {
    return processCpu;
  }

  /** The process's threads' {on-CPU ns, run-queue wait ns}; null when never read. */
  public long[] threads() {
    return threads;
  }

  /** Why {@link #threads()} does not cover every interval, or null when it does. */
  public String threadsShort() {
    return threadsShort;
  }

  /** Total sampled time. */
  public double seconds() {
    return seconds;
  }

  public MemoryState lastMemory() {
    return lastMemory;
  }
}
