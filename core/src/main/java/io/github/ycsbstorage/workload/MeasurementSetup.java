package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.YcsbInternals;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementRaw;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.measurements.TwoInOneMeasurement;
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
 * <p>Where YCSB would measure with HdrHistogram, the measurements created here are our own
 * {@link FullRangeHdrHistogram}s, whose recorders never resize; the figures are the same.
 *
 * <p>The types are those the phase can draw: {@code INSERT} in a load; in a run each type whose
 * proportion is above 0 (a read-modify-write also reads and updates). A type the phase never attempted
 * (a short run that drew none) is removed again before export, log file included, so that YCSB's output
 * names the operations it would have named. Reaches YCSB's maps through {@link YcsbInternals}.
 * Driven from YCSB's main thread.
 */
final class MeasurementSetup {
  private static final String READ_MODIFY_WRITE = YcsbOperation.READ_MODIFY_WRITE.ycsbName();
  /** Measurements.measurementInterval: 0 op only, 1 intended only, 2 both. */
  private static final int INTENDED_ONLY = 1;
  private static final int OP_ONLY = 0;

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
    int interval = YcsbInternals.interval(measurements);
    var type = YcsbInternals.type(measurements);
    for (var name : types) {
      if (interval != INTENDED_ONLY) {
        YcsbInternals.operations(measurements).computeIfAbsent(name, op -> measurement(type, op, p));
      }
      if (interval != OP_ONLY) {
        YcsbInternals.intended(measurements).computeIfAbsent(name, op -> measurement(type, "Intended-" + op, p));
      }
    }
    return new MeasurementSetup(measurements, p, types);
  }

  /** What YCSB's {@code Measurements} would create, with our recorder where it uses HdrHistogram. */
  private static OneMeasurement measurement(Measurements.MeasurementType type, String name, Properties p) {
    return switch (type) {
      case HDRHISTOGRAM -> new FullRangeHdrHistogram(name, p);
      case HDRHISTOGRAM_AND_HISTOGRAM -> new TwoInOneMeasurement(name, new FullRangeHdrHistogram("Hdr" + name, p),
          new OneMeasurementHistogram("Bucket" + name, p));
      case HDRHISTOGRAM_AND_RAW -> new TwoInOneMeasurement(name, new FullRangeHdrHistogram("Hdr" + name, p),
          new OneMeasurementRaw("Raw" + name, p));
      case HISTOGRAM -> new OneMeasurementHistogram(name, p);
      case TIMESERIES -> new OneMeasurementTimeSeries(name, p);
      case RAW -> new OneMeasurementRaw(name, p);
    };
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
   *                  read-modify-write's read and update included by this method). Where the gate saw
   *                  transactions of no known type (an observed workload draws inside), a type was
   *                  attempted unless it measured nothing: no return code (YCSB counts one for every
   *                  database call) and, where its measurement can tell (ours), no latency (a
   *                  read-modify-write has no return code of its own)
   */
  void dropUnattempted(Set<String> attempted) {
    var used = new LinkedHashSet<>(attempted);
    if (used.contains(READ_MODIFY_WRITE)) {
      used.addAll(List.of("READ", "UPDATE"));
    }
    boolean typed = !attempted.contains(YcsbOperation.TRANSACTION.ycsbName());
    var dropped = new ArrayList<String>();
    for (var type : created) {
      if (typed ? !used.contains(type) : measuredNothing(type)) {
        drop(YcsbInternals.operations(measurements), type, type, dropped);
        drop(YcsbInternals.intended(measurements), type, "Intended-" + type, dropped);
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

  /** No return code and no latency known for the type; a measurement of YCSB's own kind cannot tell the latter. */
  private boolean measuredNothing(String type) {
    var operation = YcsbInternals.operations(measurements).get(type);
    if (operation != null && !YcsbInternals.returnCodes(operation).isEmpty()) {
      return false;
    }
    return Stream.of(operation, YcsbInternals.intended(measurements).get(type)).filter(Objects::nonNull)
        .allMatch(MeasurementSetup::recordedNothing);
  }

  /** Ours, alone or as the HdrHistogram part of a two-in-one, say whether they recorded a latency. */
  private static boolean recordedNothing(OneMeasurement measurement) {
    var recorder = measurement instanceof TwoInOneMeasurement twoInOne ? YcsbInternals.parts(twoInOne).get(0) : measurement;
    return recorder instanceof FullRangeHdrHistogram ours && !ours.measured();
  }

  private static boolean proportion(Properties p, String key, String defaultValue) {
    return Double.parseDouble(p.getProperty(key, defaultValue)) > 0;
  }

  /** Removes a type's measurement from one of YCSB's maps, its log closed, and names its log in {@code dropped}. */
  private static void drop(Map<String, OneMeasurement> map, String type, String log, List<String> dropped) {
    var measurement = map.remove(type);
    if (measurement != null) {
      MeasurementReset.closeLogs(measurement);
      dropped.add(log);
    }
  }
}
