package io.github.ycsbstorage.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * Typed, validating access to YCSB {@link Properties}. Every failure is an
 * {@link InvalidPropertyException} that names the property, the value and what is accepted.
 *
 * <p>Not thread-safe if the underlying {@code Properties} is modified concurrently; reading is the
 * intended use, during {@code init()}.
 */
public final class PropertyReader {
  private final Properties properties;

  public PropertyReader(Properties properties) {
    if (properties == null) {
      throw new IllegalArgumentException("properties must not be null");
    }
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

  /** The first of several spellings that is set (e.g. {@code mongodb.batchsize}, then {@code batchsize}). */
  public Optional<String> firstOf(String... keys) {
    return Arrays.stream(keys).map(this::string).flatMap(Optional::stream).findFirst();
  }

  public boolean bool(String key, boolean defaultValue) {
    var value = string(key);
    if (value.isEmpty()) {
      return defaultValue;
    }
    return switch (value.get().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default -> throw new InvalidPropertyException(key, value.get(), "true or false");
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
      throw new InvalidPropertyException(key, value, range(min, max));
    }
    if (parsed < min || parsed > max) {
      throw new InvalidPropertyException(key, value, range(min, max));
    }
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
    var value = string(key);
    if (value.isEmpty()) {
      return defaultValue;
    }
    try {
      double parsed = Double.parseDouble(value.get());
      if (Double.isFinite(parsed)) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InvalidPropertyException(key, value.get(), "a decimal number, e.g. 1.33");
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

  public Duration duration(String key, Duration defaultValue) {
    return string(key).map(value -> {
      try {
        return DurationFormat.parse(value);
      } catch (IllegalArgumentException e) {
        throw new InvalidPropertyException(key, value, DurationFormat.ACCEPTED);
      }
    }).orElse(defaultValue);
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

  private static String range(long min, long max) {
    if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
      return "a whole number ≥ " + min;
    }
    return "a whole number from " + min + " to " + max;
  }
}
