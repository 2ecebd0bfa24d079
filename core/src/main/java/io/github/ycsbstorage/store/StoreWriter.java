package io.github.ycsbstorage.store;

import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Adds a finished phase's or study cell's row to the store its settings name, and says so on stderr;
 * nothing when the store is off. Called once the result file is written, so that a store that cannot
 * be written fails the phase with its result file kept. Stateless.
 */
public final class StoreWriter {
  private static final String LOG_SUFFIX = ".hdr";

  private StoreWriter() {
  }

  /** Adds a single phase's row, with the HdrHistogram logs YCSB wrote ({@code hdrhistogram.fileoutput}). */
  public static void addPhase(Properties properties, Result result) throws StoreException {
    var logs = new TreeMap<String, Path>();
    if (YcsbSettings.from(properties).hdrHistogramFileOutput()) {
      // YCSB appends "<OPERATION>.hdr" to the prefix
      var prefix = properties.getProperty(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, "");
      result.summary().operations().keySet().forEach(operation -> {
        var log = Path.of(prefix + operation + LOG_SUFFIX);
        if (Files.isRegularFile(log)) {
          logs.put(operation, log);
        }
      });
    }
    add(StoreSettings.from(properties), result, logs);
  }

  /** Adds a study cell's row, with the merged HdrHistogram logs in its folder ({@code <cell>.d/READ.hdr}). */
  public static void addCell(StoreSettings settings, Result result, Path cellFolder) throws StoreException {
    var logs = new TreeMap<String, Path>();
    try (Stream<Path> files = Files.list(cellFolder)) {
      files.filter(f -> f.getFileName().toString().endsWith(LOG_SUFFIX) && Files.isRegularFile(f)).forEach(f -> {
        var name = f.getFileName().toString();
        logs.put(name.substring(0, name.length() - LOG_SUFFIX.length()), f);
      });
    } catch (IOException e) {
      throw new StoreException("cannot read the HdrHistogram logs in " + cellFolder + " for the results store: " + e, e);
    }
    add(settings, result, logs);
  }

  private static void add(StoreSettings settings, Result result, Map<String, Path> logs) throws StoreException {
    if (settings.location().isEmpty()) {
      return;
    }
    try (var store = ResultsStore.open(settings.location().get())) {
      var id = store.add(result, logs);
      System.err.println("Stored: " + store.location() + " run " + id);
    }
  }
}
