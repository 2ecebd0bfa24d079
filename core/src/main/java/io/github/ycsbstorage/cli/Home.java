package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.BadInputException;
import java.nio.file.Path;

/** Finds the ycsb-storage installation that {@code bin/ycsb} exported as {@code YCSB_STORAGE_HOME}. */
public final class Home {
  private Home() {
  }

  public static Path locate() {
    var home = System.getenv("YCSB_STORAGE_HOME");
    if (home == null || home.isBlank()) {
      throw new BadInputException("YCSB_STORAGE_HOME is not set; run this through bin/ycsb");
    }
    return Path.of(home).toAbsolutePath().normalize();
  }
}
