package io.github.ycsbstorage.result;

import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a phase's result file goes, the one rule the exporter, the collector and the study share:
 * {@code storage.result}, else {@code <exportfile>.result.json}, else none. Stateless.
 */
public final class ResultFile {
  /** The workload's key for the result file; the study sets it per client. */
  public static final String PROPERTY = "storage.result";

  private ResultFile() {
  }

  public static Optional<Path> of(Properties properties) {
    var explicit = properties.getProperty(PROPERTY);
    if (explicit != null && !explicit.isBlank()) {
      return Optional.of(Path.of(explicit.trim()));
    }
    return YcsbSettings.from(properties).defaultResultFile().map(Path::of);
  }
}
