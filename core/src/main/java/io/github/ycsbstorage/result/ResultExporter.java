package io.github.ycsbstorage.result;

import io.github.ycsbstorage.config.SecretMasker;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * The {@code exporter} the storage-aware workload installs: it forwards every metric unchanged to the
 * exporter the user chose (YCSB's text exporter by default), appends {@link RunRecord}'s summary lines
 * (e.g. {@code [STORAGE], device.type, nvme}) to that output, and writes the self-describing result
 * file ({@link Result}, written by {@link ResultWriter}).
 *
 * <p>YCSB's {@code Client} constructs exporters by class name with only an {@link OutputStream}, after
 * {@code Workload.cleanup()}; the workload therefore hands over its settings beforehand through
 * {@link #configure}. Summary lines with numeric values reach every delegate through its
 * {@code write} methods; text values reach the text exporter only (the JSON exporters cannot take a
 * string value), and every line is in the result file anyway.
 *
 * <p>Not thread-safe: YCSB exports from its main thread.
 */
public final class ResultExporter implements MeasurementsExporter {
  private static volatile ResultSettings configured = ResultSettings.standalone();
  /** Set by the first export of the phase: YCSB's own, or {@link InterruptedExport}'s. */
  private static final AtomicBoolean EXPORT_STARTED = new AtomicBoolean();

  private final ResultSettings settings;
  private final OutputStream out;
  private final MeasurementsExporter delegate;
  private final boolean textDelegate;
  private final boolean interrupted;
  private final YcsbSummary summary = new YcsbSummary();

  /** The exporter YCSB's {@code Client} makes at the end of the phase. */
  public ResultExporter(OutputStream out) {
    this(out, false);
    EXPORT_STARTED.set(true);
  }

  /**
   * @param interrupted whether the phase was stopped before YCSB exported (the result's status is then
   *                    {@code interrupted})
   */
  ResultExporter(OutputStream out, boolean interrupted) {
    this.settings = configured;
    this.interrupted = interrupted;
    // The delegate may close its stream; keep it open for the lines appended after it.
    this.out = out;
    this.delegate = instantiate(settings.delegateClass(), new CloseShieldOutputStream(out));
    this.textDelegate = delegate.getClass() == TextMeasurementsExporter.class;
  }

  /** Hands over the phase's settings; called by the workload in {@code init()}. */
  public static void configure(ResultSettings settings) {
    if (settings == null) {
      throw new IllegalArgumentException("settings must not be null");
    }
    configured = settings;
  }

  static ResultSettings configured() {
    return configured;
  }

  /** Claims the phase's export for a stopped phase; false when YCSB's own export has begun. */
  static boolean claimInterruptedExport() {
    return EXPORT_STARTED.compareAndSet(false, true);
  }

  /** The user's exporter; like YCSB's Client, falls back to the text exporter when it cannot be made. */
  private static MeasurementsExporter instantiate(String className, OutputStream out) {
    try {
      return (MeasurementsExporter) Class.forName(className).getConstructor(OutputStream.class).newInstance(out);
    } catch (ReflectiveOperationException | ClassCastException e) {
      System.err.println("Could not find exporter " + className + ", will use default text reporter. (" + e + ")");
      return new TextMeasurementsExporter(out);
    }
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    delegate.write(metric, measurement, i);
    summary.accept(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    delegate.write(metric, measurement, i);
    summary.accept(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    delegate.write(metric, measurement, d);
    summary.accept(metric, measurement, d);
  }

  /** Appends the summary lines, closes the delegate's output, then writes the result file. */
  @Override
  public void close() throws IOException {
    var record = RunRecord.current();
    try {
      if (textDelegate) {
        delegate.close();
        var text = new StringBuilder();
        for (var line : record.summaryLines()) {
          text.append('[').append(line.group()).append("], ").append(line.metric()).append(", ")
              .append(line.value()).append(System.lineSeparator());
        }
        out.write(text.toString().getBytes(StandardCharsets.UTF_8));
      } else {
        for (var line : record.summaryLines()) {
          if (line.value() instanceof Number number) {
            if (number instanceof Double || number instanceof Float) {
              delegate.write(line.group(), line.metric(), number.doubleValue());
            } else {
              delegate.write(line.group(), line.metric(), number.longValue());
            }
          }
        }
        delegate.close();
      }
    } finally {
      out.close();
    }
    if (settings.resultFile().isPresent()) {
      var path = settings.resultFile().get();
      ResultWriter.write(path, result(settings, summary.summary(), record, Instant.now(), interrupted));
      System.err.println("Result: " + path);
    }
  }

  /** The phase's result: YCSB's summary, what the record holds, and the phase's identity. */
  static Result result(ResultSettings settings, Summary summary, RunRecord record, Instant finishedAt,
      boolean interrupted) {
    var warnings = record.warnings();
    var status = interrupted ? Status.INTERRUPTED
        : summary.errors() > 0 || !warnings.isEmpty() ? Status.DEGRADED : Status.COMPLETE;
    var properties = SecretMasker.maskedCopy(settings.properties());
    properties.put("exporter", settings.delegateClass());
    var binding = settings.properties().getProperty("db", "site.ycsb.BasicDB");
    return Result.ofPhase(status, settings.phase(), Optional.ofNullable(settings.properties().getProperty("label")),
        settings.startedAt(), finishedAt, Versions.of(Optional.of(binding), settings.driver(), settings.server()),
        Host.local(), properties, summary, record.sections(), warnings);
  }
}
