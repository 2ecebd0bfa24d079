package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.github.ycsbstorage.collector.sample.CounterDelta;
import io.github.ycsbstorage.collector.sample.ProcParsers;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * One device's extended statistics over an interval, with exactly the definitions of sysstat's
 * {@code iostat -x}: rates per second, {@code *_await} = time spent by completed requests / their
 * count (ms), {@code aqu-sz} = weighted time in queue / interval, {@code %util} = time with I/O in
 * flight / interval (capped at 100 as iostat does), {@code *areq-sz} = kB per request. Discard
 * figures are empty (written as {@code null}) when the kernel does not report them (before 4.18). Immutable.
 */
public record IoRates(
    @JsonProperty("r/s") double readsPerSec,
    @JsonProperty("w/s") double writesPerSec,
    @JsonProperty("rkB/s") double readKbPerSec,
    @JsonProperty("wkB/s") double writeKbPerSec,
    @JsonProperty("rrqm/s") double readMergesPerSec,
    @JsonProperty("wrqm/s") double writeMergesPerSec,
    @JsonProperty("r_await") double readAwaitMs,
    @JsonProperty("w_await") double writeAwaitMs,
    @JsonProperty("aqu-sz") double queueSize,
    @JsonProperty("%util") double utilPercent,
    @JsonProperty("rareq-sz") double readRequestKb,
    @JsonProperty("wareq-sz") double writeRequestKb,
    @JsonProperty("d/s") OptionalDouble discardsPerSec,
    @JsonProperty("dkB/s") OptionalDouble discardKbPerSec,
    @JsonProperty("d_await") OptionalDouble discardAwaitMs) {

  /**
   * Rates from diskstats deltas ({@link ProcParsers#DISK_FIELDS} counters; field count at the end).
   *
   * @param delta   counter deltas over the interval
   * @param seconds interval length
   */
  public static IoRates of(long[] delta, double seconds) {
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
  public static long[] delta(long[] previous, long[] current) {
    int fields = (int) Math.min(previous[ProcParsers.DISK_FIELDS], current[ProcParsers.DISK_FIELDS]);
    var delta = CounterDelta.of(previous, current, ProcParsers.DISK_FIELDS, 8);
    if (delta == null) {
      return null;
    }
    var withCount = Arrays.copyOf(delta, ProcParsers.DISK_FIELDS + 1);
    withCount[ProcParsers.DISK_FIELDS] = fields;
    return withCount;
  }
}
