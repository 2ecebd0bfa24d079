package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.AtomicFile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

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
    intervals(logs).forEach(merged::add);
    return merged;
  }

  /**
   * Writes one interval log holding every interval of every log, in order of their start time on
   * the clock they were recorded with, so that HdrHistogram's own tools (e.g.
   * {@code HistogramLogProcessor}) read a multi-client cell as one log: the intervals that overlap in
   * time add up in each of its reporting windows, and in its totals.
   */
  public static void writeMerged(List<Path> logs, Path merged) throws IOException {
    var intervals = intervals(logs);
    intervals.sort(Comparator.comparingLong(Histogram::getStartTimeStamp));
    var start = intervals.stream().mapToLong(Histogram::getStartTimeStamp).min().orElse(0);
    AtomicFile.write(merged, out -> {
      var print = new PrintStream(out, false, StandardCharsets.UTF_8);
      var writer = new HistogramLogWriter(print);
      writer.outputComment("merged from " + logs.size() + " client logs");
      writer.outputLogFormatVersion();
      writer.outputStartTime(start);
      writer.setBaseTime(start);
      writer.outputLegend();
      intervals.forEach(writer::outputIntervalHistogram);
      print.flush();
    });
  }

  /** Every interval of every log, in the order read. */
  static List<Histogram> intervals(List<Path> logs) {
    var intervals = new ArrayList<Histogram>();
    for (var log : logs) {
      HistogramLogReader reader;
      try {
        reader = new HistogramLogReader(log.toFile());
      } catch (FileNotFoundException e) {
        throw new IllegalArgumentException("no HdrHistogram log at " + log, e);
      }
      try {
        for (var interval = reader.nextIntervalHistogram(); interval != null; interval = reader.nextIntervalHistogram()) {
          intervals.add((Histogram) interval);
        }
      } finally {
        reader.close();
      }
    }
    return intervals;
  }
}
