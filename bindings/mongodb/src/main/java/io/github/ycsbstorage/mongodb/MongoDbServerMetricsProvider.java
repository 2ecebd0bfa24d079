package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.spi.ServerMetrics;
import io.github.ycsbstorage.spi.ServerMetricsProvider;
import io.github.ycsbstorage.spi.ServerMetricsUnavailableException;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * {@code collector.remote=mongodb}: the server host's own system metrics through
 * {@code getDiagnosticData}, over the binding's {@link SharedClient} for the same {@code mongodb.*}
 * settings (one pool per JVM with the benchmark's DB instances). Registered in
 * {@code META-INF/services}. Stateless and thread-safe.
 */
public final class MongoDbServerMetricsProvider implements ServerMetricsProvider {
  @Override
  public String name() {
    return "mongodb";
  }

  @Override
  public ServerMetrics open(Properties properties) throws ServerMetricsUnavailableException {
    var settings = MongoDbSettings.from(properties);
    SharedClient lease;
    try {
      lease = SharedClient.acquire(settings);
    } catch (DBException e) {
      throw new ServerMetricsUnavailableException(e.getMessage());
    }
    var admin = lease.client().getDatabase("admin");
    var source = new DiagnosticDataSource(() -> admin.runCommand(DiagnosticDataSource.COMMAND),
        settings.hosts(), lease::close);
    try {
      source.check();
      return source;
    } catch (ServerMetricsUnavailableException | RuntimeException e) {
      source.close();
      throw e;
    }
  }
}
