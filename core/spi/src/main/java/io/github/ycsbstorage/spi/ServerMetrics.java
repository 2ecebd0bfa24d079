package io.github.ycsbstorage.spi;

import java.io.IOException;

/**
 * One open connection to a database server's host metrics ({@code collector.remote=<name>}). The
 * collector reads it once per sampling interval, from one thread at a time, and derives iostat
 * figures and CPU shares with the same code as for this host's {@code /proc}.
 */
public interface ServerMetrics extends AutoCloseable {
  /**
   * The server host's system files as they were at the server's last reading.
   *
   * @throws IOException when the server could not be asked; the message says why (secrets masked)
   */
  HostReading read() throws IOException;

  /** For results, e.g. {@code MongoDB getDiagnosticData (systemMetrics) at db1:27017}. */
  String describe();

  @Override
  void close();
}
