package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.YcsbInternals;
import java.io.PrintStream;
import java.util.List;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.TwoInOneMeasurement;

/**
 * Forgets every measurement taken so far, so that warm-up operations are not reported. YCSB 0.17.0
 * keeps its measurements in a static singleton with no reset; {@code CoreWorkload} measures
 * read-modify-write itself (not only through {@code DBWrapper}), and holds the singleton in a private
 * field, so replacing the singleton would not do: this empties its two maps instead
 * ({@link YcsbInternals}), and closes the HdrHistogram log files of what it drops (with
 * {@code hdrhistogram.fileoutput}, a measurement created again later opens the same file anew, which
 * an open stream of the dropped one would otherwise write into). Stateless and thread-safe.
 */
final class MeasurementReset {
  private MeasurementReset() {
  }

  static void clear(Measurements measurements) {
    for (var map : List.of(YcsbInternals.operations(measurements), YcsbInternals.intended(measurements))) {
      map.values().forEach(MeasurementReset::closeLogs);
      map.clear();
    }
  }

  /** Closes the HdrHistogram log files a measurement writes: its own, or those of both of a two-in-one. */
  static void closeLogs(OneMeasurement measurement) {
    if (measurement instanceof FullRangeHdrHistogram ours) {
      ours.closeLog();
    } else if (measurement instanceof OneMeasurementHdrHistogram ycsbs) {
      YcsbInternals.hdrLog(ycsbs).ifPresent(PrintStream::close);
    } else if (measurement instanceof TwoInOneMeasurement twoInOne) {
      YcsbInternals.parts(twoInOne).forEach(MeasurementReset::closeLogs);
    }
  }
}
