package io.github.ycsbstorage.binding;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * YCSB 0.17.0's return-code counters ({@code [READ], Return=OK, n}), which its measurements keep with
 * no accessor ({@link YcsbInternals}), for the few components that must read or correct them while the
 * phase runs (lost batched records, the failure watch). Stateless and thread-safe (the counters are
 * YCSB's concurrent maps and atomics).
 */
public final class YcsbReturnCodes {
  private YcsbReturnCodes() {
  }

  /** One operation's live counters, or null when it has not been measured yet. */
  static Map<Status, AtomicInteger> of(Measurements measurements, String operation) {
    var measurement = YcsbInternals.operations(measurements).get(operation);
    return measurement == null ? null : YcsbInternals.returnCodes(measurement);
  }

  /**
   * A copy of every operation's counts so far, by operation and then by status name (e.g.
   * {@code READ → {OK → 10, ERROR → 2}}); empty before YCSB's client has measured anything.
   */
  public static Map<String, Map<String, Long>> snapshot() {
    var copy = new TreeMap<String, Map<String, Long>>();
    YcsbInternals.measurements().ifPresent(measurements -> YcsbInternals.operations(measurements).forEach(
        (operation, measurement) -> {
          var counts = new TreeMap<String, Long>();
          YcsbInternals.returnCodes(measurement)
              .forEach((status, n) -> counts.merge(status.getName(), (long) n.get(), Long::sum));
          if (!counts.isEmpty()) {
            copy.put(operation, counts);
          }
        }));
    return copy;
  }
}
