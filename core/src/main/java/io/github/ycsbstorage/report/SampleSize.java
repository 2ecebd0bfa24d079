package io.github.ycsbstorage.report;

import java.util.Locale;

/**
 * Whether a run did enough operations for a figure: a percentile needs about ten samples beyond it
 * (p99 1,000 operations, p99.9 10,000), else it is the largest of a handful and says nothing about a
 * tail; a device verdict needs as many operations per run as a p99 does, and a run at least
 * {@value #MIN_COLLECTOR_INTERVALS} collector intervals long, so that its device figures are more than
 * one sample. Stateless.
 */
public final class SampleSize {
  /** Samples a percentile needs beyond it. */
  private static final double SAMPLES_BEYOND = 10;
  /** Operations per run below which no device verdict is given (as many as a p99 needs). */
  static final long MIN_OPERATIONS_FOR_VERDICT = needed(99);
  /** Collector intervals a run must span for its device figures to be more than one sample. */
  static final int MIN_COLLECTOR_INTERVALS = 3;
  /** What a figure the sample cannot support is shown as. */
  public static final String TOO_FEW = "—";

  private SampleSize() {
  }

  /** Operations a percentile needs: {@code 10 / (1 − p/100)}, e.g. 1,000 for p99, 10,000 for p99.9. */
  public static long needed(double percentile) {
    return Math.round(SAMPLES_BEYOND / (1 - percentile / 100));
  }

  public static boolean supports(long operations, double percentile) {
    return operations >= needed(percentile);
  }

  /** The note beside a table or line that shows {@link #TOO_FEW}. */
  static String note() {
    return String.format(Locale.ROOT, "%s: too few operations for that percentile (p99 needs %,d, p99.9 %,d)",
        TOO_FEW, needed(99), needed(99.9));
  }
}
