package io.github.ycsbstorage.spi;

import java.util.Properties;

/**
 * Lets a database binding report its server host's own system metrics for
 * {@code collector.remote=<name>}, e.g. MongoDB's {@code getDiagnosticData} (disks, CPU, memory)
 * where the user's role allows it. Core must not depend on any driver, so bindings implement this
 * and declare it in {@code META-INF/services/io.github.ycsbstorage.spi.ServerMetricsProvider}.
 * Implementations must be stateless.
 */
public interface ServerMetricsProvider {
  /** The value of {@code collector.remote} this provider answers, e.g. {@code mongodb}. */
  String name();

  /**
   * Opens a source for the phase's server, having checked that the server answers with usable
   * metrics.
   *
   * @throws ServerMetricsUnavailableException when the server cannot be asked (e.g. the role lacks
   *     {@code clusterMonitor}, or the server has no such command); its message is the reason
   *     recorded in the result, with secrets masked
   */
  ServerMetrics open(Properties properties) throws ServerMetricsUnavailableException;
}
