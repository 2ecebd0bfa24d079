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
  /**
   * From this share of steal time on, the hypervisor ran other guests on this machine's CPUs often
   * enough to shape the figures: a thread whose CPU is taken stops, and the guest's own scheduler does
   * not see it (no run-queue wait). Runs on this project's shared VM measured 0–0.7 % as a rule; the
   * capacity steps that missed a 2 ms p99 at a tenth of the rate others met had 4–25 % (docs/study.md).
   */
  public static final double STOLEN_FROM_PERCENT = 2;

  /** Whether the hypervisor took the CPUs for {@link #STOLEN_FROM_PERCENT} of the time or more. */
  public boolean stolen() {
    return steal >= STOLEN_FROM_PERCENT;
  }
}
