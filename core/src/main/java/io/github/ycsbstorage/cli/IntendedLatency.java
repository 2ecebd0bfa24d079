package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.ycsbconfig.Throttle;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.measurements.Measurements;

/**
 * Under a target rate YCSB throttles each thread to a schedule, and an operation that waits behind a
 * slow one is measured from when it actually started: a server stall then hides in the latencies
 * (coordinated omission). YCSB 0.17.0 also measures from each operation's scheduled start when asked
 * ({@code measurement.interval=both}, as {@code Intended-<OP>}); that is made the default whenever a
 * target rate is set. Measured from the schedule, a thread's own late wake-up counts as the device's
 * latency: where the client threads take at most half of the host's cores they spin between operations
 * instead of parking ({@code spin.sleep=true}, {@link Throttle}). Settings the user chose are kept. Stateless.
 */
final class IntendedLatency {
  private IntendedLatency() {
  }

  /** The arguments to add to YCSB's command line, and the same settings in {@code properties}. */
  static List<String> defaultArguments(Properties properties) {
    var ycsb = YcsbSettings.from(properties);
    if (ycsb.target() <= 0) {
      return List.of();
    }
    var arguments = new ArrayList<String>();
    if (!properties.containsKey(Measurements.MEASUREMENT_INTERVAL)) {
      arguments.addAll(set(properties, Measurements.MEASUREMENT_INTERVAL, "both"));
    }
    if (!properties.containsKey(YcsbSettings.SPIN_SLEEP) && Throttle.spins(ycsb.threadCount())) {
      arguments.addAll(set(properties, YcsbSettings.SPIN_SLEEP, "true"));
    }
    return arguments;
  }

  private static List<String> set(Properties properties, String key, String value) {
    properties.setProperty(key, value);
    return List.of("-p", key + "=" + value);
  }
}
