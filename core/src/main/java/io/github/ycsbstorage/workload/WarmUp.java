package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.Warmup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * Unmeasured operations before the run phase ({@code storage.warmup}): the workload's own
 * transactions, on {@code threadcount} threads, each with its own unmeasured binding instance; then
 * YCSB's measurements are emptied ({@link MeasurementReset}), so that the reported counts, latencies,
 * runtime and throughput leave warm-up out. Stateless.
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
    int threads = Math.max(1, Integer.parseInt(p.getProperty("threadcount", "1")));
    long deadline = System.nanoTime() + warmup.duration().toNanos();
    var issued = new AtomicLong();
    var executor = Executors.newFixedThreadPool(threads);
    var started = System.nanoTime();
    try {
      var futures = new ArrayList<Future<Void>>();
      for (int id = 0; id < threads; id++) {
        int threadId = id;
        futures.add(executor.submit(() -> {
          try (var warm = BindingSession.open(p)) {
            var db = warm.db();
            Object state = workload.initThread(p, threadId, threads);
            while (warmup.operations() > 0 ? issued.incrementAndGet() <= warmup.operations()
                : System.nanoTime() < deadline) {
              workload.unmeasuredTransaction(db, state);
            }
          }
          return null;
        }));
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
      executor.shutdownNow();
    }
    MeasurementReset.clear(Measurements.getMeasurements());
    long operations = warmup.operations() > 0 ? warmup.operations() : issued.get();
    var elapsed = Duration.ofNanos(System.nanoTime() - started);
    System.err.println("Warm-up: " + warmup + " in " + LoadProgress.format(elapsed) + ", not measured");
    return Optional.of(new Warmup(warmup.toString(), elapsed.toMillis() / 1000.0,
        warmup.operations() > 0 ? OptionalLong.of(operations) : OptionalLong.empty()));
  }
}
