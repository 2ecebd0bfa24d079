package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.collector.CollectorSettings;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.workload.StorageSettings;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.measurements.OneMeasurementRaw;

/**
 * The one output-path policy, applied before a command does any work: an output file that exists
 * must be a regular file we may write (a device, FIFO or socket is refused: {@code exportfile=/dev/stdout}
 * included, since temp-file-and-rename would replace the device and a FIFO would hang the export); one
 * still to be created needs a folder above it that accepts new regular files, tried by creating and
 * removing a probe file there (so {@code /proc}, {@code /sys} and read-only mounts are refused, whoever
 * runs); two outputs of one command must not name one file. A bad one is bad input (exit 2). Stateless.
 */
public final class OutputPaths {
  private static final String IN_FOLDER = "a file in a writable folder";
  private static final int MAX_NAME = 255;
  private static final int MAX_PATH = 4095;

  private OutputPaths() {
  }

  /**
   * Every file a {@code load} or {@code run} writes that its properties name: YCSB's
   * {@code exportfile}, the result file ({@code storage.result}), the collector's time-series file
   * ({@code collector.output}), YCSB's raw latencies ({@code measurement.raw.output_file}, with a
   * {@code raw} measurement type) and its HdrHistogram logs ({@code hdrhistogram.output.path}, a
   * prefix, with {@code hdrhistogram.fileoutput=true}).
   * Files derived from {@code exportfile} go to its folder, checked with it. YCSB itself would find a
   * bad one only when it writes: at the export after the whole run, or in a client thread at its first
   * operation.
   */
  static void checkPhaseOutputs(Properties properties) {
    var reader = new PropertyReader(properties);
    var outputs = new LinkedHashMap<String, Path>();
    for (var key : List.of(Client.EXPORT_FILE_PROPERTY, StorageSettings.RESULT, CollectorSettings.OUTPUT)) {
      reader.string(key).ifPresent(file -> outputs.put(key, checkFile(key, file)));
    }
    if (YcsbSettings.from(properties).measurementType().contains("raw")) {
      reader.string(OneMeasurementRaw.OUTPUT_FILE_PATH).ifPresent(file -> outputs.put(OneMeasurementRaw.OUTPUT_FILE_PATH, checkFile(OneMeasurementRaw.OUTPUT_FILE_PATH, file)));
    }
    var seen = new HashMap<Path, String>();
    outputs.forEach((key, path) -> {
      var earlier = seen.putIfAbsent(path, key);
      if (earlier != null) {
        throw new InvalidPropertyException(key, reader.string(key).orElseThrow(), "a file of its own",
            "it is also " + earlier + ": one output would overwrite the other");
      }
    });
    // the prefix as YCSB reads it: as given
    if (YcsbSettings.from(properties).hdrHistogramFileOutput()) {
      var prefix = properties.getProperty(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, "");
      var accepted = "a file-name prefix in a writable folder";
      // YCSB appends "<OPERATION>.hdr" to the prefix, which may end in a folder's separator
      var log = PropertyReader.parsePath(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, prefix + "READ.hdr").toAbsolutePath().normalize();
      checkNames(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, prefix, log);
      checkAccepts(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, prefix, log.getParent(), accepted);
      var logs = log.toString().substring(0, log.toString().length() - "READ.hdr".length());
      outputs.forEach((key, path) -> {
        if (path.toString().startsWith(logs) && path.toString().endsWith(".hdr")) {
          throw new InvalidPropertyException(key, reader.string(key).orElseThrow(), "a file of its own",
              "it is also one of " + YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH + "'s logs: one output would overwrite the other");
        }
      });
    }
  }

  /**
   * For a client about to start: YCSB opens its HdrHistogram logs in a folder that it does not create
   * (a study's clients are checked before their folders are made, so this is not part of
   * {@link #checkPhaseOutputs}).
   */
  static void checkHdrFolderExists(Properties properties) {
    // also for shell, whose properties are not checked: as YCSB reads it
    if (Boolean.parseBoolean(properties.getProperty(YcsbSettings.HDRHISTOGRAM_FILE_OUTPUT))) {
      var prefix = properties.getProperty(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, "");
      var folder = PropertyReader.parsePath(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, prefix + "READ.hdr").toAbsolutePath().normalize().getParent();
      Check.input(Files.isDirectory(folder),
          YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, prefix, "a file-name prefix in a writable folder",
          "no folder " + folder + " (YCSB does not create it)");
    }
  }

  /**
   * An output file, e.g. {@code exportfile}.
   *
   * @return the file, absolute and normalised, with links resolved where it exists (to tell two outputs apart)
   */
  static Path checkFile(String key, String file) {
    return checkFile(key, file, PropertyReader.parsePath(key, file));
  }

  /**
   * An output file named by a value that is not a plain path (the results store's {@code jdbc:sqlite:FILE}).
   *
   * @param file the value as given, for messages
   * @param named the file it names
   */
  static Path checkFile(String key, String file, Path named) {
    var path = named.toAbsolutePath().normalize();
    Check.input(!Files.isDirectory(path), key, file, IN_FOLDER, "it is a folder");
    checkNames(key, file, path);
    Check.input(!intoProc(path), key, file, IN_FOLDER,
        "it is a stream of this process (a link into /proc, as /dev/stdout is), not a file: write to a file");
    if (Files.exists(path)) {
      if (!Files.isRegularFile(path)) {
        throw new InvalidPropertyException(key, file, IN_FOLDER,
            "it is a " + kind(path) + ", which an output would replace or hang on");
      }
      Check.input(Files.isWritable(path), key, file, IN_FOLDER, "it is not writable");
      try {
        path = path.toRealPath();
      } catch (IOException e) {
        throw new InvalidPropertyException(key, file, IN_FOLDER, e.getMessage());
      }
    }
    checkAccepts(key, file, path.getParent(), IN_FOLDER);
    return path;
  }

  /** An output folder, e.g. {@code report -o}. */
  public static void checkFolder(String key, Path folder) {
    var path = folder.toAbsolutePath().normalize();
    var accepted = "a writable folder, or one that can be created";
    if (Files.exists(path) && !Files.isDirectory(path)) {
      throw new InvalidPropertyException(key, folder.toString(), accepted, "it is not a folder (a " + kind(path) + ")");
    }
    checkNames(key, folder.toString(), path);
    checkAccepts(key, folder.toString(), path, accepted);
  }

  /**
   * Whether the path leads through symbolic links to a file of the kernel's {@code /proc}:
   * {@code /dev/stdout} is a link to {@code /proc/self/fd/1}, which a test's redirect may make look
   * like a regular file, while the files derived from it would go to {@code /dev}.
   */
  private static boolean intoProc(Path path) {
    var hop = path;
    for (int links = 0; links < 40 && Files.isSymbolicLink(hop); links++) {
      try {
        hop = hop.resolveSibling(Files.readSymbolicLink(hop)).normalize();
      } catch (IOException e) {
        return false;
      }
      if (hop.startsWith("/proc")) {
        return true;
      }
    }
    return false;
  }

  /** What a non-folder, non-regular path is, in words. */
  private static String kind(Path path) {
    try {
      var attributes = Files.readAttributes(path, PosixFileAttributes.class);
      if (attributes.isRegularFile()) {
        return "regular file";
      }
      if (attributes.isOther()) {
        // stat's type bits are not in the attributes: tell a device from a FIFO or socket by its unix mode
        int mode = (Integer) Files.getAttribute(path, "unix:mode");
        return switch (mode & 0170000) {
          case 0020000 -> "character device";
          case 0060000 -> "block device";
          case 0010000 -> "FIFO (named pipe)";
          case 0140000 -> "socket";
          default -> "special file";
        };
      }
      return "special file";
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "special file";
    }
  }

  /** File systems refuse a name longer than 255 bytes and a path longer than 4095 (Linux's limits). */
  private static void checkNames(String key, String given, Path path) {
    Check.input(path.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_PATH,
        key, given, "a path of at most " + MAX_PATH + " bytes", "the path is too long");
    for (var name : path) {
      if (name.toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME) {
        throw new InvalidPropertyException(key, given, "file and folder names of at most " + MAX_NAME + " bytes",
            "the name '" + name.toString().substring(0, 20) + "…' is too long");
      }
    }
  }

  /**
   * The nearest existing folder at or above {@code start} must accept a new regular file: one is
   * created there and removed. Permission bits alone would pass {@code /proc} for root.
   */
  private static void checkAccepts(String key, String given, Path start, String accepted) {
    var folder = start;
    while (folder != null && !Files.exists(folder)) {
      folder = folder.getParent();
    }
    Check.input(folder != null && Files.isDirectory(folder) && Files.isWritable(folder), key, given, accepted,
        folder == null ? "no existing folder above it" : folder + " is not a writable folder");
    try {
      Files.delete(Files.createTempFile(folder, ".ycsb-probe", ".tmp"));
    } catch (IOException | UnsupportedOperationException e) {
      throw new InvalidPropertyException(key, given, accepted,
          folder + " does not accept new files (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
    }
  }
}
