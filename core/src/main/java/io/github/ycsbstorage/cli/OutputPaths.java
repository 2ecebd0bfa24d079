package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks where a command will write before it does any work: an output file or folder that already
 * exists must be of that kind and writable; one still to be created needs a writable folder as its
 * nearest existing ancestor. A bad one is bad input (exit 2). Stateless.
 */
final class OutputPaths {
  private OutputPaths() {
  }

  /** An output file, e.g. {@code exportfile}. */
  static void checkFile(String key, String file) {
    var path = PropertyReader.parsePath(key, file).toAbsolutePath();
    if (Files.isDirectory(path)) {
      throw new InvalidPropertyException(key, file, "a file in a writable folder", "it is a folder");
    }
    checkAncestor(key, file, path.getParent(), "a file in a writable folder");
  }

  /** An output folder, e.g. {@code report -o}. */
  static void checkFolder(String key, Path folder) {
    var path = folder.toAbsolutePath();
    var accepted = "a writable folder, or one that can be created";
    if (Files.exists(path) && !Files.isDirectory(path)) {
      throw new InvalidPropertyException(key, folder.toString(), accepted, "it is a file");
    }
    checkAncestor(key, folder.toString(), path, accepted);
  }

  private static void checkAncestor(String key, String given, Path start, String accepted) {
    var folder = start;
    while (folder != null && !Files.exists(folder)) {
      folder = folder.getParent();
    }
    if (folder == null || !Files.isDirectory(folder) || !Files.isWritable(folder)) {
      throw new InvalidPropertyException(key, given, accepted,
          folder == null ? "no existing folder above it" : folder + " is not a writable folder");
    }
  }
}
