package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.ResultExporter;
import io.github.ycsbstorage.result.ResultSettings;
import io.github.ycsbstorage.spi.ServerInfo;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;

/**
 * Makes YCSB export through the {@link ResultExporter}, which writes the result file beside the
 * exporter the user chose (kept as its delegate). YCSB's {@code Client} reads {@code exporter} after
 * {@code init}, and constructs the exporter with an output stream only: the phase's settings are
 * handed over here. Stateless.
 */
final class PhaseExport {
  private PhaseExport() {
  }

  static void install(Properties p, String phase, Instant startedAt, Optional<ServerInfo> server) {
    var chosen = p.getProperty("exporter", ResultSettings.TEXT_EXPORTER);
    if (!chosen.equals(ResultExporter.class.getName())) {
      ResultExporter.configure(new ResultSettings(chosen, ResultSettings.resultFileFor(p), phase, p, startedAt,
          server.flatMap(info -> Optional.ofNullable(info.details().get("driver"))),
          server.flatMap(ServerInfo::version)));
      p.setProperty("exporter", ResultExporter.class.getName());
    }
  }
}
