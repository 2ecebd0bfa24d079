package io.github.ycsbstorage.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Typed, validating access to YCSB {@link Properties}. Every failure is an
 * {@link InvalidPropertyException} that names the property, the value and what is accepted.
 *
 * <p>Not thread-safe if the underlying {@code Properties} is modified concurrently; reading is the
 * intended use, during {@code init()}.
 */
public final class PropertyReader {
  /** What a boolean key accepts. */
  public static final String BOOLEAN = "true or false";
  /** A plain decimal: digits, an optional fraction and exponent; no hex float, no 'd'/'f' suffix. */
  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  private final Properties properties;

  public PropertyReader(Properties properties) {
    Check.argument(properties != null, "properties must not be null");
    this.properties = properties;
  }

  /** The raw value, trimmed, or empty when the property is absent or blank. */
  public Optional<String> string(String key) {
    var value = properties.getProperty(key);
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
  }

  public String string(String key, String defaultValue) {
    return string(key).orElse(defaultValue);
  }

  /**
   * The key to read a setting under that also has older spellings: the first of {@code key} and its
   * {@code aliases} that is set, else {@code key}. Typed reads of the returned key then name the
   * spelling the user wrote in their errors (e.g. {@code mongodb.batchsize}, then YCSB's {@code batchsize}).
   */
  public String aliased(String key, String... aliases) {
    return Stream.concat(Stream.of(key), Arrays.stream(aliases)).filter(k -> string(k).isPresent()).findFirst()
        .orElse(key);
  }

  /**
   * A comma-separated list, each entry trimmed; {@code defaultValue} when unset, none when blank. A list
   * that is given names no empty entry ({@code study.ratios=1,,2}, {@code collector.paths=,}): one would
   * be a value the user meant and mistyped, so it is refused rather than dropped.
   */
  public List<String> list(String key, String defaultValue) {
    var value = string(key, defaultValue);
    if (value.isBlank()) {
      return List.of();
    }
    var entries = Arrays.stream(value.split(",", -1)).map(String::trim).toList();
    Check.input(!entries.contains(""), key, properties.getProperty(key, value), "a comma-separated list of one or more entries",
        "it has an empty entry");
    return entries;
  }

  /** Whitespace-separated words (e.g. a command and its options); {@code defaultValue} when unset. */
  public List<String> words(String key, String defaultValue) {
    return Arrays.stream(string(key, defaultValue).trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
  }

  public boolean bool(String key, boolean defaultValue) {
    return string(key).map(value -> parseBoolean(key, value)).orElse(defaultValue);
  }

  /**
   * The one boolean of every key of ours: {@code true} or {@code false} in any case, nothing else
   * ({@code yes}, {@code 1} and {@code on} would read as different things to YCSB's
   * {@code Boolean.parseBoolean} and to a user).
   */
  public static boolean parseBoolean(String key, String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new InvalidPropertyException(key, value, BOOLEAN);
    };
  }

  public int integer(String key, int defaultValue, int min, int max) {
    return (int) longValue(key, defaultValue, min, max);
  }

  public long longValue(String key, long defaultValue, long min, long max) {
    var value = string(key);
    if (value.isEmpty()) {
      return defaultValue;
    }
    return parseLong(key, value.get(), min, max);
  }

  /** Parses a whole number in {@code [min, max]} for the named property or argument. */
  public static long parseLong(String key, String value, long min, long max) {
    long parsed;
    try {
      parsed = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new InvalidPropertyException(key, value, range(min, max, value.trim().matches("\\d{10,}")));
    }
    Check.input(parsed >= min && parsed <= max, key, value, range(min, max, parsed > max));
    return parsed;
  }

  /**
   * A file path for the named property or argument; a string the file system cannot name (e.g. with
   * characters the platform encoding cannot map) is refused here instead of failing later.
   */
  public static Path parsePath(String key, String value) {
    try {
      return Path.of(value.trim());
    } catch (InvalidPathException e) {
      throw new InvalidPropertyException(key, value, "a file path", e.getReason());
    }
  }

  public double decimal(String key, double defaultValue) {
    return string(key).map(value -> parseDecimal(key, value)).orElse(defaultValue);
  }

  /**
   * A decimal number {@code > 0}, or empty when unset.
   *
   * @param accepted what the property means, for the error, e.g. "a positive multiple of the server's memory"
   */
  public OptionalDouble positiveDecimal(String key, String accepted) {
    return string(key).map(value -> OptionalDouble.of(parsePositiveDecimal(key, value, accepted)))
        .orElse(OptionalDouble.empty());
  }

  /** Parses a decimal number {@code > 0} for the named property or argument (or one entry of its list). */
  public static double parsePositiveDecimal(String key, String value, String accepted) {
    double parsed = parseDecimal(key, value);
    Check.input(parsed > 0, key, value, accepted, "it must be > 0");
    return parsed;
  }

  private static double parseDecimal(String key, String value) {
    // Double.parseDouble also takes hex floats (0x1p1) and type suffixes (2d): not what a user means
    if (DECIMAL.matcher(value.trim()).matches()) {
      double parsed = Double.parseDouble(value.trim());
      if (Double.isFinite(parsed)) {
        return parsed;
      }
    }
    throw new InvalidPropertyException(key, value, "a decimal number, e.g. 1.33");
  }

  public Optional<ByteSize> byteSize(String key) {
    return string(key).map(value -> {
      try {
        return ByteSize.parse(value);
      } catch (IllegalArgumentException e) {
        throw new InvalidPropertyException(key, value, ByteSize.ACCEPTED);
      }
    });
  }

  /** A duration, or empty when unset. */
  public Optional<Duration> duration(String key) {
    return string(key).map(value -> {
      try {
        return DurationFormat.parse(value);
      } catch (IllegalArgumentException e) {
        throw new InvalidPropertyException(key, value, DurationFormat.ACCEPTED);
      }
    });
  }

  public Duration duration(String key, Duration defaultValue) {
    return duration(key).orElse(defaultValue);
  }

  /**
   * A duration in {@code [min, max]}; {@link DurationFormat#UNBOUNDED} as {@code max} sets no upper
   * bound. The error names the range, e.g. "a duration from 10ms to 1h, e.g. 1s or 500ms".
   */
  public Duration duration(String key, Duration defaultValue, Duration min, Duration max) {
    var value = duration(key);
    if (value.isPresent() && (value.get().compareTo(min) < 0 || value.get().compareTo(max) > 0)) {
      throw new InvalidPropertyException(key, string(key).orElseThrow(), DurationFormat.range(min, max));
    }
    return value.orElse(defaultValue);
  }

  /** One of an enum's constants, matched case-insensitively with '-' and '_' alike. */
  public <E extends Enum<E>> E choice(String key, E defaultValue) {
    var value = string(key);
    if (value.isEmpty()) {
      return defaultValue;
    }
    var type = defaultValue.getDeclaringClass();
    var wanted = normalise(value.get());
    for (var constant : type.getEnumConstants()) {
      if (normalise(constant.name()).equals(wanted)) {
        return constant;
      }
    }
    var accepted = Arrays.stream(type.getEnumConstants())
        .map(c -> c.name().toLowerCase(Locale.ROOT).replace('_', '-'))
        .collect(Collectors.joining(", "));
    throw new InvalidPropertyException(key, value.get(), accepted);
  }

  private static String normalise(String name) {
    return name.trim().toLowerCase(Locale.ROOT).replace('-', '_');
  }

  /**
   * The range in words; a Java int's limit (YCSB reads its counts as int) is named when the value
   * passed it ({@code recordcount=3000000000}), the long's never.
   */
  private static String range(long min, long max, boolean aboveMax) {
    if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE && !aboveMax) {
      return "a whole number ≥ " + min;
    }
    if (max == Integer.MAX_VALUE) {
      return String.format(Locale.ROOT, "a whole number ≥ %d, at most %,d", min, max);
    }
    return "a whole number from " + min + " to " + max;
  }
}
