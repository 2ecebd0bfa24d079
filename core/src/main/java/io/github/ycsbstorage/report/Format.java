package io.github.ycsbstorage.report;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * How the report writes figures: rounded to what a reader compares, with units, and
 * {@code unknown} for a figure that was not measured (never 0). Stateless.
 */
final class Format {
  static final String UNKNOWN = "unknown";

  private Format() {
  }

  /** Operations per second: {@code 48,975 ops/s}, {@code 42.6 ops/s} below 100. */
  static String throughput(double opsPerSec) {
    if (!Double.isFinite(opsPerSec)) {
      return UNKNOWN;
    }
    return String.format(Locale.ROOT, opsPerSec >= 100 ? "%,.0f ops/s" : "%.1f ops/s", opsPerSec);
  }

  /** A latency given in µs, in the unit that keeps it short: {@code 850 µs}, {@code 4.25 ms}, {@code 460 ms}, {@code 1.20 s}. */
  static String latency(double micros) {
    if (!Double.isFinite(micros)) {
      return UNKNOWN;
    }
    if (micros < 1000) {
      return String.format(Locale.ROOT, "%.0f µs", micros);
    }
    if (micros < 10_000) {
      return String.format(Locale.ROOT, "%.2f ms", micros / 1000);
    }
    if (micros < 1_000_000) {
      return String.format(Locale.ROOT, "%.0f ms", micros / 1000);
    }
    return String.format(Locale.ROOT, "%.2f s", micros / 1_000_000);
  }

  /** A ratio such as a speedup: {@code 31.9×}. */
  static String ratio(double value) {
    return Double.isFinite(value) ? String.format(Locale.ROOT, "%.1f×", value) : UNKNOWN;
  }

  /**
   * A multiple of the memory it was sized against, naming that memory: {@code 1.33× RAM},
   * {@code 0.5× cache}; {@code × memory} when the basis is unknown.
   */
  static String multiple(double value, String basis) {
    return number(value) + "× " + basis;
  }

  /** A number without trailing zeros: {@code 1.33}, {@code 2}. */
  static String number(double value) {
    return new java.math.BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
  }

  /** A share in per cent: {@code 4.2 %}. */
  static String percent(double share) {
    return Double.isFinite(share) ? String.format(Locale.ROOT, "%.1f %%", share * 100) : UNKNOWN;
  }

  static String percent(OptionalDouble share) {
    return share.isPresent() ? percent(share.getAsDouble()) : UNKNOWN;
  }

  /** A count: {@code 92,220}. */
  static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /**
   * A figure per operation to what a reader compares: three decimals below 10 ({@code 0.783}), one
   * below 1,000 ({@code 50.0}), none above ({@code 11,530}).
   */
  static String precise(double value) {
    if (!Double.isFinite(value)) {
      return UNKNOWN;
    }
    var magnitude = Math.abs(value);
    return String.format(Locale.ROOT, magnitude >= 1000 ? "%,.0f" : magnitude >= 10 ? "%.1f" : "%.3f", value);
  }
}
