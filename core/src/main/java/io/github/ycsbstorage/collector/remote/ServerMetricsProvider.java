package io.github.ycsbstorage.collector.remote;

import java.util.Optional;
import java.util.Properties;

/**
 * Lets a database binding report its server host's own system metrics for
 * {@code collector.remote=<name>}, e.g. MongoDB's {@code getDiagnosticData} (disks, CPU, memory)
 * where the user's role allows it. Core must not depend on any driver, so bindings implement this
 * and declare it in {@code META-INF/services/io.github.ycsbstorage.collector.remote.ServerMetricsProvider}.
 * Implementations must be stateless.
 */
public interface ServerMetricsProvider {
  /** The value of {@code collector.remote} this provider answers, e.g. {@code mongodb}. */
  String name();

  /**
   * Opens a source for the phase's server, or empty when the server cannot be asked (e.g. the role
   * lacks {@code clusterMonitor}); the reason goes to the result.
   */
  Optional<ServerMetricsSource> open(Properties properties);
}
