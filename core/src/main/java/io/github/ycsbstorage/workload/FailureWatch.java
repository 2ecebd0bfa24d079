package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.YcsbReturnCodes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Stops a phase in which no operation has succeeded for {@code storage.failure.timeout} while some
 * failed: a server that is gone would otherwise make every client thread wait a driver timeout per
 * operation until {@code operationcount} is reached (44 operations took 118 s; a million would take
 * weeks). A daemon thread looks at YCSB's return-code counters ({@link YcsbReturnCodes}) a few times
 * per timeout, so nothing is added to the operations' path; when the timeout has passed since the
 * last success (or the phase's start) and at least one operation failed since, it hands the reason to
 * {@code stop}, which records the failure and asks the workload to stop (each client thread ends
 * after its current operation). The phase thus ends within the timeout plus one operation's own
 * timeout, exports what it measured, and is {@code failed}. Thread-safe.
 */
final class FailureWatch implements AutoCloseable {
  private static final Set<String> SUCCESS = Set.of("OK", "BATCHED_OK");

  private final Duration timeout;
  private final Supplier<Map<String, Map<String, Long>>> counters;
  private final Consumer<String> stop;
  private final Thread thread;
  private long successes;
  private long sinceNanos;
  private Map<String, Map<String, Long>> atSince;
  private boolean stopped;

  /**
   * @param counters YCSB's return codes so far, by operation and status
   * @param stop     receives the reason once, when the phase must stop
   * @param now      the clock, in nanoseconds
   */
  FailureWatch(Duration timeout, Supplier<Map<String, Map<String, Long>>> counters, Consumer<String> stop,
      long now) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    this.timeout = timeout;
    this.counters = counters;
    this.stop = stop;
    this.atSince = counters.get();
    this.successes = total(atSince, true);
    this.sinceNanos = now;
    this.thread = new Thread(this::watch, "storage-failure-watch");
    thread.setDaemon(true);
  }

  /** Watches YCSB's counters from now on; empty timeout: no watch. */
  static AutoCloseable start(Duration timeout, Consumer<String> stop) {
    if (timeout.isZero()) {
      return () -> { };
    }
    var watch = new FailureWatch(timeout, YcsbReturnCodes::snapshot, stop, System.nanoTime());
    watch.thread.start();
    return watch;
  }

  private void watch() {
    // A few looks per timeout: the phase ends at most a quarter of it late (at least every 10 ms).
    long periodMillis = Math.max(10, Math.min(1000, timeout.toMillis() / 4));
    try {
      while (!check(System.nanoTime())) {
        Thread.sleep(periodMillis);
      }
    } catch (InterruptedException e) {
      // closed
    }
  }

  /**
   * One look at the counters.
   *
   * @return whether the phase was stopped (now or before)
   */
  synchronized boolean check(long now) {
    if (stopped) {
      return true;
    }
    var current = counters.get();
    long ok = total(current, true);
    if (ok != successes) {
      successes = ok;
      sinceNanos = now;
      atSince = current;
      return false;
    }
    long failed = total(current, false) - total(atSince, false);
    if (failed <= 0 || now - sinceNanos < timeout.toNanos()) {
      return false;
    }
    stopped = true;
    stop.accept(String.format(Locale.ROOT, "no operation succeeded for %.1f s while %,d failed (%s): the phase was"
        + " stopped (%s=%s)", (now - sinceNanos) / 1e9, failed, failures(current, atSince),
        StorageSettings.FAILURE_TIMEOUT, timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + "s"
        : timeout.toMillis() + "ms"));
    return true;
  }

  @Override
  public void close() {
    thread.interrupt();
  }

  private static long total(Map<String, Map<String, Long>> counters, boolean successful) {
    return counters.values().stream().flatMap(codes -> codes.entrySet().stream())
        .filter(code -> SUCCESS.contains(code.getKey()) == successful).mapToLong(Map.Entry::getValue).sum();
  }

  /** {@code READ: ERROR 40; UPDATE: ERROR 4}: the failures between two looks. */
  private static String failures(Map<String, Map<String, Long>> now, Map<String, Map<String, Long>> before) {
    var parts = new ArrayList<String>();
    now.forEach((operation, codes) -> {
      var grown = new TreeMap<String, Long>();
      codes.forEach((code, n) -> {
        long delta = n - before.getOrDefault(operation, Map.of()).getOrDefault(code, 0L);
        if (!SUCCESS.contains(code) && delta > 0) {
          grown.put(code, delta);
        }
      });
      if (!grown.isEmpty()) {
        var text = new ArrayList<String>();
        grown.forEach((code, n) -> text.add(String.format(Locale.ROOT, "%s %,d", code, n)));
        parts.add(operation + ": " + String.join(", ", text));
      }
    });
    return String.join("; ", parts);
  }
}
