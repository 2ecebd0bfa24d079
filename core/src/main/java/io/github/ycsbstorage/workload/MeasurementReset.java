package io.github.ycsbstorage.workload;

import java.lang.reflect.Field;
import java.util.Map;
import site.ycsb.measurements.Measurements;

/**
 * Forgets every measurement taken so far, so that warm-up operations are not reported. YCSB 0.17.0
 * keeps its measurements in a static singleton with no reset; {@code CoreWorkload} measures
 * read-modify-write itself (not only through {@code DBWrapper}), and holds the singleton in a private
 * field, so replacing the singleton would not do: this empties its two private maps instead (the
 * version is pinned, and a test proves the effect). Stateless and thread-safe.
 */
final class MeasurementReset {
  /** YCSB's measurements by operation, and its intended-time ones (by the same names, without the prefix). */
  static final String OPERATIONS = "opToMesurementMap";
  static final String INTENDED = "opToIntendedMesurementMap";

  private MeasurementReset() {
  }

  static void clear(Measurements measurements) {
    map(measurements, OPERATIONS).clear();
    map(measurements, INTENDED).clear();
  }

  /** One of YCSB's two maps of measurements ({@link #OPERATIONS}, {@link #INTENDED}), live. */
  static Map<?, ?> map(Measurements measurements, String name) {
    try {
      Field field = Measurements.class.getDeclaredField(name);
      field.setAccessible(true);
      return (Map<?, ?>) field.get(measurements);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("this YCSB core has no Measurements." + name
          + "; warm-up exclusion and measurement set-up need YCSB 0.17.0", e);
    }
  }
}
