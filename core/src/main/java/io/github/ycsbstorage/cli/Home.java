package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.BadInputException;
import java.nio.file.Path;
import java.util.Map;

/** Finds the ycsb-storage installation that {@code bin/ycsb} exported as {@code YCSB_STORAGE_HOME}. */
public final class Home {
  private Home() {
  }

  /** @param environment the command's environment ({@link Main#environment()}) */
  public static Path locate(Map<String, String> environment) {
    var home = environment.get("YCSB_STORAGE_HOME");
    if (home == null || home.isBlank()) {
      throw new BadInputException("YCSB_STORAGE_HOME is not set; run this through bin/ycsb");
    }
    return Path.of(home).toAbsolutePath().normalize();
  }
}
