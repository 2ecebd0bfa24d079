package io.github.ycsbstorage.phaseend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Status;
import site.ycsb.measurements.OneMeasurementRaw;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/** YCSB's exported measurement names, as its HdrHistogram measurement writes them, become result keys. */
class YcsbSummaryTest {
  /**
   * YCSB 0.17.0's own raw measurement, latencies 1..200 µs: its count (200), mean (100.5) and its
   * percentiles, each the sorted value at index (int) (count × p), so p50 = 101, p99 = 199, p99.9 = 200
   * by hand, must come through under the result's keys.
   */
  @Test
  void rawMeasurementsComeThroughUnderTheirOwnNames(@TempDir Path temp) throws Exception {
    var properties = new Properties();
    properties.setProperty("measurement.raw.output_file", temp.resolve("raw.csv").toString());
    var raw = new OneMeasurementRaw("READ", properties);
    for (int latency = 200; latency >= 1; latency--) {
      raw.measure(latency);
    }
    raw.reportStatus(Status.OK);
    var summary = new YcsbSummary();
    raw.exportMeasurements(new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int value) {
        summary.accept(metric, measurement, value);
      }

      @Override
      public void write(String metric, String measurement, long value) {
        summary.accept(metric, measurement, value);
      }

      @Override
      public void write(String metric, String measurement, double value) {
        summary.accept(metric, measurement, value);
      }

      @Override
      public void close() {
      }
    });
    var read = summary.summary().operations().get("READ");
    assertEquals(200, read.count());
    assertEquals(100.5, read.averageUs().orElseThrow(), 1e-9);
    assertEquals(OptionalLong.of(1), read.minUs());
    assertEquals(OptionalLong.of(200), read.maxUs());
    assertEquals(OptionalLong.of(101), read.p50Us());
    assertEquals(OptionalLong.of(191), read.p95Us());
    assertEquals(OptionalLong.of(199), read.p99Us());
    assertEquals(OptionalLong.of(200), read.p999Us());
    assertEquals(OptionalLong.of(3), read.percentile(1));
    assertEquals(Map.of("OK", 1L), read.returnCodes());
    assertEquals(200, summary.summary().count());
  }

  @Test
  void wholeAndFractionalPercentilesAreBothKept() {
    var summary = new YcsbSummary();
    // YCSB 0.17.0 with hdrhistogram.percentiles=50,90,99.9,99.99 (lines copied from its text output)
    summary.accept("READ", "Operations", 156);
    summary.accept("READ", "50thPercentileLatency(us)", 35L);
    summary.accept("READ", "90thPercentileLatency(us)", 143L);
    summary.accept("READ", "99.9PercentileLatency(us)", 8191L);
    summary.accept("READ", "99.99PercentileLatency(us)", 8192L);
    summary.accept("READ", "Return=OK", 156L);
    var read = summary.summary().operations().get("READ");
    assertEquals(OptionalLong.of(35), read.p50Us());
    assertEquals(OptionalLong.of(8191), read.p999Us());
    assertEquals(OptionalLong.empty(), read.p99Us(), "not asked for, so unknown");
    assertEquals(Map.of("p90Us", 143L, "p9999Us", 8192L), read.otherPercentiles());
    assertEquals(OptionalLong.of(8192), read.percentile(99.99));
    assertEquals(0, summary.summary().errors());
  }

  @Test
  void intendedTimeFiguresSitBesideTheOperationsOwn() {
    var summary = new YcsbSummary();
    // YCSB 0.17.0 with -target and measurement.interval=both: [READ] and [Intended-READ] groups
    summary.accept("READ", "Operations", 400);
    summary.accept("READ", "99thPercentileLatency(us)", 1_200L);
    summary.accept("READ", "Return=OK", 400L);
    summary.accept("Intended-READ", "Operations", 400);
    summary.accept("Intended-READ", "99thPercentileLatency(us)", 1_955_839L);
    summary.accept("Intended-READ", "MaxLatency(us)", 2_001_919L);
    var figures = summary.summary();
    assertEquals(Set.of("READ"), figures.operations().keySet(), "Intended-READ is no operation of its own");
    assertEquals(400, figures.count(), "counted once");
    var read = figures.operations().get("READ");
    assertEquals(OptionalLong.of(1_200), read.p99Us());
    var intended = read.intended().orElseThrow();
    assertEquals(400, intended.count());
    assertEquals(OptionalLong.of(1_955_839), intended.p99Us());
    assertEquals(OptionalLong.of(2_001_919), intended.maxUs());
    assertEquals(Optional.empty(), intended.intended());

    var untimed = new YcsbSummary();
    untimed.accept("READ", "Operations", 3);
    assertEquals(Optional.empty(), untimed.summary().operations().get("READ").intended(), "not recorded: absent");
  }
}
