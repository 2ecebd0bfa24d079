package io.github.ycsbstorage.binding;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;

/**
 * Counts the records a binding failed to store after YCSB had already counted them as done.
 *
 * <p>YCSB's {@code DBWrapper} counts one return code per call, when the call returns. A batching
 * binding answers {@link Status#BATCHED_OK} for each record it buffers and learns only later, when
 * the batch is sent, which of them were stored. Without correction a batch of 1,000 records that
 * all fail shows as 999 {@code BATCHED_OK} and one error. {@link #count} corrects YCSB's own
 * return-code counts (those it prints as {@code [INSERT], Return=...} and exports): the lost
 * records that were answered {@code BATCHED_OK} move from that code to the failure's, so that every
 * record not stored is counted as failed exactly once and the codes still add up to the calls.
 * YCSB 0.17.0 keeps those counts in private maps with no public way to lower one; as
 * {@code MeasurementReset} does, this reaches them by reflection (the version is pinned, and a test
 * proves the effect on YCSB's own output).
 *
 * <p>It also keeps the JVM's tally, for the load's closing line "N records not stored"
 * ({@link #summary()}). Thread-safe.
 */
public final class UnstoredRecords {
  private static final UnstoredRecords JVM = new UnstoredRecords(UnstoredRecords::ycsbMeasurements);

  private final Supplier<Measurements> measurements;
  private final ConcurrentMap<String, AtomicLong> byOperationAndStatus = new ConcurrentHashMap<>();
  private final AtomicLong total = new AtomicLong();

  /** @param measurements YCSB's measurements whose return codes are corrected; null when there are none */
  public UnstoredRecords(Supplier<Measurements> measurements) {
    if (measurements == null) {
      throw new IllegalArgumentException("measurements must not be null");
    }
    this.measurements = measurements;
  }

  /**
   * The JVM's tally, correcting YCSB's {@link Measurements#getMeasurements() singleton} once YCSB
   * has created it (a binding used outside YCSB's client has no return codes to correct).
   */
  public static UnstoredRecords jvm() {
    return JVM;
  }

  /**
   * Counts {@code lost} records of {@code operation} that were not stored.
   *
   * @param operation         the operation as YCSB measures it, e.g. {@code INSERT}
   * @param failure           the status they failed with (not OK)
   * @param lost              records not stored
   * @param answeredBatchedOk how many of them belong to calls that already returned
   *                          {@code BATCHED_OK}; the rest belong to the call returning
   *                          {@code failure} now (YCSB counts that one itself) or to no call at all
   */
  public void count(String operation, Status failure, long lost, long answeredBatchedOk) {
    if (failure == null || failure.isOk() || lost < 0 || answeredBatchedOk < 0 || answeredBatchedOk > lost) {
      throw new IllegalArgumentException("lost " + lost + ", of which answered BATCHED_OK " + answeredBatchedOk
          + ", with status " + failure);
    }
    if (lost == 0) {
      return;
    }
    total.addAndGet(lost);
    byOperationAndStatus.computeIfAbsent(operation + " " + failure.getName(), k -> new AtomicLong()).addAndGet(lost);
    if (answeredBatchedOk > 0) {
      move(operation, failure, answeredBatchedOk);
    }
  }

  /** Records counted as not stored so far. */
  public long total() {
    return total.get();
  }

  /** "N records not stored (INSERT ERROR: N)", or empty when every record was stored. */
  public Optional<String> summary() {
    long lost = total.get();
    if (lost == 0) {
      return Optional.empty();
    }
    var parts = new TreeMap<String, Long>();
    byOperationAndStatus.forEach((key, count) -> parts.put(key, count.get()));
    return Optional.of(lost + " records not stored (" + parts.entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ")) + ")");
  }

  private void move(String operation, Status failure, long count) {
    var target = measurements.get();
    if (target == null) {
      return;
    }
    // Creates the operation's measurement and the failure's counter if YCSB has not yet.
    target.reportStatus(operation, failure);
    var codes = returnCodes(target, operation);
    codes.get(failure).addAndGet(Math.toIntExact(count - 1));
    var batched = codes.get(Status.BATCHED_OK);
    if (batched != null) {
      batched.getAndUpdate(n -> (int) Math.max(0, n - count));
    }
  }

  /** YCSB's singleton if something created it; {@code getMeasurements()} would fail without properties. */
  private static Measurements ycsbMeasurements() {
    return (Measurements) read(Measurements.class, "singleton", null);
  }

  private static Object read(Class<?> type, String name, Object instance) {
    try {
      Field field = type.getDeclaredField(name);
      field.setAccessible(true);
      return field.get(instance);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("this YCSB core has no " + type.getSimpleName() + "." + name
          + "; correcting the counts of lost batched records needs YCSB 0.17.0", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<Status, AtomicInteger> returnCodes(Measurements measurements, String operation) {
    var measurement = ((Map<String, OneMeasurement>) read(Measurements.class, "opToMesurementMap", measurements))
        .get(operation);
    return (Map<Status, AtomicInteger>) read(OneMeasurement.class, "returncodes", measurement);
  }
}
