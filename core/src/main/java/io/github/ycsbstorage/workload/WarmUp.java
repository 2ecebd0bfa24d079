package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.YcsbSettings;
import io.github.ycsbstorage.result.SteadyState;
import io.github.ycsbstorage.result.Warmup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * Unmeasured operations before the run phase ({@code storage.warmup}): the workload's own
 * transactions, on {@code threadcount} threads, each with its own unmeasured binding instance; then
 * YCSB's measurements are emptied ({@link MeasurementReset}), so that the reported counts, latencies,
 * runtime and throughput leave warm-up out. For a duration, a number of operations, or in rounds until
 * the rounds' throughput (and p99) pass {@link SteadyStateCriterion} or the bound on rounds is reached.
 * Stateless.
 */
final class WarmUp {
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
    int threads = YcsbSettings.from(p).threadCount();
    var stop = new AtomicBoolean();
    var issued = new AtomicLong();
    var completed = new AtomicLong();
    var latencies = new Recorder(3);
    var executor = Executors.newFixedThreadPool(threads);
    var started = System.nanoTime();
    Optional<SteadyState> steady = Optional.empty();
    try {
      var futures = new ArrayList<Future<Void>>();
      for (int id = 0; id < threads; id++) {
        int threadId = id;
        futures.add(executor.submit(() -> {
          try (var warm = BindingSession.open(p)) {
            var db = warm.db();
            Object state = workload.initThread(p, threadId, threads);
            while (!stop.get() && (warmup.operations() <= 0 || issued.incrementAndGet() <= warmup.operations())) {
              long began = System.nanoTime();
              workload.unmeasuredTransaction(db, state);
              latencies.recordValue(Math.max(1, (System.nanoTime() - began) / 1_000));
              completed.incrementAndGet();
            }
          }
          return null;
        }));
      }
      if (warmup.steady().isPresent()) {
        steady = Optional.of(rounds(warmup.steady().get(), completed, latencies, futures));
        stop.set(true);
      } else if (warmup.operations() <= 0) {
        waitOrFail(futures, warmup.duration());
        stop.set(true);
      }
      for (var future : futures) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new WorkloadException("warm-up failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted during warm-up", e);
    } finally {
      stop.set(true);
      executor.shutdownNow();
    }
    MeasurementReset.clear(Measurements.getMeasurements());
    long operations = warmup.operations() > 0 ? warmup.operations() : issued.get();
    var elapsed = Duration.ofNanos(System.nanoTime() - started);
    System.err.println("Warm-up: " + warmup + " in " + LoadProgress.format(elapsed) + ", not measured"
        + steady.map(s -> ": " + s.verdict()).orElse(""));
    return Optional.of(new Warmup(warmup.toString(), elapsed.toMillis() / 1000.0,
        warmup.operations() > 0 ? OptionalLong.of(operations) : OptionalLong.empty(), steady));
  }

  /**
   * Reads one round's completions and latencies after each round's length until the last window is
   * steady or the bound is reached; a thread that failed ends the warm-up at once.
   */
  private static SteadyState rounds(StorageSettings.Steady settings, AtomicLong completed, Recorder latencies,
      List<Future<Void>> futures) throws InterruptedException, ExecutionException {
    var rounds = new ArrayList<SteadyState.Round>();
    var throughputs = new ArrayList<Double>();
    var p99s = new ArrayList<Double>();
    latencies.getIntervalHistogram(); // the threads' start-up is no round's
    long before = completed.get();
    long roundStart = System.nanoTime();
    boolean steady = false;
    while (!steady && rounds.size() < settings.maxRounds()) {
      waitOrFail(futures, settings.round());
      long now = System.nanoTime();
      long done = completed.get();
      var histogram = latencies.getIntervalHistogram();
      double opsPerSec = (done - before) * 1e9 / (now - roundStart);
      var p99 = histogram.getTotalCount() == 0 ? OptionalDouble.empty()
          : OptionalDouble.of(histogram.getValueAtPercentile(99));
      rounds.add(new SteadyState.Round(rounds.size() + 1, opsPerSec, p99));
      throughputs.add(opsPerSec);
      p99s.add(p99.orElse(0));
      before = done;
      roundStart = now;
      steady = SteadyStateCriterion.lastWindowSteady(throughputs)
          && (settings.metric() == StorageSettings.SteadyMetric.THROUGHPUT
              || SteadyStateCriterion.lastWindowSteady(p99s));
    }
    var windowStart = steady ? OptionalInt.of(rounds.size() - SteadyStateCriterion.WINDOW + 1)
        : OptionalInt.empty();
    return new SteadyState(settings.metric().toString(), SteadyStateCriterion.WINDOW, settings.maxRounds(), rounds,
        windowStart);
  }

  /** Waits for {@code length}, ending early with the failure of a thread that failed. */
  private static void waitOrFail(List<Future<Void>> futures, Duration length)
      throws InterruptedException, ExecutionException {
    long deadline = System.nanoTime() + length.toNanos();
    for (long left = length.toNanos(); left > 0; left = deadline - System.nanoTime()) {
      for (var future : futures) {
        if (future.isDone()) {
          future.get(); // rethrows its failure; a thread that ended by itself ran out of operations
        }
      }
      TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)));
    }
  }
}
