package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.phaseend.ResultExporter;
import io.github.ycsbstorage.phaseend.ResultSettings;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.ResultFile;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.Client;

/**
 * Makes YCSB export through the {@link ResultExporter}, which writes the result file beside the
 * exporter the user chose (kept as its delegate). YCSB's {@code Client} reads {@code exporter} after
 * {@code init}, and constructs the exporter with an output stream only: the phase's settings are
 * handed over here. Stateless.
 */
final class PhaseExport {
  private PhaseExport() {
  }

  static void install(Properties p, Phase phase, Instant startedAt, Optional<ServerInfoProvider> binding,
      Optional<ServerInfo> server) {
    var chosen = YcsbSettings.from(p).exporter();
    if (!chosen.equals(ResultExporter.class.getName())) {
      ResultExporter.configure(new ResultSettings(chosen, ResultFile.of(p), phase, p, startedAt,
          binding.flatMap(ServerInfoProvider::driverVersion),
          server.flatMap(ServerInfo::version)));
      p.setProperty(Client.EXPORTER_PROPERTY, ResultExporter.class.getName());
    }
  }
}
