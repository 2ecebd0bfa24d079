package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Status;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/** Our HdrHistogram measurement says what YCSB's says, in its status lines, export and log. */
class FullRangeHdrHistogramTest {
  /** Latencies in µs over YCSB's whole range, largest int included. */
  private static final int[] LATENCIES = {1, 7, 250, 999, 1_000, 12_345, 250_000, 3_000_000, Integer.MAX_VALUE};

  private static Properties properties(Path logs, String folder) {
    var p = new Properties();
    p.setProperty("hdrhistogram.fileoutput", "true");
    p.setProperty("hdrhistogram.output.path", logs.resolve(folder) + "/");
    p.setProperty(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY, "50,95,99,99.9,11");
    p.setProperty(OneMeasurementHdrHistogram.VERBOSE_PROPERTY, "true");
    return p;
  }

  /** The status line after the first half, then the export after the second. */
  private static String measure(OneMeasurement measurement) throws Exception {
    for (int i = 0; i < LATENCIES.length / 2; i++) {
      measurement.measure(LATENCIES[i]);
    }
    var summary = measurement.getSummary();
    for (int i = LATENCIES.length / 2; i < LATENCIES.length; i++) {
      measurement.measure(LATENCIES[i]);
    }
    measurement.reportStatus(Status.OK);
    measurement.reportStatus(Status.ERROR);
    var bytes = new ByteArrayOutputStream();
    try (var exporter = new TextMeasurementsExporter(bytes)) {
      measurement.exportMeasurements(exporter);
    }
    return summary + "\n" + bytes.toString(StandardCharsets.UTF_8);
  }

  /** Every interval of a log, as HdrHistogram's reader (which YCSB's and PerfKitBenchmarker's tools use) reads it. */
  private static Histogram read(Path log) throws Exception {
    var total = new Histogram(3);
    int intervals = 0;
    try (var reader = new HistogramLogReader(log.toFile())) {
      while (reader.hasNext()) {
        total.add((Histogram) reader.nextIntervalHistogram());
        intervals++;
      }
    }
    assertEquals(2, intervals, "one interval per status line and one at export: " + log);
    return total;
  }

  @Test
  void statusLineExportAndLogAreYcsbs(@TempDir Path logs) throws Exception {
    Files.createDirectories(logs.resolve("ycsb"));
    Files.createDirectories(logs.resolve("ours"));
    var ycsbs = measure(new OneMeasurementHdrHistogram("READ", properties(logs, "ycsb")));
    var ours = measure(new FullRangeHdrHistogram("READ", properties(logs, "ours")));
    assertEquals(ycsbs, ours);

    var ycsbLog = read(logs.resolve("ycsb/READ.hdr"));
    var ourLog = read(logs.resolve("ours/READ.hdr"));
    assertEquals(LATENCIES.length, ourLog.getTotalCount());
    assertEquals(ycsbLog, ourLog);
  }
}
