package io.github.ycsbstorage.collector.remote;

import io.github.ycsbstorage.collector.sample.ProcSource;
import io.github.ycsbstorage.collector.sample.Snapshot;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.spi.ServerMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.function.Predicate;

/**
 * A binding's {@link ServerMetrics} as a source of the collector's {@link Snapshot}s: the server
 * host's {@code /proc} text parsed by the same code as this host's, timed by the server's reading
 * time. Called from one collector thread at a time.
 */
public final class ServerMetricsSource implements ProcSource, AutoCloseable {
  private final ServerMetrics metrics;

  public ServerMetricsSource(ServerMetrics metrics) {
    Check.argument(metrics != null, "metrics are required");
    this.metrics = metrics;
  }

  @Override
  public Snapshot take(Predicate<String> watchedDevices) throws IOException {
    var reading = metrics.read();
    var files = new HashMap<String, Snapshot.Slice>();
    reading.procFiles().forEach((name, text) -> {
      var bytes = text.getBytes(StandardCharsets.US_ASCII);
      files.put(name, new Snapshot.Slice(bytes, 0, bytes.length));
    });
    return Snapshot.parse(reading.epochMillis(), reading.epochMillis() * 1_000_000L, files::get, watchedDevices,
        false);
  }

  @Override
  public String describe() {
    return metrics.describe();
  }

  @Override
  public void close() {
    metrics.close();
  }
}
