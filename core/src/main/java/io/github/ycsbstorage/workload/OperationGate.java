package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.RateLimitedWarning;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Every operation of the phase passes through here, so that a phase can stop cleanly. It counts the
 * operations in progress, so that an interrupted phase can wait until none is (its per-operation
 * counts then agree with its return-code counts); once the workload's stop is requested no operation
 * begins any more. An exception that escapes an operation would make YCSB's client thread print it
 * and end the JVM with {@code System.exit(0)}, measurements lost: it becomes a recorded failure that
 * stops the phase instead, which then exports what it measured and fails. Thread-safe; the counting
 * costs two uncontended adds per operation.
 */
final class OperationGate {
  private final LongAdder begun = new LongAdder();
  private final LongAdder ended = new LongAdder();
  private final BooleanSupplier stopRequested;
  private final Consumer<String> fail;
  private final AtomicBoolean escaped = new AtomicBoolean();

  /**
   * @param stopRequested the workload's stop flag
   * @param fail          records the failure and requests the stop
   */
  OperationGate(BooleanSupplier stopRequested, Consumer<String> fail) {
    this.stopRequested = stopRequested;
    this.fail = fail;
  }

  /** Call before an operation; when false, do not start it (and do not call {@link #end}). */
  boolean begin() {
    begun.increment();
    if (stopRequested.getAsBoolean()) {
      ended.increment();
      return false;
    }
    return true;
  }

  /** Call after an operation that {@link #begin} let start, however it ended. */
  void end() {
    ended.increment();
  }

  /**
   * An exception escaped an operation: the first one is printed (its message cut to one short line)
   * and recorded as the phase's failure, and the phase stops.
   *
   * @return false, for the client thread to end its loop
   */
  boolean escaped(RuntimeException e) {
    if (escaped.compareAndSet(false, true)) {
      // one short line: a driver's message can carry a whole batch
      var reason = "an operation threw " + RateLimitedWarning.shorten(e.toString());
      System.err.println("Error: " + reason + "; the phase stops");
      for (var frame : e.getStackTrace()) {
        System.err.println("\tat " + frame);
      }
      fail.accept(reason);
    }
    return false;
  }

  /**
   * Waits until no operation is in progress; call after the stop was requested.
   *
   * @return operations still in progress when {@code patience} ran out (0: idle)
   */
  long awaitIdle(Duration patience) throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (true) {
      long done = ended.sum(); // first: if begun then equals it, nothing was in progress in between
      long running = begun.sum() - done;
      if (running <= 0 || System.nanoTime() - deadline > 0) {
        return Math.max(0, running);
      }
      Thread.sleep(10);
    }
  }
}
