package io.github.ycsbstorage.report;

import io.github.ycsbstorage.config.Check;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * One device's figures at one workload, distribution and dataset size, over its repetitions: mean,
 * minimum and maximum throughput, the coefficient of variation between repetitions, the mean average
 * and p99 latency (intended time when every repetition has it, see {@link ReportCell#intendedTime()}),
 * and how many cells ran with the host's CPU saturated. Results whose phases ran at the same time are
 * the clients of one repetition (e.g. the pods of a Kubernetes Job, each with its own result file):
 * their throughputs add up, their average latencies are weighted by their operation counts, and their
 * p99 is unknown, since percentiles of several clients cannot be combined from their own percentiles.
 * A study's multi-client cell is one result already. Immutable.
 *
 * @param cells the run cells: every repetition's, every client's
 */
record Aggregate(String device, Mix mix, Scale scale, List<ReportCell> cells) {
  Aggregate {
    Check.argument(!cells.isEmpty(), "an aggregate needs at least one cell");
    cells = List.copyOf(cells);
  }

  /** The cells grouped into repetitions: cells whose phases overlap in time are one repetition's clients. */
  List<List<ReportCell>> repetitionCells() {
    var byStart = cells.stream().sorted(Comparator.comparing((ReportCell c) -> c.result().startedAt())).toList();
    var repetitions = new ArrayList<List<ReportCell>>();
    var current = new ArrayList<ReportCell>();
    Instant end = null;
    for (var cell : byStart) {
      if (end != null && !cell.result().startedAt().isBefore(end)) {
        repetitions.add(List.copyOf(current));
        current.clear();
        end = null;
      }
      current.add(cell);
      var finished = cell.result().finishedAt();
      end = end == null || finished.isAfter(end) ? finished : end;
    }
    repetitions.add(List.copyOf(current));
    return List.copyOf(repetitions);
  }

  int repetitions() {
    return repetitionCells().size();
  }

  double throughput() {
    return mean(throughputs());
  }

  double minThroughput() {
    return Arrays.stream(throughputs()).min().orElseThrow();
  }

  double maxThroughput() {
    return Arrays.stream(throughputs()).max().orElseThrow();
  }

  /** Each repetition's throughput: the sum of its clients'. */
  double[] throughputs() {
    return repetitionCells().stream().mapToDouble(clients -> clients.stream().mapToDouble(ReportCell::throughput)
        .sum()).toArray();
  }

  /** Sample standard deviation ÷ mean of the throughput; empty with one repetition. */
  OptionalDouble throughputCv() {
    var values = throughputs();
    if (values.length < 2) {
      return OptionalDouble.empty();
    }
    var mean = mean(values);
    double squares = 0;
    for (var value : values) {
      squares += (value - mean) * (value - mean);
    }
    return OptionalDouble.of(Math.sqrt(squares / (values.length - 1)) / mean);
  }

  /**
   * Mean over repetitions of the average latency in µs, a repetition's clients weighted by their
   * operation counts (NaN when one is unknown).
   */
  double averageLatencyUs() {
    return weightedMean(ReportCell::averageLatencyUs);
  }

  /** Mean over repetitions of the worst p99 in µs; NaN when one is unknown or had several clients. */
  double p99Us() {
    return singleClientMean(ReportCell::worstP99Us);
  }

  /** Whether every repetition's latencies are intended-time ones ({@link ReportCell#intendedTime()}). */
  boolean intendedTime() {
    return cells.stream().allMatch(ReportCell::intendedTime);
  }

  /** {@link #averageLatencyUs()} from the service times. */
  double serviceAverageLatencyUs() {
    return weightedMean(ReportCell::serviceAverageLatencyUs);
  }

  /** {@link #p99Us()} from the service times. */
  double serviceP99Us() {
    return singleClientMean(ReportCell::serviceWorstP99Us);
  }

  /** Mean over repetitions of a cell figure, a repetition's clients weighted by their operation counts. */
  private double weightedMean(ToDoubleFunction<ReportCell> figure) {
    return mean(repetitionCells().stream().mapToDouble(clients -> {
      double sum = 0;
      long count = 0;
      for (var client : clients) {
        var operations = client.result().summary().count();
        sum += figure.applyAsDouble(client) * operations;
        count += operations;
      }
      return count == 0 ? Double.NaN : sum / count;
    }).toArray());
  }

  /** Mean over repetitions of a cell figure that does not combine over clients: NaN for a multi-client one. */
  private double singleClientMean(ToDoubleFunction<ReportCell> figure) {
    return mean(repetitionCells().stream().mapToDouble(clients -> clients.size() == 1
        ? figure.applyAsDouble(clients.get(0)) : Double.NaN).toArray());
  }

  /** Whether every run did enough operations of each type for the percentile ({@link SampleSize}). */
  boolean supports(double percentile) {
    return cells.stream().allMatch(c -> c.supports(percentile));
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
