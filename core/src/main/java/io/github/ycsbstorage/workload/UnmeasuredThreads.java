package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.SteadyState;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Recorder;
import site.ycsb.DB;
import site.ycsb.WorkloadException;

/**
 * Operations outside the phase's figures, for the warm-up ({@link WarmUp}) and preconditioning
 * ({@link Preconditioning}): threads, each with its own binding instance (seen through {@code through},
 * e.g. YCSB's {@code DBWrapper}), repeat one operation until stopped or until a number of operations
 * was issued; their completions and latencies can be judged in rounds ({@link SteadyStateCriterion}).
 * A thread that fails ends the wait at once. Driven from one thread; the counters are shared with the
 * operation threads.
 */
final class UnmeasuredThreads implements AutoCloseable {
  /** One operation on a thread's binding instance. */
  interface Operation {
    /** @return whether it succeeded; a failure is counted, not thrown */
    boolean run(DB db, Object threadState) throws WorkloadException;
  }

  /** A thread's own state, e.g. CoreWorkload's {@code initThread}. */
  interface ThreadState {
    Object create(int threadId, int threads) throws WorkloadException;
  }

  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicLong issued = new AtomicLong();
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final Recorder latencies = new Recorder(3);
  private final ExecutorService executor;
  private final List<Future<Void>> futures = new ArrayList<>();

  private UnmeasuredThreads(int threads) {
    executor = Executors.newFixedThreadPool(threads);
  }

  /**
   * Starts {@code threads} threads repeating {@code operation}.
   *
   * @param limit   operations to issue in all, 0 for no limit
   * @param through what the operation is given instead of each thread's binding instance
   */
  static UnmeasuredThreads start(Properties p, int threads, long limit, UnaryOperator<DB> through, ThreadState state,
      Operation operation) {
    var running = new UnmeasuredThreads(threads);
    for (int id = 0; id < threads; id++) {
      int threadId = id;
      running.futures.add(running.executor.submit(() -> {
        try (var session = BindingSession.open(p)) {
          var db = through.apply(session.db());
          Object threadState = state.create(threadId, threads);
          while (!running.stop.get() && (limit <= 0 || running.issued.incrementAndGet() <= limit)) {
            long began = System.nanoTime();
            boolean ok = operation.run(db, threadState);
            running.latencies.recordValue(Math.max(1, (System.nanoTime() - began) / 1_000));
            (ok ? running.completed : running.failed).incrementAndGet();
          }
        }
        return null;
      }));
    }
    return running;
  }

  /** The threads' count from {@code threadcount}, at least 1. */
  static int threads(Properties p) {
    return Math.max(1, YcsbSettings.from(p).threadCount());
  }

  long issued() {
    return issued.get();
  }

  long completed() {
    return completed.get();
  }

  long failed() {
    return failed.get();
  }

  /**
   * Reads one round's completions and latencies after each round's length until the last window is
   * steady and {@code minimum} operations completed, or the bound on rounds is reached.
   *
   * @param metric        what is judged, as the result names it
   * @param written       a cumulative count of bytes written, read at each round's end, for the rounds' record
   * @param stopRequested ends the rounds early (not steady) when true
   */
  SteadyState rounds(StorageSettings.Steady settings, long minimum, String metric, Supplier<OptionalLong> written,
      BooleanSupplier stopRequested) throws InterruptedException, ExecutionException {
    var rounds = new ArrayList<SteadyState.Round>();
    var throughputs = new ArrayList<Double>();
    var p99s = new ArrayList<Double>();
    latencies.getIntervalHistogram(); // the threads' start-up is no round's
    long before = completed.get();
    var writtenBefore = written.get();
    long roundStart = System.nanoTime();
    boolean steady = false;
    while (!steady && rounds.size() < settings.maxRounds() && !stopRequested.getAsBoolean()) {
      awaitOrFail(settings.round());
      long now = System.nanoTime();
      long done = completed.get();
      var writtenNow = written.get();
      var histogram = latencies.getIntervalHistogram();
      double opsPerSec = (done - before) * 1e9 / (now - roundStart);
      var p99 = histogram.getTotalCount() == 0 ? OptionalDouble.empty()
          : OptionalDouble.of(histogram.getValueAtPercentile(99));
      var bytes = writtenNow.isPresent() && writtenBefore.isPresent()
          ? OptionalLong.of(writtenNow.getAsLong() - writtenBefore.getAsLong()) : OptionalLong.empty();
      rounds.add(new SteadyState.Round(rounds.size() + 1, opsPerSec, p99, bytes));
      throughputs.add(opsPerSec);
      p99s.add(p99.orElse(0));
      before = done;
      writtenBefore = writtenNow;
      roundStart = now;
      steady = done >= minimum && SteadyStateCriterion.lastWindowSteady(throughputs)
          && (settings.metric() == StorageSettings.SteadyMetric.THROUGHPUT
              || SteadyStateCriterion.lastWindowSteady(p99s));
    }
    var windowStart = steady ? OptionalInt.of(rounds.size() - SteadyStateCriterion.WINDOW + 1)
        : OptionalInt.empty();
    return new SteadyState(metric, SteadyStateCriterion.WINDOW, settings.maxRounds(), rounds, windowStart);
  }

  /** Waits for {@code length}, ending early with the failure of a thread that failed. */
  void awaitOrFail(Duration length) throws InterruptedException, ExecutionException {
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

  /** Stops the threads and waits for them; rethrows the first failure. */
  void finish() throws InterruptedException, ExecutionException {
    stop.set(true);
    join();
  }

  /** Waits for the threads to end by themselves (a limit of operations); rethrows the first failure. */
  void join() throws InterruptedException, ExecutionException {
    for (var future : futures) {
      future.get();
    }
  }

  @Override
  public void close() {
    stop.set(true);
    executor.shutdownNow();
  }
}
