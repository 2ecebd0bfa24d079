package io.github.ycsbstorage.config;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An amount of bytes, as written by users: {@code 128GB}, {@code 1.5 TiB}, {@code 4096}.
 *
 * <p>Decimal units (KB, MB, GB, TB) are powers of 1000, binary units (KiB, MiB, GiB, TiB) powers of
 * 1024, as storage vendors and the published studies use them; a bare letter (K, M, G, T) is binary, as
 * {@code dd}, {@code truncate} and the JVM's {@code -Xmx} read it. Fractional values are allowed; the
 * result is rounded to whole bytes. Immutable.
 *
 * @param bytes the amount, never negative
 */
public record ByteSize(long bytes) implements Comparable<ByteSize> {
  /** What {@link #parse} accepts, for error messages. */
  public static final String ACCEPTED =
      "a non-negative number with an optional unit: B, KB, MB, GB, TB (powers of 1000) "
          + "or KiB, MiB, GiB, TiB and K, M, G, T (powers of 1024, as dd reads them), e.g. 128GB, 1.5TiB, 8G, 4096";

  private static final Pattern FORMAT =
      Pattern.compile("\\s*(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*([A-Za-z]*)\\s*");
  private static final String[] DECIMAL_UNITS = {"B", "KB", "MB", "GB", "TB", "PB"};

  public ByteSize {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must not be negative: " + bytes);
    }
  }

  public static ByteSize ofBytes(long bytes) {
    return new ByteSize(bytes);
  }

  /**
   * Parses a size.
   *
   * @throws IllegalArgumentException naming the text and what is accepted
   */
  public static ByteSize parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("no size given; expected " + ACCEPTED);
    }
    var matcher = FORMAT.matcher(text);
    if (!matcher.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a size; expected " + ACCEPTED);
    }
    long multiplier = switch (matcher.group(2).toUpperCase(Locale.ROOT)) {
      case "", "B" -> 1L;
      case "KB" -> 1_000L;
      case "MB" -> 1_000_000L;
      case "GB" -> 1_000_000_000L;
      case "TB" -> 1_000_000_000_000L;
      case "KIB", "K" -> 1L << 10;
      case "MIB", "M" -> 1L << 20;
      case "GIB", "G" -> 1L << 30;
      case "TIB", "T" -> 1L << 40;
      default -> throw new IllegalArgumentException(
          "'" + text + "' has an unknown unit '" + matcher.group(2) + "'; expected " + ACCEPTED);
    };
    var exact = new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(multiplier));
    if (exact.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("'" + text + "' is too large; at most 8 EB");
    }
    return new ByteSize(exact.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact());
  }

  /** Human form in decimal units with one decimal, e.g. {@code 128.0 GB}, as the sizing plan prints. */
  public String toDecimalString() {
    double value = bytes;
    int unit = 0;
    while (value >= 1000 && unit < DECIMAL_UNITS.length - 1) {
      value /= 1000;
      unit++;
    }
    return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, DECIMAL_UNITS[unit]);
  }

  @Override
  public int compareTo(ByteSize other) {
    return Long.compare(bytes, other.bytes);
  }

  @Override
  public String toString() {
    return toDecimalString();
  }
}
