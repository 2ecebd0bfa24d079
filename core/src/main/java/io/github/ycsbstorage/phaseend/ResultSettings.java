package io.github.ycsbstorage.phaseend;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
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
  public ResultSettings {
    if (delegateClass == null || delegateClass.isBlank() || delegateClass.equals(ResultExporter.class.getName())) {
      throw new IllegalArgumentException("the delegate must be another exporter: " + delegateClass);
    }
    Check.argument(phase != null, "phase must be given");
  }

  /** Settings when the exporter is used without the storage-aware workload: text, no result file. */
  static ResultSettings standalone() {
    return new ResultSettings(YcsbSettings.DEFAULT_EXPORTER, Optional.empty(), Phase.RUN, new Properties(), Instant.now(),
        Optional.empty(), Optional.empty());
  }
}
