package io.github.ycsbstorage.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.OperationFigures;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merging clients' interval logs gives the percentiles of all samples together, exactly. */
class HdrLogsTest {
  private static final int SAMPLES = 2000;

  /**
   * Three clients record 1..2000 µs between them (client k gets the values ≡ k mod 3), each over
   * several intervals. Below 2048 a 3-digit HdrHistogram is exact, so the merged percentiles must be
   * the nearest-rank percentiles of the sorted values: computed here without HdrHistogram.
   */
  @Test
  void mergedPercentilesEqualThoseOfAllSamples(@TempDir Path dir) throws Exception {
    var logs = new ArrayList<Path>();
    for (int client = 0; client < 3; client++) {
      var log = dir.resolve("client" + client + "-READ.hdr");
      try (var out = new PrintStream(Files.newOutputStream(log))) {
        var writer = new HistogramLogWriter(out);
        writer.outputLogFormatVersion();
        writer.outputLegend();
        var interval = new Histogram(3);
        int inInterval = 0;
        for (int value = 1; value <= SAMPLES; value++) {
          if (value % 3 == client) {
            interval.recordValue(value);
            if (++inInterval % 150 == 0) {
              writer.outputIntervalHistogram(inInterval / 150, inInterval / 150 + 1, interval, 1.0);
              interval = new Histogram(3);
            }
          }
        }
        writer.outputIntervalHistogram(99, 100, interval, 1.0);
      }
      logs.add(log);
    }

    var merged = HdrLogs.merge(logs);
    var figures = OperationFigures.of(merged, Map.of());

    assertEquals(SAMPLES, figures.count());
    assertEquals(nearestRank(50), figures.p50Us().getAsLong());
    assertEquals(nearestRank(95), figures.p95Us().getAsLong());
    assertEquals(nearestRank(99), figures.p99Us().getAsLong());
    assertEquals(nearestRank(99.9), figures.p999Us().getAsLong());
    // Golden values of 1..2000, for readers: the nearest rank is ceil(p/100 × 2000).
    assertEquals(List.of(1000L, 1900L, 1980L, 1998L),
        List.of(figures.p50Us().getAsLong(), figures.p95Us().getAsLong(), figures.p99Us().getAsLong(), figures.p999Us().getAsLong()));
    assertEquals(1, figures.minUs().getAsLong());
    assertEquals(2000, figures.maxUs().getAsLong());
    assertEquals(1000.5, figures.averageUs().getAsDouble(), 1e-9);

    // Averaging each client's own p99 (what a naive merge does) would not give 1980.
    var perClient = logs.stream().mapToLong(l -> HdrLogs.read(l).getValueAtPercentile(99)).sum() / 3.0;
    assertNotEquals((double) figures.p99Us().getAsLong(), perClient);
  }

  /** HdrHistogram's own HistogramLogProcessor reads the merged log of three clients as all their samples. */
  @Test
  void theMergedLogIsReadByHistogramLogProcessorAsAllSamples(@TempDir Path dir) throws Exception {
    var logs = new ArrayList<Path>();
    for (int client = 0; client < 3; client++) {
      var log = dir.resolve("client" + client + ".hdr");
      try (var out = new PrintStream(Files.newOutputStream(log))) {
        var writer = new HistogramLogWriter(out);
        writer.outputLogFormatVersion();
        long start = 1_700_000_000_000L + client * 300; // each client's own clock start
        writer.outputStartTime(start);
        writer.setBaseTime(start);
        writer.outputLegend();
        for (int second = 0; second < 4; second++) {
          var interval = new Histogram(3);
          interval.setStartTimeStamp(start + second * 1000L);
          interval.setEndTimeStamp(start + second * 1000L + 1000);
          for (int value = 1; value <= 100; value++) {
            interval.recordValue(value * (client + 1));
          }
          writer.outputIntervalHistogram(interval);
        }
      }
      logs.add(log);
    }
    var merged = dir.resolve("READ.hdr");
    HdrLogs.writeMerged(logs, merged);

    var output = dir.resolve("processed");
    new org.HdrHistogram.HistogramLogProcessor(new String[] {"-i", merged.toString(), "-o", output.toString()}).run();
    var distribution = Files.readString(dir.resolve("processed.hgrm"));
    assertTrue(java.util.regex.Pattern.compile("Total count\\s*=\\s*1200]").matcher(distribution).find(), distribution);
    assertEquals(HdrLogs.merge(logs).getTotalCount(), HdrLogs.read(merged).getTotalCount());
    assertEquals(300, HdrLogs.read(merged).getMaxValue());
  }

  private static long nearestRank(double percentile) {
    var sorted = new ArrayList<Long>();
    for (long v = 1; v <= SAMPLES; v++) {
      sorted.add(v);
    }
    // Decimal arithmetic: in doubles 99.9 / 100 × 2000 is 1998.0000000000002, one rank too far.
    var rank = new BigDecimal(Double.toString(percentile)).multiply(BigDecimal.valueOf(SAMPLES))
        .divide(BigDecimal.valueOf(100)).setScale(0, RoundingMode.CEILING).intValueExact();
    return sorted.get(rank - 1);
  }
}
