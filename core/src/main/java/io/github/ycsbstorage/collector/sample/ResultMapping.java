package io.github.ycsbstorage.collector.sample;

import io.github.ycsbstorage.result.CpuShares;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.IoRates;
import io.github.ycsbstorage.result.MemoryState;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * Maps the sampler's {@code /proc} counters onto the result file's records, whose format the
 * {@code result} package owns: diskstats deltas to iostat figures, {@code /proc/stat} deltas to CPU
 * shares, meminfo to memory gauges, and a {@link Snapshot} to the raw reading a result keeps (and
 * back, for a study cell that differences its clients' readings). Stateless.
 */
public final class ResultMapping {
  private ResultMapping() {
  }

  /**
   * Rates from diskstats deltas ({@link ProcParsers#DISK_FIELDS} counters; field count at the end),
   * with exactly the definitions of sysstat's {@code iostat -x} ({@link IoRates}).
   *
   * @param delta   counter deltas over the interval
   * @param seconds interval length
   */
  public static IoRates ioRates(long[] delta, double seconds) {
    if (!(seconds > 0)) {
      throw new IllegalArgumentException("seconds must be positive: " + seconds);
    }
    long reads = delta[0];
    long writes = delta[4];
    long discards = delta[11];
    boolean hasDiscards = delta[ProcParsers.DISK_FIELDS] >= 15;
    double intervalMs = seconds * 1000;
    return new IoRates(
        reads / seconds,
        writes / seconds,
        delta[2] / 2.0 / seconds,
        delta[6] / 2.0 / seconds,
        delta[1] / seconds,
        delta[5] / seconds,
        reads == 0 ? 0 : (double) delta[3] / reads,
        writes == 0 ? 0 : (double) delta[7] / writes,
        delta[10] / intervalMs,
        Math.min(100.0, delta[9] * 100.0 / intervalMs),
        reads == 0 ? 0 : delta[2] / 2.0 / reads,
        writes == 0 ? 0 : delta[6] / 2.0 / writes,
        hasDiscards ? OptionalDouble.of(discards / seconds) : OptionalDouble.empty(),
        hasDiscards ? OptionalDouble.of(delta[13] / 2.0 / seconds) : OptionalDouble.empty(),
        hasDiscards ? OptionalDouble.of(discards == 0 ? 0.0 : (double) delta[14] / discards) : OptionalDouble.empty());
  }

  /** Diskstats deltas between two readings of one device, or null when a counter was reset. */
  public static long[] diskDelta(long[] previous, long[] current) {
    int fields = (int) Math.min(previous[ProcParsers.DISK_FIELDS], current[ProcParsers.DISK_FIELDS]);
    var delta = CounterDelta.of(previous, current, ProcParsers.DISK_FIELDS, 8);
    if (delta == null) {
      return null;
    }
    var withCount = Arrays.copyOf(delta, ProcParsers.DISK_FIELDS + 1);
    withCount[ProcParsers.DISK_FIELDS] = fields;
    return withCount;
  }

  /** Shares ({@link CpuShares}) from a {@link ProcParsers#cpu} delta; null when no tick elapsed. */
  public static CpuShares cpuShares(long[] delta) {
    double total = 0;
    for (int i = 0; i < 8; i++) {
      total += delta[i];
    }
    if (total <= 0) {
      return null;
    }
    return new CpuShares(
        100.0 * (delta[0] + delta[1]) / total,
        100.0 * (delta[2] + delta[5] + delta[6]) / total,
        100.0 * delta[4] / total,
        100.0 * delta[7] / total,
        100.0 * delta[3] / total);
  }

  /** Busy ticks (neither idle, iowait nor steal) in a {@link ProcParsers#cpu} delta. */
  public static long busyTicks(long[] delta) {
    return delta[0] + delta[1] + delta[2] + delta[5] + delta[6];
  }

  /** Gauges ({@link MemoryState}) from {@link ProcParsers#meminfo} values (kB, -1 = absent). */
  public static MemoryState memoryState(long[] kb) {
    return new MemoryState(difference(kb[0], kb[2]), bytes(kb[4]), bytes(kb[5]), bytes(kb[6]),
        difference(kb[7], kb[8]));
  }

  private static Long bytes(long kb) {
    return kb < 0 ? null : kb * 1024;
  }

  private static Long difference(long a, long b) {
    return a < 0 || b < 0 ? null : (a - b) * 1024;
  }

  /** The raw reading a result keeps of a snapshot. */
  public static Io.Reading reading(Snapshot snapshot) {
    return new Io.Reading(snapshot.epochMillis(), snapshot.nanos(), snapshot.disks(), snapshot.cpu(),
        snapshot.memory(), snapshot.vm(), snapshot.processIo(), snapshot.processCpu(), snapshot.threads(),
        snapshot.missing());
  }

  /** A snapshot again from a result's raw reading. */
  public static Snapshot snapshot(Io.Reading reading) {
    return new Snapshot(reading.epochMillis(), reading.nanos(), reading.disks(), reading.cpu(), reading.memory(),
        reading.vm(), reading.processIo(), reading.processCpu(), reading.threads(), reading.missing());
  }
}
