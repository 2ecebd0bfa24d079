package io.github.ycsbstorage.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Parses durations as users write them in properties: {@code 500ms}, {@code 10s}, {@code 5m},
 * {@code 1h}, or a bare number of seconds. Stateless and thread-safe.
 */
public final class DurationFormat {
  /** What {@link #parse} accepts, for error messages. */
  public static final String ACCEPTED =
      "a non-negative number with an optional unit: ms, s, m, h (default s), e.g. 500ms, 10s, 5m";

  private static final Pattern FORMAT = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*([A-Za-z]*)\\s*");

  private DurationFormat() {
  }

  /**
   * Parses a duration.
   *
   * @throws IllegalArgumentException naming the text and what is accepted
   */
  public static Duration parse(String text) {
    var matcher = text == null ? null : FORMAT.matcher(text);
    if (matcher == null || !matcher.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a duration; expected " + ACCEPTED);
    }
    double amount = Double.parseDouble(matcher.group(1));
    double nanosPerUnit = switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
      case "ms" -> 1e6;
      case "", "s", "sec" -> 1e9;
      case "m", "min" -> 60e9;
      case "h" -> 3600e9;
      default -> throw new IllegalArgumentException(
          "'" + text + "' has an unknown unit '" + matcher.group(2) + "'; expected " + ACCEPTED);
    };
    double nanos = amount * nanosPerUnit;
    if (nanos > Long.MAX_VALUE) {
      throw new IllegalArgumentException("'" + text + "' is too long a duration");
    }
    return Duration.ofNanos(Math.round(nanos));
  }
}
