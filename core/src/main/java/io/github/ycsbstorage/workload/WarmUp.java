package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.SteadyState;
import io.github.ycsbstorage.result.Warmup;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.text.DecimalFormat;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.util.Date;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.DBWrapper;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * Operations before the run phase that it does not report ({@code storage.warmup}): the workload's own
 * transactions, on {@code threadcount} threads, each with its own binding instance
 * ({@link UnmeasuredThreads}); then YCSB's measurements are emptied ({@link MeasurementReset}), so that
 * the reported counts, latencies, runtime and throughput leave warm-up out. For a duration, a number
 * of operations, or in rounds until the rounds' throughput (and p99) pass {@link SteadyStateCriterion}
 * or the bound on rounds is reached. Stateless.
 *
 * <p>Each binding instance is seen through YCSB's {@code DBWrapper}, as the phase's are: the JIT then
 * compiles the operation path the phase takes. Called on the bare binding, it compiled call sites
 * that had seen only the binding's class; the phase's first operations through {@code DBWrapper}
 * threw that code away (the binding's read, its record decoding, CoreWorkload's transaction and
 * HdrHistogram's recorder, all "made not entrant" at the phase's start, measured with
 * {@code -XX:+PrintCompilation}), ran interpreted while it was compiled again, and a throttled phase
 * fell behind its schedule by up to 10 ms in its first few hundred operations. For the same reason
 * the warm-up records into measurements of the phase's own kind ({@link MeasurementSetup}: recorders
 * of YCSB's whole range, another histogram class than YCSB's own), and its transactions are the
 * workload's own {@code doTransaction}, through the gate with slots it does not list. What still
 * differs (YCSB's throttle, the first interval's phase flip of each recorder) is compiled within the
 * phase's first operations.
 */
final class WarmUp {
  /** The formats of YCSB 0.17.0's {@code StatusThread}. */
  private static final String STATUS_DATE_FORMAT = "yyyy-MM-dd HH:mm:ss:SSS";
  private static final String STATUS_NUMBER_FORMAT = "#.##";

  private WarmUp() {
  }

  /**
   * Runs the warm-up and prints what it did.
   *
   * @return the result's {@code warmup} section; empty when none was asked for
   */
  static Optional<Warmup> run(StorageSettings.Warmup warmup, Properties p, StorageAwareWorkload workload)
      throws WorkloadException {
    if (warmup.none()) {
      return Optional.empty();
    }
    var started = System.nanoTime();
    Optional<SteadyState> steady = Optional.empty();
    long issued;
    MeasurementSetup.create(Measurements.getMeasurements(), p, false);
    try (var tracer = new Tracer.Builder("ycsb-storage warm-up").conf(HTraceConfiguration.EMPTY).build();
         var threads = UnmeasuredThreads.start(p, UnmeasuredThreads.threads(p), warmup.operations(),
             db -> new DBWrapper(db, tracer), (id, count) -> workload.initThread(p, id, count),
             workload::doTransaction)) {
      if (warmup.steady().isPresent()) {
        var settings = warmup.steady().get();
        steady = Optional.of(threads.rounds(settings, 0, settings.metric().toString(), OptionalLong::empty,
            () -> false));
        threads.finish();
      } else if (warmup.operations() <= 0) {
        threads.awaitOrFail(warmup.duration());
        threads.finish();
      } else {
        threads.join(); // each thread ends by itself once the count is issued
      }
      issued = threads.issued();
      compileStatusLine(Measurements.getMeasurements());
    } catch (ExecutionException e) {
      throw new WorkloadException("warm-up failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted during warm-up", e);
    }
    MeasurementReset.clear(Measurements.getMeasurements());
    long operations = warmup.operations() > 0 ? warmup.operations() : issued;
    var elapsed = Duration.ofNanos(System.nanoTime() - started);
    System.err.println("Warm-up: " + warmup + " in " + LoadProgress.format(elapsed) + ", not measured"
        + steady.map(s -> ": " + s.verdict()).orElse(""));
    return Optional.of(new Warmup(warmup.toString(), elapsed.toMillis() / 1000.0,
        warmup.operations() > 0 ? OptionalLong.of(operations) : OptionalLong.empty(), steady, Optional.empty()));
  }

  /**
   * What YCSB's status thread does for its first line, which it prints as the phase starts: its date
   * and number formats load their locale data and the summary compiles HdrHistogram's percentile
   * code, tens of milliseconds on a core the phase's first operations need (measured with
   * {@code -XX:+PrintCompilation}). Done here, into the warm-up's measurements, which the reset drops.
   */
  private static void compileStatusLine(Measurements measurements) {
    new SimpleDateFormat(STATUS_DATE_FORMAT).format(new Date());
    new DecimalFormat(STATUS_NUMBER_FORMAT).format(1.5);
    measurements.getSummary();
  }
}
