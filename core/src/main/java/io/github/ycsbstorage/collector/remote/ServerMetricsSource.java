package io.github.ycsbstorage.collector.remote;

import io.github.ycsbstorage.collector.sample.ProcSource;

/**
 * One open connection to a server's own system metrics, delivered as the same {@link
 * io.github.ycsbstorage.collector.sample.Snapshot}s as this host's {@code /proc}, so that the
 * {@link io.github.ycsbstorage.collector.sample.Sampler} derives iostat figures and CPU shares with
 * the same code. Snapshot times should be the server's reading times, so that intervals are the
 * server's. Called from one collector thread at a time.
 */
public interface ServerMetricsSource extends ProcSource, AutoCloseable {
  @Override
  void close();
}
