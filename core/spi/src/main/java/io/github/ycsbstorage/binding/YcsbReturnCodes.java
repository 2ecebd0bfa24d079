package io.github.ycsbstorage.binding;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;

/**
 * YCSB 0.17.0's return-code counters ({@code [READ], Return=OK, n}), which its measurements keep in
 * private fields with no accessor: reached reflectively, as the pinned version allows, for the few
 * components that must read or correct them while the phase runs (lost batched records, the
 * failure watch). Stateless and thread-safe (the counters are YCSB's concurrent maps and atomics).
 */
public final class YcsbReturnCodes {
  private static final Field SINGLETON = field(Measurements.class, "singleton");
  private static final Field BY_OPERATION = field(Measurements.class, "opToMesurementMap");
  private static final Field CODES = field(OneMeasurement.class, "returncodes");

  private YcsbReturnCodes() {
  }

  /**
   * YCSB's measurements if its client created them; null for a binding used outside YCSB's client
   * (where {@code Measurements.getMeasurements()} would fail for want of properties).
   */
  static Measurements created() {
    try {
      return (Measurements) SINGLETON.get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One operation's live counters, or null when it has not been measured yet. */
  @SuppressWarnings("unchecked")
  static Map<Status, AtomicInteger> of(Measurements measurements, String operation) {
    try {
      var measurement = ((Map<String, OneMeasurement>) BY_OPERATION.get(measurements)).get(operation);
      return measurement == null ? null : (Map<Status, AtomicInteger>) CODES.get(measurement);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A copy of every operation's counts so far, by operation and then by status name (e.g.
   * {@code READ → {OK → 10, ERROR → 2}}); empty before YCSB's client has measured anything.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Map<String, Long>> snapshot() {
    var measurements = created();
    var copy = new TreeMap<String, Map<String, Long>>();
    if (measurements == null) {
      return copy;
    }
    try {
      for (var entry : ((Map<String, OneMeasurement>) BY_OPERATION.get(measurements)).entrySet()) {
        var counts = new TreeMap<String, Long>();
        ((Map<Status, AtomicInteger>) CODES.get(entry.getValue()))
            .forEach((status, n) -> counts.merge(status.getName(), (long) n.get(), Long::sum));
        if (!counts.isEmpty()) {
          copy.put(entry.getKey(), counts);
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    return copy;
  }

  private static Field field(Class<?> owner, String name) {
    try {
      var field = owner.getDeclaredField(name);
      field.setAccessible(true);
      return field;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("this YCSB core has no " + owner.getSimpleName() + "." + name
          + "; reading YCSB's return codes needs YCSB 0.17.0", e);
    }
  }
}
