package io.github.ycsbstorage.workload;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.TwoInOneMeasurement;

/**
 * Forgets every measurement taken so far, so that warm-up operations are not reported. YCSB 0.17.0
 * keeps its measurements in a static singleton with no reset; {@code CoreWorkload} measures
 * read-modify-write itself (not only through {@code DBWrapper}), and holds the singleton in a private
 * field, so replacing the singleton would not do: this empties its two private maps instead
 * ({@link YcsbPrivates}), and closes the HdrHistogram log files of what it
 * drops (with {@code hdrhistogram.fileoutput}, a measurement created again later opens the same file
 * anew, which an open stream of the dropped one would otherwise write into). Stateless and thread-safe.
 */
final class MeasurementReset {
  /** YCSB's measurements by operation, and its intended-time ones (by the same names, without the prefix). */
  static final String OPERATIONS = "opToMesurementMap";
  static final String INTENDED = "opToIntendedMesurementMap";

  private MeasurementReset() {
  }

  static void clear(Measurements measurements) {
    for (var name : List.of(OPERATIONS, INTENDED)) {
      var map = map(measurements, name);
      map.values().stream().flatMap(measurement -> hdrHistograms((OneMeasurement) measurement))
          .forEach(MeasurementReset::closeLog);
      map.clear();
    }
  }

  /** The HdrHistogram measurements a measurement is made of: itself, or both of a two-in-one. */
  static Stream<OneMeasurementHdrHistogram> hdrHistograms(OneMeasurement measurement) {
    if (measurement instanceof OneMeasurementHdrHistogram hdr) {
      return Stream.of(hdr);
    }
    if (measurement instanceof TwoInOneMeasurement) {
      return Stream.of("thing1", "thing2").flatMap(part -> hdrHistograms((OneMeasurement) YcsbPrivates.get(
          TwoInOneMeasurement.class, part, measurement)));
    }
    return Stream.empty();
  }

  private static void closeLog(OneMeasurementHdrHistogram measurement) {
    var log = (PrintStream) YcsbPrivates.get(OneMeasurementHdrHistogram.class, "log", measurement);
    if (log != null) {
      log.close();
    }
  }

  /** One of YCSB's two maps of measurements ({@link #OPERATIONS}, {@link #INTENDED}), live. */
  static Map<?, ?> map(Measurements measurements, String name) {
    return (Map<?, ?>) YcsbPrivates.get(Measurements.class, name, measurements);
  }
}
