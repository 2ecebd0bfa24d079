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
}
