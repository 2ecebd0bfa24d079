package io.github.ycsbstorage.phaseend;

import io.github.ycsbstorage.result.Phase;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;

/**
 * What {@link ResultExporter} needs beyond the {@link java.io.OutputStream} YCSB gives it: the exporter
 * the user chose, where the result file goes, and the phase's identity. Immutable, except that
 * {@code properties} is the live object YCSB's {@code Client} uses; it is read (and masked) when the
 * result is written, so it includes everything set during the phase.
 *
 * @param delegateClass the user's {@code exporter}, which receives every metric unchanged
 * @param resultFile    the result file, or empty when none is wanted
 * @param phase         the phase
 * @param properties    the phase's properties
 * @param startedAt     when the phase began
 * @param driver        the binding's driver version, when known
 * @param server        the database server's version, when known
 */
public record ResultSettings(String delegateClass, Optional<Path> resultFile, Phase phase,
                             Properties properties, Instant startedAt, Optional<String> driver,
                             Optional<String> server) {
  /** YCSB's default exporter. */
  public static final String TEXT_EXPORTER = "site.ycsb.measurements.exporter.TextMeasurementsExporter";

  public ResultSettings {
    if (delegateClass == null || delegateClass.isBlank() || delegateClass.equals(ResultExporter.class.getName())) {
      throw new IllegalArgumentException("the delegate must be another exporter: " + delegateClass);
    }
    if (phase == null) {
      throw new IllegalArgumentException("phase must be given");
    }
  }

  /** Settings when the exporter is used without the storage-aware workload: text, no result file. */
  static ResultSettings standalone() {
    return new ResultSettings(TEXT_EXPORTER, Optional.empty(), Phase.RUN, new Properties(), Instant.now(),
        Optional.empty(), Optional.empty());
  }

  /**
   * The result file for these properties: {@code storage.result}, else {@code <exportfile>.result.json},
   * else none.
   */
  public static Optional<Path> resultFileFor(Properties properties) {
    var explicit = properties.getProperty("storage.result");
    if (explicit != null && !explicit.isBlank()) {
      return Optional.of(Path.of(explicit.trim()));
    }
    var exportFile = properties.getProperty("exportfile");
    return exportFile == null || exportFile.isBlank()
        ? Optional.empty() : Optional.of(Path.of(exportFile.trim() + ".result.json"));
  }
}
