package io.github.ycsbstorage.workload;

import java.util.List;
import java.util.OptionalInt;

/**
 * SNIA's steady-state test (Solid State Storage Performance Test Specification, 2.1.1): a window of
 * {@value #WINDOW} rounds is steady when the values' range is at most {@value #MAX_EXCURSION} of their
 * mean, and the least-squares line through them rises or falls across the window by at most
 * {@value #MAX_SLOPE_EXCURSION} of that mean. Stateless.
 */
final class SteadyStateCriterion {
  static final int WINDOW = 5;
  static final double MAX_EXCURSION = 0.20;
  static final double MAX_SLOPE_EXCURSION = 0.10;

  private SteadyStateCriterion() {
  }

  /** Whether the last {@value #WINDOW} values are steady; false with fewer. */
  static boolean lastWindowSteady(List<Double> values) {
    return values.size() >= WINDOW && steady(values.subList(values.size() - WINDOW, values.size()));
  }

  /** The 1-based index of the first value of the first steady window, if any. */
  static OptionalInt firstSteadyWindow(List<Double> values) {
    for (int end = WINDOW; end <= values.size(); end++) {
      if (steady(values.subList(end - WINDOW, end))) {
        return OptionalInt.of(end - WINDOW + 1);
      }
    }
    return OptionalInt.empty();
  }

  private static boolean steady(List<Double> window) {
    double mean = window.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    if (!(mean > 0)) {
      return false; // a stalled workload is not steady: it did nothing
    }
    double min = window.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = window.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return max - min <= MAX_EXCURSION * mean
        && Math.abs(slope(window)) * (window.size() - 1) <= MAX_SLOPE_EXCURSION * mean;
  }

  /** The least-squares slope of the values against their index. */
  private static double slope(List<Double> values) {
    int n = values.size();
    double meanX = (n - 1) / 2.0;
    double meanY = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double covariance = 0;
    double variance = 0;
    for (int i = 0; i < n; i++) {
      covariance += (i - meanX) * (values.get(i) - meanY);
      variance += (i - meanX) * (i - meanX);
    }
    return covariance / variance;
  }
}
