package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/** The names read from YCSB's measurements are those its export writes, and reading them exports nothing. */
class MeasuredOperationsTest {
  @Test
  void theNamesAreTheMetricsYcsbsExportWrites() throws Exception {
    var p = new Properties();
    p.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    var measurements = new Measurements(p);
    measurements.measure("READ", 10);
    measurements.measureIntended("READ", 12);
    measurements.measure("UPDATE-FAILED", 30);

    var exported = new TreeSet<String>();
    var exporter = new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int i) {
        exported.add(metric);
      }

      @Override
      public void write(String metric, String measurement, long i) {
        exported.add(metric);
      }

      @Override
      public void write(String metric, String measurement, double d) {
        exported.add(metric);
      }

      @Override
      public void close() {
      }
    };
    var names = MeasuredOperations.names(measurements);
    measurements.exportMeasurements(exporter);
    assertEquals(Set.of("READ", "Intended-READ", "UPDATE-FAILED"), names);
    assertEquals(exported, names);
  }
}
