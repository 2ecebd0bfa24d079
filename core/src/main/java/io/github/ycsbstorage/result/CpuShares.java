package io.github.ycsbstorage.result;

/**
 * Host CPU time shares over an interval, in percent of all CPUs, from {@code /proc/stat} deltas:
 * user = user + nice, system = system + irq + softirq (guest time is already inside user/nice and
 * is not counted twice). Immutable.
 */
public record CpuShares(double user, double system, double iowait, double steal, double idle) {
  /**
   * Below this share of idle + iowait time the CPUs were the bottleneck. iowait counts as free: a CPU
   * waiting for I/O had nothing else to run, which is what a storage-bound phase looks like.
   */
  public static final double SATURATED_BELOW_PERCENT = 5;

  /** Shares from a {@link ProcParsers#cpu} delta; null when no tick elapsed. */
  public static CpuShares of(long[] delta) {
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
}
