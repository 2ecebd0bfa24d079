package io.github.ycsbstorage.spi;

/**
 * The server's own metrics cannot be read; the message says why (secrets masked) and goes to the
 * result as "server side not observed: &lt;reason&gt;". Never fatal to the benchmark.
 */
public final class ServerMetricsUnavailableException extends Exception {
  private static final long serialVersionUID = 1L;

  public ServerMetricsUnavailableException(String reason) {
    super(reason);
  }
}
