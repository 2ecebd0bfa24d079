package io.github.ycsbstorage.collector.probe;

import io.github.ycsbstorage.result.CpuShares;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether a probe's sample was contended, so that no medium may be classified from it: its rounds
 * disagree, or the host's CPUs were saturated while it read. On a busy host a loop device's worker
 * thread waits for a CPU, and its reads then time the scheduler, not the medium (measured here: p50
 * 1–4 ms across runs on one file system, while fio said 40 µs). Stateless.
 */
public final class ProbeContention {
  /** Rounds disagree when the slowest round's median is more than this many times the fastest's. */
  public static final double SPREAD_FACTOR = 2;
  /** Medians under this many µs (all memory, {@link ProbeMedium#inferMedium}) compare as this. */
  private static final long FLOOR_US = 20;

  private ProbeContention() {
  }

  /**
   * Why the sample is contended; empty when it is not.
   *
   * @param roundP50Us     each round's median random-read latency, µs
   * @param cpuFreePercent the host's idle + iowait time while the probe read, % of all CPUs; empty if unknown
   */
  public static Optional<String> judge(List<Long> roundP50Us, OptionalDouble cpuFreePercent) {
    if (cpuFreePercent.isPresent() && cpuFreePercent.getAsDouble() < CpuShares.SATURATED_BELOW_PERCENT) {
      return Optional.of(String.format(Locale.ROOT, "inconclusive: the host's CPUs were saturated while the probe"
          + " read (%.1f %% idle + iowait, under %d %%): its latencies time CPU scheduling, not the medium",
          cpuFreePercent.getAsDouble(), (int) CpuShares.SATURATED_BELOW_PERCENT));
    }
    if (roundP50Us.size() > 1) {
      long fastest = Math.max(FLOOR_US, roundP50Us.stream().mapToLong(Long::longValue).min().orElseThrow());
      long slowest = Math.max(FLOOR_US, roundP50Us.stream().mapToLong(Long::longValue).max().orElseThrow());
      if (slowest > SPREAD_FACTOR * fastest) {
        return Optional.of(String.format(Locale.ROOT, "inconclusive: the probe's rounds disagree (median %s µs, more"
            + " than %.0f× apart): a contended host, not the medium", roundP50Us, SPREAD_FACTOR));
      }
    }
    return Optional.empty();
  }
}
