package io.github.ycsbstorage.study;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads HdrHistogram interval logs (YCSB's {@code hdrhistogram.fileoutput}) and merges them exactly:
 * every interval histogram of every log is added into one histogram, so that its percentiles are
 * those of one histogram over all samples, not an average of per-client percentiles. Stateless.
 */
public final class HdrLogs {
  /** YCSB records with 3 significant digits; the merged histogram keeps that precision and resizes. */
  private static final int SIGNIFICANT_DIGITS = 3;

  private HdrLogs() {
  }

  /** All intervals of one log, added together. */
  public static Histogram read(Path log) {
    return merge(List.of(log));
  }

  /** All intervals of all logs, added together. */
  public static Histogram merge(List<Path> logs) {
    var merged = new Histogram(SIGNIFICANT_DIGITS);
    for (var log : logs) {
      HistogramLogReader reader;
      try {
        reader = new HistogramLogReader(log.toFile());
      } catch (FileNotFoundException e) {
        throw new IllegalArgumentException("no HdrHistogram log at " + log, e);
      }
      try {
        for (var interval = reader.nextIntervalHistogram(); interval != null; interval = reader.nextIntervalHistogram()) {
          merged.add((Histogram) interval);
        }
      } finally {
        reader.close();
      }
    }
    return merged;
  }
}
