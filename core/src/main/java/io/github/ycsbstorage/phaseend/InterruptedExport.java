package io.github.ycsbstorage.phaseend;

import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.result.AtomicFile;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Exports the measurements so far when the JVM stops before YCSB's {@code Client} exported them —
 * SIGINT (Ctrl-C) or SIGTERM in the middle of a phase, where YCSB 0.17.0 loses everything. A shutdown
 * hook first lets the phase wind down (the workload's {@code beforeExport}: stop the client threads
 * after their current operation, so that every operation's count agrees with its return codes, and
 * stop the collector, so that its sections cover the phase up to now), then writes YCSB's usual
 * output (to {@code exportfile}, atomically, else stdout) with the {@code [OVERALL]} runtime and
 * throughput up to that moment, and the result file with status {@code interrupted}. Only one export
 * of the phase happens ({@link ExportClaim}): once YCSB's own has begun, the hook
 * lets it finish; once the hook has begun, YCSB's {@code Client} never exports.
 *
 * <p>The same export serves a phase stopped as failed whose client threads never end
 * ({@link #exportStranded}).
 *
 * <p>Thread-safe; {@link #install} is idempotent.
 */
public final class InterruptedExport {
  private static final AtomicBoolean INSTALLED = new AtomicBoolean();
  private static volatile Runnable beforeExport = () -> { };
  /** How long a signal during YCSB's own export lets it finish before the JVM ends. */
  private static final Duration OWN_EXPORT_LIMIT = Duration.ofSeconds(30);

  private InterruptedExport() {
  }

  /**
   * Installs the hook; called once the phase is prepared, so that bad input never leaves a result.
   *
   * @param windDown what the phase does before its measurements are exported; it must not wait long
   */
  public static void install(Runnable windDown) {
    beforeExport = windDown;
    if (INSTALLED.compareAndSet(false, true)) {
      Runtime.getRuntime().addShutdownHook(new Thread(InterruptedExport::export, "export-on-interrupt"));
    }
  }

  private static void export() {
    if (!ExportClaim.claimStoppedExport()) {
      try {
        ExportClaim.awaitOwnExport(OWN_EXPORT_LIMIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return;
    }
    try {
      beforeExport.run();
      write(ResultExporter.Ending.INTERRUPTED);
      System.err.println("Interrupted: the measurements so far are exported; the result is marked interrupted");
    } catch (IOException | RuntimeException e) {
      System.err.println("Interrupted: the measurements could not be exported: " + e);
    }
  }

  /**
   * Exports a phase that was stopped as failed but cannot end by itself: a client thread is stuck in
   * a binding call that never returns (a hung server, a driver without a timeout), and YCSB's
   * {@code Client} would wait for it forever. Writes what was measured up to now, judged as usual
   * (the phase's recorded failures make it {@code failed}), then ends the JVM with exit status
   * {@link ExitStatus#FAILED}, stuck threads and all. Does nothing when YCSB's own export has
   * begun: that one ends the phase.
   *
   * @param windDown what the phase does before its measurements are exported; it must not wait long
   */
  public static void exportStranded(Runnable windDown) {
    if (!ExportClaim.claimStoppedExport()) {
      return;
    }
    try {
      windDown.run();
      write(ResultExporter.Ending.STRANDED);
    } catch (IOException | RuntimeException e) {
      System.err.println("Status: failed: the measurements could not be exported: " + e);
    } finally {
      ResultExporter.END_PROCESS.accept(ExitStatus.FAILED.code());
    }
  }

  /**
   * YCSB's usual output of the measurements so far (to {@code exportfile}, atomically, else stdout)
   * with the {@code [OVERALL]} runtime and throughput up to now, and the result file.
   */
  private static void write(ResultExporter.Ending ending) throws IOException {
    var settings = ResultExporter.configured();
    var recorded = new Recorded();
    Measurements.getMeasurements().exportMeasurements(recorded);
    long runtimeMs = Math.max(1, Duration.between(settings.startedAt(), Instant.now()).toMillis());
    var exportFile = YcsbSettings.from(settings.properties()).exportFile().map(Path::of);
    AtomicFile.Content export = out -> {
      try (var exporter = new ResultExporter(out, ending, ResultExporter.END_PROCESS)) {
        exporter.write("OVERALL", "RunTime(ms)", runtimeMs);
        exporter.write("OVERALL", "Throughput(ops/sec)", recorded.operations() * 1000.0 / runtimeMs);
        recorded.replay(exporter);
      }
    };
    if (exportFile.isPresent()) {
      AtomicFile.write(exportFile.get(), export);
    } else {
      export.writeTo(stdout());
    }
  }

  /** stdout, kept open after the exporter closes its stream. */
  private static OutputStream stdout() {
    return new CloseShieldOutputStream(System.out);
  }

  /** The measurements as YCSB exports them, kept so that the operation count can come first. */
  private static final class Recorded implements MeasurementsExporter {
    private record Metric(String metric, String measurement, Number value) {
    }

    private final List<Metric> metrics = new ArrayList<>();

    @Override
    public void write(String metric, String measurement, int i) {
      metrics.add(new Metric(metric, measurement, (long) i));
    }

    @Override
    public void write(String metric, String measurement, long i) {
      metrics.add(new Metric(metric, measurement, i));
    }

    @Override
    public void write(String metric, String measurement, double d) {
      metrics.add(new Metric(metric, measurement, d));
    }

    /** Completed operations, as YCSB counts them for its throughput (the cleanup calls excluded). */
    long operations() {
      return metrics.stream()
          .filter(m -> m.measurement().equals("Operations") && !m.metric().equals("CLEANUP")
              && !m.metric().startsWith("Intended-"))
          .mapToLong(m -> m.value().longValue()).sum();
    }

    void replay(MeasurementsExporter exporter) throws IOException {
      for (var m : metrics) {
        if (m.value() instanceof Double d) {
          exporter.write(m.metric(), m.measurement(), d);
        } else {
          exporter.write(m.metric(), m.measurement(), m.value().longValue());
        }
      }
    }

    @Override
    public void close() {
    }
  }
}
