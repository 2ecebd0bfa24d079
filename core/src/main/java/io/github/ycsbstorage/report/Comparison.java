package io.github.ycsbstorage.report;

/**
 * Two devices at one workload, distribution and dataset size: how many times the first one's
 * throughput the second one reached, and how many times lower its latencies were. Immutable.
 *
 * @param first  the device named first in its pair (the faster one over the whole report)
 * @param second the other device
 */
record Comparison(Aggregate first, Aggregate second) {
  /** First's throughput ÷ second's. */
  double throughputSpeedup() {
    return first.throughput() / second.throughput();
  }

  /** Second's p99 ÷ first's: how many times lower first's p99 latency is. */
  double p99Ratio() {
    return second.p99Us() / first.p99Us();
  }

  /** Second's average latency ÷ first's. */
  double averageLatencyRatio() {
    return second.averageLatencyUs() / first.averageLatencyUs();
  }

  /**
   * Whether the repetitions' ranges of throughput overlap: the spread between repetitions is then
   * larger than the difference between the devices. False with a single repetition (unknown spread).
   */
  boolean spreadCoversDifference() {
    return first.repetitions() > 1 && second.repetitions() > 1
        && Math.max(first.minThroughput(), second.minThroughput())
        <= Math.min(first.maxThroughput(), second.maxThroughput());
  }

  /** Whether both devices' latencies are intended-time ones: the ratios then compare those. */
  boolean intendedTime() {
    return first.intendedTime() && second.intendedTime();
  }

  boolean cpuSaturated() {
    return first.cpuSaturated() > 0 || second.cpuSaturated() > 0;
  }
}
