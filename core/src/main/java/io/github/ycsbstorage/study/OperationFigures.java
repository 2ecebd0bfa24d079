package io.github.ycsbstorage.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The latency figures of one operation type, in microseconds, as in the result file's
 * {@code summary.operations} (docs/RESULTS.md). Immutable.
 *
 * @param returnCodes YCSB's {@code Return=} counts; empty when unknown
 */
public record OperationFigures(long count, double averageUs, long minUs, long maxUs, long p50Us, long p95Us,
    long p99Us, long p999Us, Map<String, Long> returnCodes) {

  /** Percentiles written for latency plots: dense towards the tail. */
  static final double[] PLOT_PERCENTILES = {0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 100};

  public OperationFigures {
    returnCodes = Map.copyOf(returnCodes);
  }

  public static OperationFigures of(Histogram histogram, Map<String, Long> returnCodes) {
    var empty = histogram.getTotalCount() == 0;
    return new OperationFigures(histogram.getTotalCount(), empty ? 0 : histogram.getMean(),
        empty ? 0 : histogram.getMinValue(), histogram.getMaxValue(), histogram.getValueAtPercentile(50),
        histogram.getValueAtPercentile(95), histogram.getValueAtPercentile(99), histogram.getValueAtPercentile(99.9),
        returnCodes);
  }

  /** {@code [percentile, latencyUs]} pairs for plots. */
  public static List<double[]> distribution(Histogram histogram) {
    var points = new ArrayList<double[]>();
    for (var percentile : PLOT_PERCENTILES) {
      points.add(new double[] {percentile, histogram.getValueAtPercentile(percentile)});
    }
    return points;
  }
}
