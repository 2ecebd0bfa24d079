package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.RateLimitedWarning;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Every operation of the phase passes through here, so that a phase can stop cleanly and a hung one
 * can be told from a slow one. Each client thread has a slot that says which operation it is in
 * (YCSB's name: {@code READ}, {@code UPDATE}, {@code INSERT}, {@code SCAN}, {@code READ-MODIFY-WRITE})
 * and since when: an interrupted phase waits until none is busy (its per-operation counts then agree
 * with its return-code counts), the failure watch sees an operation that never returns, and a phase
 * that must end with operations still in progress names them. Once the workload's stop is requested
 * no operation begins any more. An exception that escapes an operation would make YCSB's client
 * thread print it and end the JVM with {@code System.exit(0)}, measurements lost: it becomes a
 * recorded failure that stops the phase instead, which then exports what it measured and fails.
 * Thread-safe; each thread writes only its own slot: per operation one {@code ThreadLocal} lookup in
 * {@link #begin} (which hands the slot to {@link #end}) and one in {@link #name}, one volatile write
 * (the one {@link #begin} must order before its read of the stop), three release writes, the slot's
 * own count of operations begun (an opaque write, summed by {@link #begun}: no shared counter), a
 * clock read and a read of the set of operation types named so far ({@link #named}; written once per
 * type). The release and opaque writes are plain stores on x86, where a volatile write is a full
 * fence.
 */
final class OperationGate {
  /** A transaction whose type CoreWorkload has not chosen yet. */
  static final String TRANSACTION = "TRANSACTION";

  /** One client thread's operation in progress, and how many it began. */
  static final class Slot {
    private static final VarHandle OPERATION;
    private static final VarHandle SINCE_NANOS;
    private static final VarHandle BEGUN;

    static {
      try {
        var lookup = MethodHandles.lookup();
        OPERATION = lookup.findVarHandle(Slot.class, "operation", String.class);
        SINCE_NANOS = lookup.findVarHandle(Slot.class, "sinceNanos", long.class);
        BEGUN = lookup.findVarHandle(Slot.class, "begun", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    /** Null when idle. Read as volatile; written with release semantics except in {@link #begin}. */
    volatile String operation;
    volatile long sinceNanos;
    /** Written only by the slot's thread (opaque: never torn), read by {@link OperationGate#begun}. */
    private long begun;

    /** Publishes after everything this thread did before: a reader that sees it sees that too. */
    void release(String value) {
      OPERATION.setRelease(this, value);
    }
  }

  private final Set<Slot> slots = ConcurrentHashMap.newKeySet();
  /** The operation types named so far: a lookup per operation, a write once per type. */
  private final Set<String> named = ConcurrentHashMap.newKeySet();
  private final ThreadLocal<Slot> own = ThreadLocal.withInitial(() -> {
    var slot = new Slot();
    slots.add(slot);
    return slot;
  });
  private final BooleanSupplier stopRequested;
  private final Consumer<String> fail;
  private final LongSupplier clock;
  private final AtomicBoolean escaped = new AtomicBoolean();

  /**
   * @param stopRequested the workload's stop flag
   * @param fail          records the failure and requests the stop
   * @param clock         nanoseconds, for how long an operation has been in progress
   */
  OperationGate(BooleanSupplier stopRequested, Consumer<String> fail, LongSupplier clock) {
    this.stopRequested = stopRequested;
    this.fail = fail;
    this.clock = clock;
  }

  /**
   * Call before an operation ({@link #TRANSACTION} when its type is not known yet); when null, do
   * not start it (and do not call {@link #end}).
   *
   * @return this thread's slot, to hand to {@link #end}; null once the stop is requested
   */
  Slot begin(String operation) {
    var slot = own.get();
    // ordered before the volatile write below, which readers read first
    Slot.SINCE_NANOS.setRelease(slot, clock.getAsLong());
    slot.operation = operation; // volatile: busy before the stop is read, so a stop's wait sees it
    if (stopRequested.getAsBoolean()) {
      slot.operation = null;
      return null;
    }
    Slot.BEGUN.setOpaque(slot, slot.begun + 1);
    if (!operation.equals(TRANSACTION)) {
      remember(operation);
    }
    return slot;
  }

  /** Names the operation this thread has begun, once its type is chosen; nothing outside an operation. */
  void name(String operation) {
    var slot = own.get();
    if (slot.operation != null) {
      slot.release(operation);
      remember(operation);
    }
  }

  private void remember(String operation) {
    if (!named.contains(operation)) {
      named.add(operation);
    }
  }

  /** The operation types that operations were begun or named with so far (YCSB's names). */
  Set<String> named() {
    return Set.copyOf(named);
  }

  /** Call after an operation that {@link #begin} let start, however it ended, with the slot it returned. */
  void end(Slot slot) {
    // release: whoever sees the slot idle sees the operation's counts and measurements
    slot.release(null);
  }

  /**
   * The operations that passed {@link #begin} so far: exact once no thread is in one (each slot's
   * count is written before its operation starts and published by {@link #end}'s release).
   */
  long begun() {
    long sum = 0;
    for (var slot : slots) {
      sum += (long) Slot.BEGUN.getOpaque(slot);
    }
    return sum;
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

  /** The operations in progress now, by YCSB's operation name; empty when none is. */
  Map<String, Long> inProgress() {
    var counts = new TreeMap<String, Long>();
    for (var slot : slots) {
      var operation = slot.operation;
      if (operation != null) {
        counts.merge(operation, 1L, Long::sum);
      }
    }
    return counts;
  }

  /** When the longest-running operation in progress began (nanoseconds); empty when none is. */
  OptionalLong oldestSince() {
    long oldest = Long.MAX_VALUE;
    boolean any = false;
    for (var slot : slots) {
      // the name first: begin() writes the start before it, so a busy slot's start read after is its
      // operation's own or a later one's (never an earlier operation's, which would look hung)
      if (slot.operation != null) {
        any = true;
        oldest = Math.min(oldest, slot.sinceNanos);
      }
    }
    return any ? OptionalLong.of(oldest) : OptionalLong.empty();
  }

  /**
   * Waits until no operation is in progress; call after the stop was requested.
   *
   * @return the operations still in progress when {@code patience} ran out (empty: idle)
   */
  Map<String, Long> awaitIdle(Duration patience) throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (true) {
      var running = inProgress();
      if (running.isEmpty() || System.nanoTime() - deadline > 0) {
        return running;
      }
      Thread.sleep(10);
    }
  }

  /** {@code 3 (READ 2, UPDATE 1)}: what {@link #inProgress} returned, for a message. */
  static String describe(Map<String, Long> inProgress) {
    long total = inProgress.values().stream().mapToLong(Long::longValue).sum();
    var parts = new ArrayList<String>();
    inProgress.forEach((operation, n) -> parts.add(operation + " " + n));
    return total + " (" + String.join(", ", parts) + ")";
  }
}
