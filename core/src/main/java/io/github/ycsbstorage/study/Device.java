package io.github.ycsbstorage.study;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * One storage device of a study: a name for the report (e.g. {@code ssd}) and the folder on it that
 * holds the database's data, substituted for {@code {datadir}} in server commands and properties.
 * Immutable.
 */
public record Device(String name, Path dataPath) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

  public Device {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("device name must match " + NAME + ": " + name);
    }
    if (dataPath == null) {
      throw new IllegalArgumentException("device " + name + " needs a data path");
    }
  }

  /** Replaces {@code {datadir}} and {@code {device}} in a command or property value. */
  public String substitute(String text) {
    return text.replace("{datadir}", dataPath.toString()).replace("{device}", name);
  }
}
