package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.YcsbSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.HdrHistogram.Recorder;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.workloads.CoreWorkload;

/**
 * Creates YCSB's measurements of the phase's operation types before its client threads start. YCSB
 * 0.17.0 creates an operation's histograms when it first measures one (and, with
 * {@code hdrhistogram.fileoutput}, opens its log file and writes its header): inside a client thread's
 * throttle schedule, whose clock starts just before the thread's first operation. Measured here: the
 * first creation in a JVM takes 20–90 ms (class loading, time-zone and formatter set-up), each later
 * one 0.3–2 ms; under a target rate the operations after it then run behind their schedule until they
 * have caught up, and their intended-time latencies measure YCSB's set-up, not the system (a step at
 * 1,628 ops/s had its first 96 operations up to 32 ms late, its other 9,904 at most 0.009 ms). Created
 * before the schedule, the first measured operation starts on time. The warm-up empties the
 * measurements ({@link MeasurementReset}), so this runs after it.
 *
 * <p>YCSB's HdrHistogram recorder ({@code new Recorder(3)}) also starts with a tiny range and grows it
 * on the recording thread, 1–5 ms per step (measured here), and starts small again after every
 * status interval: a run that fell behind records ever larger intended-time values, each growth makes
 * it later still, and the first status line (which a study asks for) hands the threads a small
 * recorder again right after the start. The recorders created here get YCSB's whole range from the
 * start (1 µs to 2³¹ − 1 µs, YCSB's latencies being ints; the same 3 significant digits, about 180 KB
 * per histogram), so that recording never resizes; the figures are the same.
 *
 * <p>The types are those the phase can draw: {@code INSERT} in a load; in a run each type whose
 * proportion is above 0 (a read-modify-write also reads and updates). A type the phase never attempted
 * (a short run that drew none) is removed again before export, log file included, so that YCSB's output
 * names the operations it would have named. Reaches YCSB's private members through
 * {@link YcsbPrivates}. Driven from YCSB's main thread.
 */
final class MeasurementSetup {
  private static final String READ_MODIFY_WRITE = YcsbOperation.READ_MODIFY_WRITE.ycsbName();
  /** Measurements.measurementInterval: 0 op only, 1 intended only, 2 both. */
  private static final int INTENDED_ONLY = 1;
  private static final int OP_ONLY = 0;
  /** YCSB 0.17.0's {@code OneMeasurementHdrHistogram} records with 3 significant digits. */
  private static final int SIGNIFICANT_DIGITS = 3;

  private final Measurements measurements;
  private final Properties properties;
  private final Set<String> created;

  private MeasurementSetup(Measurements measurements, Properties properties, Set<String> created) {
    this.measurements = measurements;
    this.properties = properties;
    this.created = created;
  }

  /** Creates the measurements of the operation types the phase can draw. */
  static MeasurementSetup create(Measurements measurements, Properties p, boolean load) {
    var types = load ? Set.of("INSERT") : drawn(p);
    int interval = (Integer) YcsbPrivates.get(Measurements.class, "measurementInterval", measurements);
    for (var type : types) {
      if (interval != INTENDED_ONLY) {
        fullRange(create(measurements, "getOpMeasurement", type));
      }
      if (interval != OP_ONLY) {
        fullRange(create(measurements, "getOpIntendedMeasurement", type));
      }
    }
    return new MeasurementSetup(measurements, p, types);
  }

  /** The run's operation types with a proportion above 0, by YCSB's names. */
  static Set<String> drawn(Properties p) {
    var types = new LinkedHashSet<String>();
    boolean readModifyWrite = proportion(p, CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY,
        CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT);
    if (readModifyWrite || proportion(p, CoreWorkload.READ_PROPORTION_PROPERTY,
        CoreWorkload.READ_PROPORTION_PROPERTY_DEFAULT)) {
      types.add("READ");
    }
    if (readModifyWrite || proportion(p, CoreWorkload.UPDATE_PROPORTION_PROPERTY,
        CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT)) {
      types.add("UPDATE");
    }
    if (proportion(p, CoreWorkload.INSERT_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT)) {
      types.add("INSERT");
    }
    if (proportion(p, CoreWorkload.SCAN_PROPORTION_PROPERTY, CoreWorkload.SCAN_PROPORTION_PROPERTY_DEFAULT)) {
      types.add("SCAN");
    }
    if (readModifyWrite) {
      types.add(READ_MODIFY_WRITE);
    }
    return types;
  }

  /**
   * Removes the measurements created here of the types no operation attempted, and their log files.
   *
   * @param attempted the types the phase's operations began with ({@link OperationGate#attempted}; a
   *                  read-modify-write's read and update included by this method)
   */
  void dropUnattempted(Set<String> attempted) {
    var used = new LinkedHashSet<>(attempted);
    if (used.contains(READ_MODIFY_WRITE)) {
      used.addAll(List.of("READ", "UPDATE"));
    }
    var dropped = new ArrayList<String>();
    for (var type : created) {
      if (!used.contains(type)) {
        if (MeasurementReset.map(measurements, MeasurementReset.OPERATIONS).remove(type) != null) {
          dropped.add(type);
        }
        if (MeasurementReset.map(measurements, MeasurementReset.INTENDED).remove(type) != null) {
          dropped.add("Intended-" + type);
        }
      }
    }
    var ycsb = YcsbSettings.from(properties);
    if (ycsb.hdrHistogramFileOutput()) {
      for (var name : dropped) {
        var log = Path.of(properties.getProperty(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, "") + name + ".hdr");
        try {
          Files.deleteIfExists(log);
        } catch (IOException e) {
          System.err.println("Warning: could not delete the empty log " + log + ": " + e.getMessage());
        }
      }
    }
  }

  private static boolean proportion(Properties p, String key, String defaultValue) {
    return Double.parseDouble(p.getProperty(key, defaultValue)) > 0;
  }

  /** Gives an HdrHistogram measurement (also one of two in one) a recorder of YCSB's whole range. */
  private static void fullRange(OneMeasurement measurement) {
    MeasurementReset.hdrHistograms(measurement).forEach(hdr -> YcsbPrivates.set(OneMeasurementHdrHistogram.class,
        "histogram", hdr, new Recorder(1, Integer.MAX_VALUE, SIGNIFICANT_DIGITS)));
  }

  /** One of YCSB's private creators ({@code getOpMeasurement}, {@code getOpIntendedMeasurement}). */
  private static OneMeasurement create(Measurements measurements, String method, String type) {
    return (OneMeasurement) YcsbPrivates.call(Measurements.class, method, measurements, type);
  }
}
