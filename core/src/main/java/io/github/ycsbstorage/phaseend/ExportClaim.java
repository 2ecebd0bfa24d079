package io.github.ycsbstorage.phaseend;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Who exports the phase: YCSB's {@code Client} at the phase's end, or {@link InterruptedExport} for a
 * phase that a signal stopped or that could not end by itself. Claimed once, never both: YCSB's export
 * would truncate the interrupted one's {@code exportfile} and overwrite its result. A signal that comes
 * while YCSB's own export is writing lets it finish ({@link #awaitOwnExport}). Thread-safe.
 */
public final class ExportClaim {
  /** Who exports the phase: nobody yet, YCSB's {@code Client}, or a stopped phase's export. */
  private enum Exporter { NONE, YCSB, STOPPED }

  private static final AtomicReference<Exporter> EXPORTER = new AtomicReference<>(Exporter.NONE);
  /** Whether YCSB's {@code Client} has made its exporter, i.e. is writing its export. */
  private static volatile boolean ownExportWriting;
  /** Released when YCSB's own export has written everything, for a signal that arrives during it. */
  private static final CountDownLatch OWN_EXPORT_WRITTEN = new CountDownLatch(1);

  private ExportClaim() {
  }

  /**
   * Claims the phase's export for YCSB's {@code Client}, which is about to open {@code exportfile}
   * and export; called on its main thread at the end of the workload's {@code cleanup()}. When a
   * signal's {@link InterruptedExport} has the phase already, it never returns: the JVM is ending.
   */
  public static void beginOwnExport() {
    if (EXPORTER.compareAndSet(Exporter.NONE, Exporter.YCSB) || EXPORTER.get() == Exporter.YCSB) {
      return;
    }
    while (true) {
      LockSupport.park(); // the interrupted export ends the JVM
    }
  }

  /** YCSB's {@code Client} has made its exporter: the phase is its to export, and it is writing. */
  static void ownExportWriting() {
    beginOwnExport();
    ownExportWriting = true;
  }

  /** The export has written everything it will (or failed to): a waiting signal may end the JVM. */
  static void exportWritten() {
    OWN_EXPORT_WRITTEN.countDown();
  }

  /** Claims the phase's export for a stopped phase; false when YCSB's own export has begun. */
  static boolean claimStoppedExport() {
    return EXPORTER.compareAndSet(Exporter.NONE, Exporter.STOPPED);
  }

  /** Whether the phase's export has been claimed, by YCSB's {@code Client} or by a stopped phase. */
  public static boolean exportClaimed() {
    return EXPORTER.get() != Exporter.NONE;
  }

  /**
   * Waits until YCSB's own export, when it is under way as a signal comes, has written everything (at
   * most {@code limit}), so that the JVM does not end in the middle of it.
   */
  static void awaitOwnExport(Duration limit) throws InterruptedException {
    if (ownExportWriting) {
      OWN_EXPORT_WRITTEN.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    }
  }
}
