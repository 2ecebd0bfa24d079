package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.DurationFormat;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Stops a phase that no longer does its work, whatever the binding: when no operation has succeeded
 * for {@code storage.failure.timeout} while some failed (a server that is gone: every client thread
 * would otherwise wait a driver timeout per operation until {@code operationcount} is reached; 44
 * operations took 118 s), or while an operation has been in progress that whole time (a hung server:
 * the operation never fails, so nothing else would ever end the phase), or when a client thread has
 * not started within the timeout (its binding's {@code init()} failed or hangs, and YCSB's
 * {@code Client} carries on without its share of the work). A daemon thread looks at YCSB's
 * return-code counters ({@code YcsbReturnCodes}) and the {@link OperationGate}'s slots a few times per
 * timeout, so nothing is added to the operations' path (not even a clock read: an operation is told in
 * progress by its slot's unchanged count of operations begun); it hands the reason to {@code stop}, which
 * records the failure and ends the phase ({@link PhaseDeadline}). The reason carries no counts: the
 * verdict counts the failures and the operations in progress from the exported figures, the one
 * source of the {@code Status:} line and the result file. Thread-safe.
 */
final class FailureWatch implements AutoCloseable {
  private static final Set<String> SUCCESS = Set.of("OK", "BATCHED_OK");

  /** What the watch looks at. */
  record Sources(Supplier<Map<String, Map<String, Long>>> counters, Supplier<List<OperationGate.Look>> slots,
                 Supplier<Optional<String>> threadsMissing) {
  }

  /** A busy slot's count of operations begun, and when this watch first saw it busy with that count. */
  private record Busy(long begun, long sinceNanos) {
  }

  private final Duration timeout;
  private final Sources sources;
  private final Consumer<String> stop;
  private final Thread thread;
  private final long startNanos;
  private long successes;
  private long sinceNanos;
  private long failuresAtSince;
  private boolean stopped;
  /** The slots busy at the last look. */
  private Map<OperationGate.Slot, Busy> busy = new HashMap<>();

  /**
   * @param stop receives the reason once, when the phase must stop
   * @param now  the clock, in nanoseconds
   */
  FailureWatch(Duration timeout, Sources sources, Consumer<String> stop, long now) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    this.timeout = timeout;
    this.sources = sources;
    this.stop = stop;
    var counters = sources.counters().get();
    this.successes = total(counters, true);
    this.failuresAtSince = total(counters, false);
    this.sinceNanos = now;
    this.startNanos = now;
    this.thread = new Thread(this::watch, "storage-failure-watch");
    thread.setDaemon(true);
  }

  /** Watches the phase from now on; zero timeout: no watch. */
  static AutoCloseable start(Duration timeout, Sources sources, Consumer<String> stop) {
    if (timeout.isZero()) {
      return () -> { };
    }
    var watch = new FailureWatch(timeout, sources, stop, System.nanoTime());
    watch.thread.start();
    return watch;
  }

  private void watch() {
    // A few looks per timeout: the phase ends at most a quarter of it late, half for a hung operation
    // (first seen at a look: stillBusy); at least every 10 ms.
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
   * One look at the phase.
   *
   * @return whether the phase was stopped (now or before)
   */
  synchronized boolean check(long now) {
    if (stopped) {
      return true;
    }
    var reason = reason(now);
    if (reason.isEmpty()) {
      return false;
    }
    stopped = true;
    stop.accept(reason.get() + ": the phase was stopped (" + StorageSettings.FAILURE_TIMEOUT + "="
        + DurationFormat.format(timeout) + ")");
    return true;
  }

  private Optional<String> reason(long now) {
    if (now - startNanos >= timeout.toNanos()) {
      var missing = sources.threadsMissing().get();
      if (missing.isPresent()) {
        return missing;
      }
    }
    long longestBusy = stillBusy(now);
    var counters = sources.counters().get();
    long ok = total(counters, true);
    long failures = total(counters, false);
    if (ok != successes) {
      successes = ok;
      sinceNanos = now;
      failuresAtSince = failures;
      return Optional.empty();
    }
    if (now - sinceNanos < timeout.toNanos()) {
      return Optional.empty();
    }
    var seconds = String.format(Locale.ROOT, "%.1f s", (now - sinceNanos) / 1e9);
    if (failures > failuresAtSince) {
      return Optional.of("no operation succeeded for " + seconds + " while operations failed");
    }
    if (longestBusy >= timeout.toNanos()) {
      return Optional.of("no operation completed for " + seconds + " while an operation was in progress"
          + " all that time");
    }
    return Optional.empty();
  }

  /**
   * Notes each busy slot's count of operations begun and when this look first saw it busy with that
   * count: a slot still busy with the same count later has had one operation in progress at least
   * that long (its gate writes the count before the busy state, so a new operation shows a new
   * count). No clock on the operations' path; the price is precision: an operation is seen at most
   * one watch period (at most a quarter of the timeout, 1 s) after it began, so a hung one is told
   * that much later than its start time would tell, never early.
   *
   * @return how long the longest of them has been seen in progress (nanoseconds; 0 when none is)
   */
  private long stillBusy(long now) {
    var seen = new HashMap<OperationGate.Slot, Busy>();
    long longest = 0;
    for (var look : sources.slots().get()) {
      if (look.busy()) {
        var before = busy.get(look.slot());
        var since = before != null && before.begun() == look.begun() ? before : new Busy(look.begun(), now);
        seen.put(look.slot(), since);
        longest = Math.max(longest, now - since.sinceNanos());
      }
    }
    busy = seen;
    return longest;
  }

  @Override
  public void close() {
    thread.interrupt();
  }

  private static long total(Map<String, Map<String, Long>> counters, boolean successful) {
    return counters.values().stream().flatMap(codes -> codes.entrySet().stream())
        .filter(code -> SUCCESS.contains(code.getKey()) == successful).mapToLong(Map.Entry::getValue).sum();
  }
}
