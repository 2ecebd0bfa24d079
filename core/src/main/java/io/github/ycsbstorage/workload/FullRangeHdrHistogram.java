package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.text.DecimalFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * YCSB 0.17.0's HdrHistogram measurement ({@code OneMeasurementHdrHistogram}: the same export lines,
 * status summary and interval log) over a recorder of YCSB's whole range from the start, 1 µs to
 * 2³¹ − 1 µs (its latencies are ints) at its 3 significant digits, about 180 KB per histogram. YCSB's
 * own {@code new Recorder(3)} starts with a tiny range and grows it on the recording thread, 1–5 ms per
 * step (measured here), and starts small again after every status interval, so that a run behind its
 * schedule records ever larger intended-time values and each growth makes it later still. Its recorder
 * is a private final field; a measurement of our own in YCSB's map replaces it without writing one.
 * Thread-safe as YCSB's: {@link #measure} from any client thread, the rest from YCSB's status and main
 * threads.
 */
final class FullRangeHdrHistogram extends OneMeasurement {
  private static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder recorder = new Recorder(1, Integer.MAX_VALUE, SIGNIFICANT_DIGITS);
  private final List<Double> percentiles;
  private final boolean verbose;
  private final Optional<PrintStream> log;
  private final Optional<HistogramLogWriter> logWriter;
  private Histogram total;
  /** Whether any latency was recorded: read mostly, written once. */
  private volatile boolean measured;

  /** Reads the same properties as YCSB's, which the launcher has checked; opens the log as YCSB does. */
  FullRangeHdrHistogram(String name, Properties p) {
    super(name);
    percentiles = Arrays.stream(p.getProperty(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY,
        OneMeasurementHdrHistogram.PERCENTILES_PROPERTY_DEFAULT).split(",")).map(Double::valueOf).toList();
    verbose = Boolean.parseBoolean(p.getProperty(OneMeasurementHdrHistogram.VERBOSE_PROPERTY, "false"));
    if (YcsbSettings.from(p).hdrHistogramFileOutput()) {
      var file = p.getProperty(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, "") + name + ".hdr";
      try {
        log = Optional.of(new PrintStream(new FileOutputStream(file), false));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot open the HdrHistogram log " + file, e);
      }
      var writer = new HistogramLogWriter(log.get());
      writer.outputComment("[Logging for: " + name + "]");
      writer.outputLogFormatVersion();
      long now = System.currentTimeMillis();
      writer.outputStartTime(now);
      writer.setBaseTime(now);
      writer.outputLegend();
      logWriter = Optional.of(writer);
    } else {
      log = Optional.empty();
      logWriter = Optional.empty();
    }
  }

  @Override
  public void measure(int latencyInMicros) {
    recorder.recordValue(latencyInMicros);
    if (!measured) {
      measured = true;
    }
  }

  /** Whether any latency was recorded, which YCSB's measurements do not tell. */
  boolean measured() {
    return measured;
  }

  /** YCSB's status line of the interval since the last one, which goes to the log as one interval. */
  @Override
  public String getSummary() {
    var interval = nextInterval();
    var d = new DecimalFormat("#.##");
    return "[" + getName() + ": Count=" + interval.getTotalCount() + ", Max=" + interval.getMaxValue()
        + ", Min=" + interval.getMinValue() + ", Avg=" + d.format(interval.getMean())
        + ", 90=" + d.format(interval.getValueAtPercentile(90))
        + ", 99=" + d.format(interval.getValueAtPercentile(99))
        + ", 99.9=" + d.format(interval.getValueAtPercentile(99.9))
        + ", 99.99=" + d.format(interval.getValueAtPercentile(99.99)) + "]";
  }

  /** YCSB's export lines over the whole phase; the last interval goes to the log, which closes. */
  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    nextInterval();
    closeLog();
    exporter.write(getName(), "Operations", total.getTotalCount());
    exporter.write(getName(), "AverageLatency(us)", total.getMean());
    exporter.write(getName(), "MinLatency(us)", total.getMinValue());
    exporter.write(getName(), "MaxLatency(us)", total.getMaxValue());
    for (var percentile : percentiles) {
      exporter.write(getName(), ordinal(percentile) + "PercentileLatency(us)", total.getValueAtPercentile(percentile));
    }
    exportStatusCounts(exporter);
    if (verbose) {
      for (var value : total.recordedValues()) {
        exporter.write(getName(), Long.toString(Math.min(value.getValueIteratedTo(), Integer.MAX_VALUE)),
            (double) value.getCountAtValueIteratedTo());
      }
    }
  }

  /** Closes the log file, if any: on export, or when the measurement is dropped. */
  void closeLog() {
    log.ifPresent(PrintStream::close);
  }

  private Histogram nextInterval() {
    var interval = recorder.getIntervalHistogram();
    logWriter.ifPresent(writer -> writer.outputIntervalHistogram(interval));
    if (total == null) {
      total = interval;
    } else {
      total.add(interval);
    }
    return interval;
  }

  /** YCSB's names of percentiles: {@code 95th}, {@code 99.9}. */
  private static String ordinal(double percentile) {
    if (percentile % 1 != 0) {
      return Double.toString(percentile);
    }
    int whole = (int) percentile;
    var suffixes = new String[] {"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"};
    return whole + (whole % 100 >= 11 && whole % 100 <= 13 ? "th" : suffixes[whole % 10]);
  }
}
