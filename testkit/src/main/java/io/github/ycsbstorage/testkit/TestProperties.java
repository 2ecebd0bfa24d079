package io.github.ycsbstorage.testkit;

import java.util.Properties;

/**
 * YCSB {@link Properties} written inline in tests as key, value, key, value, ... Stateless and
 * thread-safe.
 */
public final class TestProperties {
  private TestProperties() {
  }

  /** New properties holding the given pairs. */
  public static Properties properties(String... keyValues) {
    return with(new Properties(), keyValues);
  }

  /** Sets the given pairs on {@code base} (a later pair wins) and returns it. */
  public static Properties with(Properties base, String... keyValues) {
    if (keyValues.length % 2 != 0) {
      throw new IllegalArgumentException("keys and values must come in pairs: " + keyValues.length + " strings");
    }
    for (int i = 0; i < keyValues.length; i += 2) {
      base.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return base;
  }
}
