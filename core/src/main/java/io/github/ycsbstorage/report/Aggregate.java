package io.github.ycsbstorage.report;

import java.util.List;
import java.util.OptionalDouble;

/**
 * One device's figures at one workload, distribution and dataset size, over its repetitions: mean,
 * minimum and maximum throughput, the coefficient of variation between repetitions, the mean average
 * and p99 latency (intended time when every repetition has it, see {@link ReportCell#intendedTime()}),
 * and how many repetitions ran with the host's CPU saturated. Immutable.
 *
 * @param cells the repetitions' run cells
 */
record Aggregate(String device, Mix mix, Scale scale, List<ReportCell> cells) {
  Aggregate {
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("an aggregate needs at least one cell");
    }
    cells = List.copyOf(cells);
  }

  int repetitions() {
    return cells.size();
  }

  double throughput() {
    return mean(cells.stream().mapToDouble(ReportCell::throughput).toArray());
  }

  double minThroughput() {
    return cells.stream().mapToDouble(ReportCell::throughput).min().orElseThrow();
  }

  double maxThroughput() {
    return cells.stream().mapToDouble(ReportCell::throughput).max().orElseThrow();
  }

  /** Sample standard deviation ÷ mean of the throughput; empty with one repetition. */
  OptionalDouble throughputCv() {
    if (cells.size() < 2) {
      return OptionalDouble.empty();
    }
    var values = cells.stream().mapToDouble(ReportCell::throughput).toArray();
    var mean = mean(values);
    double squares = 0;
    for (var value : values) {
      squares += (value - mean) * (value - mean);
    }
    return OptionalDouble.of(Math.sqrt(squares / (values.length - 1)) / mean);
  }

  /** Mean over repetitions of the cells' average latency in µs (NaN when a cell's is unknown). */
  double averageLatencyUs() {
    return mean(cells.stream().mapToDouble(ReportCell::averageLatencyUs).toArray());
  }

  /** Mean over repetitions of the cells' worst p99 in µs (NaN when a cell's is unknown). */
  double p99Us() {
    return mean(cells.stream().mapToDouble(ReportCell::worstP99Us).toArray());
  }

  /** Whether every repetition's latencies are intended-time ones ({@link ReportCell#intendedTime()}). */
  boolean intendedTime() {
    return cells.stream().allMatch(ReportCell::intendedTime);
  }

  /** {@link #averageLatencyUs()} from the service times. */
  double serviceAverageLatencyUs() {
    return mean(cells.stream().mapToDouble(ReportCell::serviceAverageLatencyUs).toArray());
  }

  /** {@link #p99Us()} from the service times. */
  double serviceP99Us() {
    return mean(cells.stream().mapToDouble(ReportCell::serviceWorstP99Us).toArray());
  }

  long cpuSaturated() {
    return cells.stream().filter(c -> c.cpuSaturated().orElse(false)).count();
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (var value : values) {
      sum += value;
    }
    return values.length == 0 ? Double.NaN : sum / values.length;
  }
}
