package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.RateLimitedWarning;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Every operation of the phase passes through here, so that a phase can stop cleanly and a hung one
 * can be told from a slow one. Each client thread has a slot, YCSB's thread state ({@link #slot} from
 * the workload's {@code initThread}, handed back with every operation), that says which operation it
 * is in and counts the operations it began, by type: an interrupted phase waits until none is busy
 * (its per-operation counts then agree with its return-code counts), the failure watch sees an
 * operation that never returns (a slot still busy with the same count a timeout later: {@link #look}),
 * the phase end knows which types were attempted ({@link #attempted}), and a phase that must end with
 * operations still in progress names them. Once the workload's stop is requested no operation begins
 * any more. An exception that escapes an operation would make YCSB's client thread print it and end
 * the JVM with {@code System.exit(0)}, measurements lost: it becomes a recorded failure that stops the
 * phase instead, which then exports what it measured and fails. Thread-safe; each thread writes only
 * its own slot: per operation one opaque write (the slot's count of the operation's type: no shared
 * counter), one volatile write (the one {@link #begin} must order before its read of the stop), that
 * read, and one release write in {@link #end}; no lookup, no clock read, no shared write. The opaque
 * and release writes are plain stores on x86, where a volatile write is a full fence.
 */
final class OperationGate {
  /** One client thread's operation in progress, and how many of each type it began. */
  static final class Slot {
    private static final VarHandle OPERATION;
    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

    static {
      try {
        OPERATION = MethodHandles.lookup().findVarHandle(Slot.class, "operation", YcsbOperation.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    /** Null when idle. Read as volatile; written with release semantics except in {@link #begin}. */
    private volatile YcsbOperation operation;
    /**
     * By {@link YcsbOperation#ordinal}; written only by the slot's thread (opaque: never torn), read
     * by the gate's other methods.
     */
    private final long[] begun = new long[YcsbOperation.values().length];

    private Slot() {
    }

    private long begun(YcsbOperation type) {
      return (long) COUNT.getOpaque(begun, type.ordinal());
    }

    private long begun() {
      long sum = 0;
      for (var type : YcsbOperation.values()) {
        sum += begun(type);
      }
      return sum;
    }
  }

  /**
   * What one look at a slot saw: whether it was in an operation, and how many it had begun (read after
   * the busy state, and written before it by {@link #begin}: a busy slot's count is its operation's
   * own or a later one's).
   */
  record Look(Slot slot, boolean busy, long begun) {
  }

  private final Set<Slot> slots = ConcurrentHashMap.newKeySet();
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

  /** A slot for one client thread, which hands it to every {@link #begin} and {@link #end}. */
  Slot slot() {
    var slot = new Slot();
    slots.add(slot);
    return slot;
  }

  /**
   * A slot for a thread whose operations are not the phase's (the warm-up's): they pass the same
   * code, so that it is compiled for the phase, but no count, watch or wait of the gate sees them.
   */
  Slot unlistedSlot() {
    return new Slot();
  }

  /**
   * Call before an operation, with the calling thread's slot; when false, do not start it (and do not
   * call {@link #end}).
   *
   * @return false once the stop is requested
   */
  boolean begin(Slot slot, YcsbOperation operation) {
    var counts = slot.begun;
    int type = operation.ordinal();
    long before = counts[type];
    // before the volatile write below, which readers read first: a busy slot never shows an older count
    Slot.COUNT.setOpaque(counts, type, before + 1);
    slot.operation = operation; // volatile: busy before the stop is read, so a stop's wait sees it
    if (stopRequested.getAsBoolean()) {
      slot.operation = null;
      Slot.COUNT.setOpaque(counts, type, before); // not begun; no operation begins on this slot any more
      return false;
    }
    return true;
  }

  /** Call after an operation that {@link #begin} let start, however it ended, with the same slot. */
  void end(Slot slot) {
    // release: whoever sees the slot idle sees the operation's counts and measurements
    Slot.OPERATION.setRelease(slot, (YcsbOperation) null);
  }

  /**
   * The operations that passed {@link #begin} so far: exact once no thread is in one (each slot's
   * count is written before its operation starts and published by {@link #end}'s release).
   */
  long begun() {
    long sum = 0;
    for (var slot : slots) {
      sum += slot.begun();
    }
    return sum;
  }

  /**
   * The operation types that passed {@link #begin} so far, by YCSB's names, those in progress
   * included (a hung operation has no return code yet; a read-modify-write has none at all).
   */
  Set<String> attempted() {
    var types = new TreeSet<String>();
    for (var type : YcsbOperation.values()) {
      for (var slot : slots) {
        if (slot.begun(type) > 0) {
          types.add(type.ycsbName());
          break;
        }
      }
    }
    return types;
  }

  /** Every slot as it is now, for the failure watch. */
  List<Look> look() {
    var looks = new ArrayList<Look>();
    for (var slot : slots) {
      boolean busy = slot.operation != null; // first: see Look
      looks.add(new Look(slot, busy, slot.begun()));
    }
    return looks;
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
        counts.merge(operation.ycsbName(), 1L, Long::sum);
      }
    }
    return counts;
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
