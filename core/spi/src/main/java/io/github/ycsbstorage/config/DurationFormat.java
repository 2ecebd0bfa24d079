package io.github.ycsbstorage.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Parses durations as users write them in properties: {@code 500ms}, {@code 10s}, {@code 5m},
 * {@code 1h}, or a bare number of seconds. Stateless and thread-safe.
 */
public final class DurationFormat {
  /** What {@link #parse} accepts, for error messages. */
  public static final String ACCEPTED =
      "a non-negative number with an optional unit: ms, s, m, h (default s), e.g. 500ms, 10s, 5m";

  /** No upper bound, for {@link #range}: longer than any duration {@link #parse} returns. */
  public static final Duration UNBOUNDED = Duration.ofSeconds(Long.MAX_VALUE);

  private static final List<Duration> EXAMPLES = List.of(Duration.ofSeconds(1), Duration.ofMillis(500),
      Duration.ofSeconds(10), Duration.ofMinutes(5), Duration.ofHours(1));

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

  /**
   * Words for the durations in {@code [min, max]}, with two examples inside the range, e.g.
   * "a duration from 10ms to 1h, e.g. 1s or 500ms" or "a duration of at least 1ms, e.g. 1s or 500ms".
   */
  public static String range(Duration min, Duration max) {
    var range = max.equals(UNBOUNDED) ? "a duration of at least " + format(min)
        : "a duration from " + format(min) + " to " + format(max);
    var examples = EXAMPLES.stream().filter(e -> e.compareTo(min) >= 0 && e.compareTo(max) <= 0).limit(2)
        .map(DurationFormat::format).collect(Collectors.joining(" or "));
    return examples.isEmpty() ? range : range + ", e.g. " + examples;
  }

  /** The duration in the largest of h, m, s and ms that holds it exactly, e.g. {@code 10ms}, {@code 1h}. */
  public static String format(Duration duration) {
    long millis = duration.toMillis();
    if (millis != 0 && millis % 3_600_000 == 0) {
      return millis / 3_600_000 + "h";
    }
    if (millis != 0 && millis % 60_000 == 0) {
      return millis / 60_000 + "m";
    }
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }
}
