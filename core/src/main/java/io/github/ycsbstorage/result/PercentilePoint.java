package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One point of a latency distribution, written as {@code [percentile, µs]} (the study's
 * {@code latency} section, for plots). Immutable.
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
public record PercentilePoint(double percentile, double latencyUs) {
  /** Percentiles written for latency plots: dense towards the tail. */
  static final double[] PLOT_PERCENTILES = {0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 100};

  /** The plot's points of a histogram of µs values. */
  public static List<PercentilePoint> distribution(Histogram histogram) {
    var points = new java.util.ArrayList<PercentilePoint>();
    for (var percentile : PLOT_PERCENTILES) {
      points.add(new PercentilePoint(percentile, histogram.getValueAtPercentile(percentile)));
    }
    return points;
  }
}
