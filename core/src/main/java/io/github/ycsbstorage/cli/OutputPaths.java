package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * Checks where a command will write before it does any work: an output file or folder that already
 * exists must be of that kind and writable; one still to be created needs a writable folder as its
 * nearest existing ancestor. A bad one is bad input (exit 2). Stateless.
 */
final class OutputPaths {
  private static final String RAW_OUTPUT = "measurement.raw.output_file";
  private static final String HDR_FILE_OUTPUT = "hdrhistogram.fileoutput";
  private static final String HDR_OUTPUT_PREFIX = "hdrhistogram.output.path";
  private static final int MAX_NAME = 255;
  private static final int MAX_PATH = 4095;

  private OutputPaths() {
  }

  /**
   * Every file a {@code load} or {@code run} writes that its properties name: YCSB's
   * {@code exportfile}, the result file ({@code storage.result}), the collector's time-series file
   * ({@code collector.output}), YCSB's raw latencies ({@code measurement.raw.output_file}, with a
   * {@code raw} measurement type) and its HdrHistogram logs ({@code hdrhistogram.output.path}, a
   * prefix, with {@code hdrhistogram.fileoutput=true}). Files derived from {@code exportfile} go to its
   * folder, checked with it. YCSB itself would find a bad one only when it writes: at the export after
   * the whole run, or in a client thread at its first operation.
   */
  static void checkPhaseOutputs(Properties properties) {
    var reader = new PropertyReader(properties);
    for (var key : List.of("exportfile", "storage.result", "collector.output")) {
      reader.string(key).ifPresent(file -> checkFile(key, file));
    }
    if (reader.string("measurementtype", "").contains("raw")) {
      reader.string(RAW_OUTPUT).ifPresent(file -> checkFile(RAW_OUTPUT, file));
    }
    // read as YCSB reads them: Boolean.parseBoolean, the prefix as given
    if (Boolean.parseBoolean(properties.getProperty(HDR_FILE_OUTPUT))) {
      var prefix = properties.getProperty(HDR_OUTPUT_PREFIX, "");
      // YCSB appends "<OPERATION>.hdr" to the prefix, which may end in a folder's separator
      var log = PropertyReader.parsePath(HDR_OUTPUT_PREFIX, prefix + "READ.hdr").toAbsolutePath();
      checkNames(HDR_OUTPUT_PREFIX, prefix, log);
      checkAncestor(HDR_OUTPUT_PREFIX, prefix, log.getParent(), "a file-name prefix in a writable folder");
    }
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
