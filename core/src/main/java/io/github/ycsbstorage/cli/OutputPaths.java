package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks where a command will write before it does any work: an output file or folder that already
 * exists must be of that kind and writable; one still to be created needs a writable folder as its
 * nearest existing ancestor. A bad one is bad input (exit 2). Stateless.
 */
final class OutputPaths {
  private static final int MAX_NAME = 255;
  private static final int MAX_PATH = 4095;

  private OutputPaths() {
  }

  /** An output file, e.g. {@code exportfile}. */
  static void checkFile(String key, String file) {
    checkFile(key, file, file);
  }

  /**
   * An output file derived from a property's value, e.g. {@code hdrhistogram.output.path}'s prefix and
   * an operation's name.
   *
   * @param given what the user gave, shown in the error
   */
  static void checkFile(String key, String given, String file) {
    var path = PropertyReader.parsePath(key, file).toAbsolutePath();
    if (Files.isDirectory(path)) {
      throw new InvalidPropertyException(key, given, "a file in a writable folder", "it is a folder");
    }
    checkNames(key, given, path);
    checkAncestor(key, given, path.getParent(), "a file in a writable folder");
  }

  /** An output folder, e.g. {@code report -o}. */
  static void checkFolder(String key, Path folder) {
    var path = folder.toAbsolutePath();
    var accepted = "a writable folder, or one that can be created";
    if (Files.exists(path) && !Files.isDirectory(path)) {
      throw new InvalidPropertyException(key, folder.toString(), accepted, "it is not a folder");
    }
    checkNames(key, folder.toString(), path);
    checkAncestor(key, folder.toString(), path, accepted);
  }

  /** File systems refuse a name longer than 255 bytes and a path longer than 4095 (Linux's limits). */
  private static void checkNames(String key, String given, Path path) {
    if (path.toString().getBytes(StandardCharsets.UTF_8).length > MAX_PATH) {
      throw new InvalidPropertyException(key, given, "a path of at most " + MAX_PATH + " bytes", "the path is too long");
    }
    for (var name : path) {
      if (name.toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME) {
        throw new InvalidPropertyException(key, given, "file and folder names of at most " + MAX_NAME + " bytes",
            "the name '" + name.toString().substring(0, 20) + "…' is too long");
      }
    }
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
