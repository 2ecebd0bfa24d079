package io.github.ycsbstorage.phaseend;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.TargetRate;
import io.github.ycsbstorage.store.StoreException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import site.ycsb.Client;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * The {@code exporter} the storage-aware workload installs: it forwards every metric unchanged to the
 * exporter the user chose (YCSB's text exporter by default), appends {@link RunRecord}'s summary lines
 * (e.g. {@code [STORAGE], device.rotational, 1}) and facts ({@code # STORAGE, device.type, nvme})
 * to that output, and has the self-describing result file written ({@link PhaseResult}). Who
 * exports the phase is claimed once ({@link ExportClaim}).
 *
 * <p>YCSB's {@code Client} constructs exporters by class name with only an {@link OutputStream}, after
 * {@code Workload.cleanup()}; the workload therefore hands over its settings beforehand through
 * {@link #configure}. Summary lines (numbers) reach every delegate through its {@code write}
 * methods; facts (text) reach the text exporter only, as comment lines (the JSON exporters cannot
 * take a string value), and the result file holds them in its typed sections anyway.
 *
 * <p>A measurement YCSB holds ({@link RunRecord#measured()}) that its export did not write means the
 * export stopped part-way (HdrHistogram 2.1.4 without {@code javax.xml.bind}): the phase is then
 * {@code failed}, never {@code complete}.
 *
 * <p>After writing, it prints the phase's {@link PhaseVerdict} ({@code Status: failed: the load stored
 * 10 of 200,000 records …}) and, when the phase did not do its work, ends the JVM with exit status
 * {@link ExitStatus#FAILED} ({@link #END_PROCESS}).
 *
 * <p>Not thread-safe: YCSB exports from its main thread.
 */
public final class ResultExporter implements MeasurementsExporter {
  private static volatile ResultSettings configured = ResultSettings.standalone();
  /** How an export ends the phase. */
  enum Ending {
    /** YCSB's {@code Client} exports at the phase's end: a failed verdict ends the JVM in {@link #close}. */
    YCSB,
    /** A signal stopped the phase: its status is {@code interrupted}, and the JVM is ending already. */
    INTERRUPTED,
    /** A phase stopped as failed whose client threads did not end: judged, and its caller ends the JVM. */
    STRANDED
  }

  /**
   * Ends the JVM with a phase's exit status: the one place beside {@code cli.Main.exit} that ends the
   * process. The exporter must do it itself because YCSB's {@code Client.main} calls
   * {@code System.exit(0)} right after the export: this is the last place where a failed verdict can
   * reach the exit status.
   */
  static final IntConsumer END_PROCESS = status -> System.exit(status);

  private final ResultSettings settings;
  private final OutputStream out;
  private final MeasurementsExporter delegate;
  private final boolean textDelegate;
  private final Ending ending;
  /** How this export ends the JVM of a failed phase: {@link #END_PROCESS} but in tests. */
  private final IntConsumer exit;
  private final YcsbSummary summary = new YcsbSummary();
  /** The first failure to write YCSB's output, which YCSB's {@code Client} answers only after {@link #close}. */
  private IOException writeFailure;

  /** The exporter YCSB's {@code Client} makes at the end of the phase. */
  public ResultExporter(OutputStream out) {
    this(out, END_PROCESS);
  }

  /** @param exit ends the JVM with a failed phase's exit status */
  ResultExporter(OutputStream out, IntConsumer exit) {
    this(out, Ending.YCSB, exit);
    ExportClaim.ownExportWriting();
  }

  /**
   * @param ending how this export ends the phase
   * @param exit   ends the JVM with a failed phase's exit status
   */
  ResultExporter(OutputStream out, Ending ending, IntConsumer exit) {
    this.settings = configured;
    this.ending = ending;
    this.exit = exit;
    // The delegate may close its stream; keep it open for the lines appended after it.
    this.out = out;
    this.delegate = instantiate(settings.delegateClass(), new CloseShieldOutputStream(out));
    this.textDelegate = delegate.getClass() == TextMeasurementsExporter.class;
  }

  /** Hands over the phase's settings; called by the workload in {@code init()}. */
  public static void configure(ResultSettings settings) {
    Check.argument(settings != null, "settings must not be null");
    configured = settings;
  }

  static ResultSettings configured() {
    return configured;
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
    try {
      delegate.write(metric, measurement, i);
    } catch (IOException e) {
      writeFailure = e;
      throw e;
    }
    summary.accept(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    try {
      delegate.write(metric, measurement, i);
    } catch (IOException e) {
      writeFailure = e;
      throw e;
    }
    summary.accept(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    try {
      delegate.write(metric, measurement, d);
    } catch (IOException e) {
      writeFailure = e;
      throw e;
    }
    summary.accept(metric, measurement, d);
  }

  /**
   * Appends the summary lines, closes the delegate's output, writes the result file and says how the
   * phase ended. When any of it cannot be written (a full disk), no file is left that could pass for
   * this phase's result: the partial export and an earlier phase's result file at the same path are
   * removed, and the phase fails.
   */
  @Override
  public void close() throws IOException {
    var record = RunRecord.current();
    TargetRate.missed(settings.properties(), summary.summary()).ifPresent(warning -> {
      System.err.println("Warning: " + warning);
      record.addWarning(warning);
    });
    record.countOperations(summary.summary());
    var unexported = new TreeSet<>(record.measured());
    unexported.removeAll(summary.metrics());
    if (!unexported.isEmpty()) {
      record.addFailure("YCSB's export stopped before it wrote " + String.join(", ", unexported)
          + " (the error that stopped it follows)");
    }
    var verdict = ending == Ending.INTERRUPTED ? PhaseVerdict.interrupted() : PhaseVerdict.of(settings.phase(),
        settings.properties(), summary.summary(), record.failures(), record.warnings());
    try {
      if (writeFailure != null) {
        out.close();
        throw writeFailure;
      }
      writeExport(record);
    } catch (IOException e) {
      failToWrite(e, true);
    }
    try {
      PhaseResult.write(settings, summary.summary(), record, verdict);
    } catch (StoreException e) {
      failToStore(e);
    } catch (IOException e) {
      failToWrite(e, false);
    }
    System.err.println(verdict.line());
    ExportClaim.exportWritten();
    if (ending == Ending.YCSB && !unexported.isEmpty()) {
      exitOnTheStoppingError();
    } else if (ending == Ending.YCSB && verdict.exitStatus() != 0) {
      exit.accept(verdict.exitStatus());
    }
  }

  /**
   * YCSB's export stopped part-way, so an error is on its way out of YCSB's {@code Client} through
   * this {@code close} (called from a {@code finally}): ending the JVM here would hide it. Once it has
   * been printed, the JVM ends with exit status {@link ExitStatus#FAILED}, without waiting for
   * other threads.
   */
  private void exitOnTheStoppingError() {
    Thread.currentThread().setUncaughtExceptionHandler((thread, error) -> {
      System.err.print("Exception in thread \"" + thread.getName() + "\" ");
      error.printStackTrace();
      exit.accept(ExitStatus.FAILED.code());
    });
  }

  /**
   * The phase's output could not be written: it fails, and no file is left that could pass for its
   * result.
   *
   * @param export whether it was YCSB's export (then partial) or the result file
   */
  private void failToWrite(IOException e, boolean export) throws IOException {
    System.err.println("Status: failed: the measurements could not be written (" + e.getMessage() + ")"
        + PhaseResult.discardOutputs(settings, export));
    ExportClaim.exportWritten();
    if (ending != Ending.INTERRUPTED) {
      exit.accept(ExitStatus.FAILED.code());
    }
    throw e;
  }

  /** The results store could not be written: the phase fails, its result file kept (it is complete). */
  private void failToStore(StoreException e) throws IOException {
    System.err.println("Status: failed: the results store could not be written (" + e.getMessage() + ")"
        + settings.resultFile().map(file -> "; the result file " + file + " is kept").orElse(""));
    ExportClaim.exportWritten();
    if (ending != Ending.INTERRUPTED) {
      exit.accept(ExitStatus.FAILED.code());
    }
    throw e;
  }

  /**
   * YCSB's output through the user's exporter, then the summary lines (numbers, as every
   * {@code [GROUP], name, value} line of YCSB's is) and, in text output, the facts as comment lines;
   * closes the stream.
   */
  private void writeExport(RunRecord record) throws IOException {
    try {
      if (textDelegate) {
        delegate.close();
        var text = new StringBuilder();
        for (var line : record.summaryLines()) {
          text.append('[').append(line.group()).append("], ").append(line.metric()).append(", ")
              .append(line.value()).append(System.lineSeparator());
        }
        for (var fact : record.facts()) {
          text.append("# ").append(fact.group()).append(", ").append(fact.name()).append(", ")
              .append(fact.value()).append(System.lineSeparator());
        }
        out.write(text.toString().getBytes(StandardCharsets.UTF_8));
      } else {
        for (var line : record.summaryLines()) {
          if (line.value() instanceof Double || line.value() instanceof Float) {
            delegate.write(line.group(), line.metric(), line.value().doubleValue());
          } else {
            delegate.write(line.group(), line.metric(), line.value().longValue());
          }
        }
        delegate.close();
      }
    } finally {
      out.close();
    }
  }
}
