package io.github.ycsbstorage.binding;

import java.io.PrintStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.TwoInOneMeasurement;

/**
 * The one door to YCSB 0.17.0's private members, which its measurements offer no API for: the
 * measurements singleton, its two maps by operation, its interval and type, a measurement's return
 * codes, an HdrHistogram measurement's log and the two parts of a two-in-one. Every member is looked
 * up once, when this class loads; {@link #check()} tells at start whether this YCSB core has them all.
 * Only reads: nothing here writes a field of YCSB's (the maps' contents are changed through the maps).
 * Stateless and thread-safe.
 */
public final class YcsbInternals {
  /** The YCSB core version whose private members these are. */
  public static final String YCSB_VERSION = "0.17.0";

  private static final Members MEMBERS;
  private static final IllegalStateException MISSING;

  static {
    Members members = null;
    IllegalStateException missing = null;
    try {
      members = Members.find();
    } catch (ReflectiveOperationException e) {
      missing = new IllegalStateException("this YCSB core is not YCSB " + YCSB_VERSION + ", whose measurements "
          + "ycsb-storage reads and resets (" + e.getMessage() + "); put YCSB " + YCSB_VERSION
          + "'s core-" + YCSB_VERSION + ".jar on the classpath", e);
    }
    MEMBERS = members;
    MISSING = missing;
  }

  private YcsbInternals() {
  }

  /** The private members, looked up once. */
  private record Members(VarHandle singleton, VarHandle operations, VarHandle intended, VarHandle interval,
                         VarHandle type, VarHandle returnCodes, VarHandle hdrLog, VarHandle first,
                         VarHandle second) {
    static Members find() throws ReflectiveOperationException {
      var measurements = lookup(Measurements.class);
      var hdr = lookup(OneMeasurementHdrHistogram.class);
      var twoInOne = lookup(TwoInOneMeasurement.class);
      return new Members(
          measurements.findStaticVarHandle(Measurements.class, "singleton", Measurements.class),
          measurements.findVarHandle(Measurements.class, "opToMesurementMap", ConcurrentHashMap.class),
          measurements.findVarHandle(Measurements.class, "opToIntendedMesurementMap", ConcurrentHashMap.class),
          measurements.findVarHandle(Measurements.class, "measurementInterval", int.class),
          measurements.findVarHandle(Measurements.class, "measurementType", Measurements.MeasurementType.class),
          lookup(OneMeasurement.class).findVarHandle(OneMeasurement.class, "returncodes", ConcurrentHashMap.class),
          hdr.findVarHandle(OneMeasurementHdrHistogram.class, "log", PrintStream.class),
          twoInOne.findVarHandle(TwoInOneMeasurement.class, "thing1", OneMeasurement.class),
          twoInOne.findVarHandle(TwoInOneMeasurement.class, "thing2", OneMeasurement.class));
    }

    private static MethodHandles.Lookup lookup(Class<?> owner) throws IllegalAccessException {
      return MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
    }
  }

  private static Members members() {
    if (MISSING != null) {
      throw MISSING;
    }
    return MEMBERS;
  }

  /**
   * Fails unless this YCSB core has every member used here.
   *
   * @throws IllegalStateException naming the member missing and the YCSB version expected
   */
  public static void check() {
    members();
  }

  /**
   * YCSB's measurements if its client created them; empty for a binding used outside YCSB's client
   * (where {@code Measurements.getMeasurements()} would fail for want of properties).
   */
  public static Optional<Measurements> measurements() {
    return Optional.ofNullable((Measurements) members().singleton().get());
  }

  /** YCSB's measurements by operation name ({@code READ}), live. */
  @SuppressWarnings("unchecked")
  public static Map<String, OneMeasurement> operations(Measurements measurements) {
    return (Map<String, OneMeasurement>) members().operations().get(measurements);
  }

  /** YCSB's intended-time measurements by operation name (without their {@code Intended-} prefix), live. */
  @SuppressWarnings("unchecked")
  public static Map<String, OneMeasurement> intended(Measurements measurements) {
    return (Map<String, OneMeasurement>) members().intended().get(measurements);
  }

  /** YCSB's {@code measurement.interval} as it parsed it: 0 {@code op}, 1 {@code intended}, 2 {@code both}. */
  public static int interval(Measurements measurements) {
    return (int) members().interval().get(measurements);
  }

  /** YCSB's {@code measurementtype} as it parsed it. */
  public static Measurements.MeasurementType type(Measurements measurements) {
    return (Measurements.MeasurementType) members().type().get(measurements);
  }

  /** A measurement's live return-code counters ({@code [READ], Return=OK, n}). */
  @SuppressWarnings("unchecked")
  public static Map<Status, AtomicInteger> returnCodes(OneMeasurement measurement) {
    return (Map<Status, AtomicInteger>) members().returnCodes().get(measurement);
  }

  /** The HdrHistogram log file's stream of YCSB's measurement; empty without {@code hdrhistogram.fileoutput}. */
  public static Optional<PrintStream> hdrLog(OneMeasurementHdrHistogram measurement) {
    return Optional.ofNullable((PrintStream) members().hdrLog().get(measurement));
  }

  /** The two measurements a two-in-one measures into. */
  public static List<OneMeasurement> parts(TwoInOneMeasurement measurement) {
    return List.of((OneMeasurement) members().first().get(measurement),
        (OneMeasurement) members().second().get(measurement));
  }
}
