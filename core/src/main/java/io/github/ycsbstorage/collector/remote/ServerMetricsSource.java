package io.github.ycsbstorage.collector.remote;

import java.util.Map;

/** One open connection to a server's own metrics. Called from one collector thread at a time. */
public interface ServerMetricsSource extends AutoCloseable {
  /**
   * The server's current system metrics as the server reports them (serialisable: maps, lists,
   * strings, numbers), recorded at the start and the end of the phase.
   *
   * @throws Exception when the server refused or failed; recorded as a gap, never fatal
   */
  Map<String, Object> sample() throws Exception;

  @Override
  void close();
}
