package io.github.ycsbstorage.report;

/**
 * Two devices at one workload, distribution and dataset size: how many times the first one's
 * throughput the second one reached, and how many times lower its latencies were; {@link Judge}
 * says whether that is a verdict on the devices. Immutable.
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

  /** Whether both devices' latencies are intended-time ones: the ratios then compare those. */
  boolean intendedTime() {
    return first.intendedTime() && second.intendedTime();
  }

  /** Whether every run of both devices did enough operations for a p99 ({@link SampleSize}). */
  boolean p99Supported() {
    return first.supports(99) && second.supports(99);
  }
}
