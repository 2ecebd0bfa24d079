package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The number of operations the phase completed, read from YCSB's own measurements when the
 * collector stops ({@code Workload.cleanup()} runs after every client thread has finished, so the
 * counts are final). YCSB offers no read-only accessor, so the measurements are exported into a
 * counting exporter; every operation name counts (failed ones included, since they reached the
 * server) except {@code CLEANUP} and the {@code Intended-} copies. With
 * {@code hdrhistogram.fileoutput=true} that export would close YCSB's histogram log early, so the
 * count is then left unknown, and so with {@code measurementtype=raw}, whose export prints every data
 * point; the result then takes YCSB's exported count ({@code RunRecord#countOperations}). Stateless.
 */
final class YcsbOperationCount {
  private YcsbOperationCount() {
  }

  /** The completed operations ({@code count} null when unknown; {@code source} says why). */
  static OperationCount read(Properties properties) {
    var ycsb = YcsbSettings.from(properties);
    if (ycsb.hdrHistogramFileOutput()) {
      return new OperationCount(null,
          "not read: hdrhistogram.fileoutput=true (reading would close YCSB's histogram log)");
    }
    if ("raw".equals(ycsb.measurementType())) {
      return new OperationCount(null,
          "not read: measurementtype=raw (reading would print its raw data points a second time)");
    }
    var total = new AtomicLong();
    var exporter = new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int value) {
        write(metric, measurement, (long) value);
      }

      @Override
      public void write(String metric, String measurement, long value) {
        if (measurement.equals("Operations") && !metric.equals("CLEANUP") && !metric.startsWith("Intended-")) {
          total.addAndGet(value);
        }
      }

      @Override
      public void write(String metric, String measurement, double value) {
        // only the integral "Operations" counts matter
      }

      @Override
      public void close() {
      }
    };
    try {
      Measurements.getMeasurements().exportMeasurements(exporter);
    } catch (IOException | RuntimeException e) {
      return new OperationCount(null, "YCSB measurements not available: " + e);
    }
    return total.get() == 0 ? new OperationCount(null, "YCSB measured no operations")
        : new OperationCount(total.get(), "YCSB measurements");
  }
}
