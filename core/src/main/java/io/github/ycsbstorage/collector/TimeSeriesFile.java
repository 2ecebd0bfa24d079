package io.github.ycsbstorage.collector;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the collector's time-series file ({@code ycsb-storage-timeseries/1}: the device inventory,
 * host tuning, probe, every sample and every gap) atomically: a temporary file in the same
 * directory, then a rename, so that a file that exists is complete. Stateless.
 */
final class TimeSeriesFile {
  static final String SCHEMA = "ycsb-storage-timeseries/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private TimeSeriesFile() {
  }

  static void write(Path target, String phase, String interval, CollectorReport.Observations seen)
      throws IOException {
    var content = new LinkedHashMap<String, Object>();
    content.put("schema", SCHEMA);
    content.put("phase", phase);
    content.put("interval", interval);
    content.put("observed", seen.observed());
    content.put("source", seen.sampling().source());
    content.put("startedAtMillis", seen.sampling().startedMillis());
    content.put("stoppedAtMillis", seen.sampling().stoppedMillis());
    content.put("inventory", seen.inventory());
    content.put("tuning", seen.tuning());
    content.put("probe", seen.probe());
    content.put("server", seen.server());
    content.put("samples", seen.sampling().samples());
    content.put("gaps", seen.sampling().gaps());
    writeAtomically(target, content);
  }

  static void writeAtomically(Path target, Map<String, Object> content) throws IOException {
    var absolute = target.toAbsolutePath();
    var directory = absolute.getParent();
    Files.createDirectories(directory);
    var temporary = Files.createTempFile(directory, "." + absolute.getFileName(), ".tmp");
    try {
      JSON.writeValue(temporary.toFile(), content);
      try {
        Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
