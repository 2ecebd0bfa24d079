package io.github.ycsbstorage.binding;

import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.PropertyReader;
import java.time.Duration;
import java.util.Properties;

/**
 * {@code storage.operation.timeout}: the one setting from which every binding derives its own
 * per-operation timeouts (the MongoDB driver's socket read, connect and server-selection timeouts,
 * kvclient's request timeout), so that a hung or unreachable server turns each operation into a
 * failure within a known time; a binding's own timeout keys still override it. The storage-aware
 * workload also gives a phase stopped as failed this long to end by itself, so a phase whose server
 * hangs ends within {@code storage.failure.timeout} plus this, whatever the binding. Stateless.
 */
public final class OperationTimeout {
  public static final String KEY = "storage.operation.timeout";
  /** Longer than a healthy operation takes on a loaded host, short enough to end a hung phase soon. */
  public static final Duration DEFAULT = Duration.ofSeconds(10);
  private static final Duration MIN = Duration.ofMillis(10);

  private OperationTimeout() {
  }

  /**
   * The configured timeout, else {@link #DEFAULT}.
   *
   * @throws io.github.ycsbstorage.config.InvalidPropertyException naming the key, for a value below 10ms
   */
  public static Duration from(Properties properties) {
    return new PropertyReader(properties).duration(KEY, DEFAULT, MIN, DurationFormat.UNBOUNDED);
  }
}
