package io.github.ycsbstorage.binding;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Counts the records a batching binding failed to store, exactly, in YCSB's own return codes. YCSB's
 * {@code DBWrapper} counts one status per call: a buffered insert is counted {@code BATCHED_OK} when it
 * is buffered, so when its batch later fails, only the call that sent the batch would count as failed.
 * {@link #notStored} moves the buffered records of a failed batch from {@code BATCHED_OK} to the
 * failure's status in YCSB 0.17.0's measurements ({@link YcsbReturnCodes}), so that
 * {@code [INSERT], Return=ERROR, n} counts every record not stored. It also keeps the JVM's total, for the line that says how many were not stored.
 * Thread-safe.
 */
public final class LostRecords {
  private static final AtomicLong TOTAL = new AtomicLong();

  private LostRecords() {
  }

  /**
   * Records {@code records} as not stored.
   *
   * @param operation YCSB's operation name, {@code INSERT}
   * @param records   records of the failed batch that are not in the store
   * @param answered  how many of them YCSB already counted as {@link Status#BATCHED_OK} (the rest,
   *                  e.g. the record of the call that sent the batch, answer the failure themselves)
   * @param failure   the status they count as instead
   */
  public static void notStored(String operation, long records, long answered, Status failure) {
    if (records < 0 || answered < 0 || answered > records) {
      throw new IllegalArgumentException("0 <= answered (" + answered + ") <= records (" + records + ")");
    }
    TOTAL.addAndGet(records);
    if (answered > 0) {
      // Without YCSB's client in this JVM nothing was counted.
      YcsbInternals.measurements().ifPresent(measurements -> recount(measurements, operation, answered, failure));
    }
  }

  /** Records not stored in this JVM so far. */
  public static long total() {
    return TOTAL.get();
  }

  /** Moves up to {@code count} from {@code BATCHED_OK} to {@code failure}; adds {@code count} to it. */
  static void recount(Measurements measurements, String operation, long count, Status failure) {
    var codes = YcsbReturnCodes.of(measurements, operation);
    if (codes == null) {
      for (long i = 0; i < count; i++) {
        measurements.reportStatus(operation, failure);
      }
      return;
    }
    var batched = codes.get(Status.BATCHED_OK);
    if (batched != null) {
      int take = (int) Math.min(count, Math.max(0, batched.get()));
      batched.addAndGet(-take);
    }
    codes.computeIfAbsent(failure, status -> new AtomicInteger()).addAndGet((int) Math.min(count, Integer.MAX_VALUE));
  }
}
