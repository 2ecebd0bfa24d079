package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.YcsbSettings;
import java.util.List;
import java.util.Properties;
import site.ycsb.measurements.Measurements;

/**
 * Under a target rate YCSB throttles each thread to a schedule, and an operation that waits behind a
 * slow one is measured from when it actually started: a server stall then hides in the latencies
 * (coordinated omission). YCSB 0.17.0 also measures from each operation's scheduled start when asked
 * ({@code measurement.interval=both}, as {@code Intended-<OP>}); that is made the default whenever a
 * target rate is set. A {@code measurement.interval} the user chose is kept. Stateless.
 */
final class IntendedLatency {
  private IntendedLatency() {
  }

  /** The arguments to add to YCSB's command line, and the same setting in {@code properties}. */
  static List<String> defaultArguments(Properties properties) {
    if (properties.containsKey(Measurements.MEASUREMENT_INTERVAL) || YcsbSettings.from(properties).target() <= 0) {
      return List.of();
    }
    properties.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    return List.of("-p", Measurements.MEASUREMENT_INTERVAL + "=both");
  }
}
