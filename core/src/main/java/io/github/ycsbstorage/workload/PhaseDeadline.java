package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.phaseend.ExportClaim;
import io.github.ycsbstorage.phaseend.InterruptedExport;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ends a phase that was stopped as failed within {@code storage.operation.timeout}, whatever its
 * binding does: the client threads end after their current operation, which a binding's own timeouts
 * bound; but a call that never returns (a hung server, a driver without a timeout) would keep YCSB's
 * {@code Client} waiting for its thread forever (YCSB 0.17.0 joins its threads without a limit, and its
 * {@code maxexecutiontime} terminator too). Once armed, a daemon thread waits for YCSB's own export to
 * begin; when it has not by the deadline, the phase is exported from here with what was measured
 * ({@link InterruptedExport#exportStranded}) and the JVM ends with exit status 1. Thread-safe.
 */
final class PhaseDeadline {
  private static final long POLL_MILLIS = 20;

  private final Duration limit;
  private final Runnable windDown;
  private final AtomicBoolean armed = new AtomicBoolean();

  /**
   * @param limit    how long the stopped phase may take to end by itself
   * @param windDown what the phase does before a stranded export (no new operation, the operations
   *                 still in progress recorded, the observers stopped)
   */
  PhaseDeadline(Duration limit, Runnable windDown) {
    this.limit = limit;
    this.windDown = windDown;
  }

  /** Starts the countdown; once, later calls do nothing. */
  void arm() {
    if (!armed.compareAndSet(false, true)) {
      return;
    }
    var thread = new Thread(this::await, "storage-phase-deadline");
    thread.setDaemon(true);
    thread.start();
  }

  private void await() {
    long deadline = System.nanoTime() + limit.toNanos();
    try {
      while (!ExportClaim.exportClaimed() && System.nanoTime() - deadline < 0) {
        Thread.sleep(POLL_MILLIS);
      }
    } catch (InterruptedException e) {
      return;
    }
    InterruptedExport.exportStranded(windDown);
  }
}
