package io.github.ycsbstorage.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The versions this build was made with, read from a resource filtered at build time. */
public final class Version {
  private static final Properties VERSIONS = load();

  private Version() {
  }

  private static Properties load() {
    var properties = new Properties();
    try (var in = Version.class.getResourceAsStream("/io/github/ycsbstorage/version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
  }

  /** This project's version, e.g. {@code 0.1.0}. */
  public static String ycsbStorage() {
    return VERSIONS.getProperty("ycsb-storage.version", "unknown");
  }

  /** The YCSB core version we build against. */
  public static String ycsbCore() {
    return VERSIONS.getProperty("ycsb.version", "unknown");
  }

  /** One line for {@code --version}. */
  public static String describe() {
    return "ycsb-storage " + ycsbStorage() + " (YCSB core " + ycsbCore() + ", Java "
        + System.getProperty("java.version") + ")";
  }
}
