package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Operations in progress are named per thread, counted by type, none begins after the stop, and an
 * escaping exception stops the phase.
 */
class OperationGateTest {
  private final AtomicBoolean stop = new AtomicBoolean();
  private final ArrayList<String> failures = new ArrayList<>();
  private final OperationGate gate = new OperationGate(stop::get, reason -> {
    failures.add(reason);
    stop.set(true);
  });

  @Test
  void noOperationBeginsAfterTheStopAndThoseInProgressAreAwaitedByName() throws Exception {
    var inOtherThread = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var other = new Thread(() -> {
      var slot = gate.slot();
      gate.begin(slot, YcsbOperation.READ_MODIFY_WRITE); // seen in progress below
      inOtherThread.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      gate.end(slot);
    });
    var slot = gate.slot();
    assertTrue(gate.begin(slot, YcsbOperation.READ));
    other.start();
    inOtherThread.await();
    assertEquals(Map.of("READ", 1L, "READ-MODIFY-WRITE", 1L), gate.inProgress());
    gate.end(slot);
    stop.set(true);
    assertFalse(gate.begin(slot, YcsbOperation.INSERT));
    assertEquals(Map.of("READ-MODIFY-WRITE", 1L), gate.awaitIdle(Duration.ZERO), "one still in progress");
    assertEquals("1 (READ-MODIFY-WRITE 1)", OperationGate.describe(gate.awaitIdle(Duration.ZERO)));
    assertEquals(Set.of("READ", "READ-MODIFY-WRITE"), gate.attempted(), "the one in progress too, the refused one not");
    release.countDown();
    other.join();
    assertEquals(Map.of(), gate.awaitIdle(Duration.ZERO));
    assertEquals(2, gate.begun(), "both threads' operations counted, the refused one not");
  }

  @Test
  void aLookShowsEachSlotBusyOrNotWithItsCountOfOperationsBegun() {
    var first = gate.slot();
    var second = gate.slot();
    assertEquals(Set.of(new OperationGate.Look(first, false, 0), new OperationGate.Look(second, false, 0)),
        Set.copyOf(gate.look()));
    assertEquals(Set.of(), gate.attempted(), "nothing begun");
    assertTrue(gate.begin(first, YcsbOperation.UPDATE));
    gate.end(first);
    assertTrue(gate.begin(first, YcsbOperation.SCAN));
    assertEquals(Set.of(new OperationGate.Look(first, true, 2), new OperationGate.Look(second, false, 0)),
        Set.copyOf(gate.look()), "a new operation, a new count");
    gate.end(first);
    assertEquals(Set.of(new OperationGate.Look(first, false, 2), new OperationGate.Look(second, false, 0)),
        Set.copyOf(gate.look()));
    assertEquals(Set.of("SCAN", "UPDATE"), gate.attempted());
    assertEquals(2, gate.begun());
  }

  @Test
  void anUnlistedSlotsOperationsPassTheGateButNoCountWatchOrWaitSeesThem() throws Exception {
    var warmUp = gate.unlistedSlot();
    assertTrue(gate.begin(warmUp, YcsbOperation.READ));
    assertEquals(List.of(), gate.look(), "the failure watch does not see it");
    assertEquals(Map.of(), gate.awaitIdle(Duration.ZERO), "a stop does not wait for it");
    gate.end(warmUp);
    assertEquals(Set.of(), gate.attempted());
    assertEquals(0, gate.begun());
    stop.set(true);
    assertFalse(gate.begin(warmUp, YcsbOperation.READ), "the stop holds for it too");
  }

  @Test
  void theFirstEscapingExceptionIsTheFailureAndStopsThePhase() {
    var slot = gate.slot();
    assertTrue(gate.begin(slot, YcsbOperation.INSERT));
    assertFalse(gate.escaped(new IllegalStateException("driver bug")));
    assertFalse(gate.escaped(new IllegalStateException("again")));
    gate.end(slot);
    assertEquals(List.of("an operation threw java.lang.IllegalStateException: driver bug"), failures);
    assertFalse(gate.begin(slot, YcsbOperation.INSERT));
    assertEquals(1, gate.begun());
  }

  @Test
  void anEscapingExceptionWithAHugeMessageIsRecordedAsOneShortLine() {
    assertFalse(gate.escaped(new IllegalStateException("write error\n".repeat(10_000))));
    var reason = failures.get(0);
    assertEquals(1, reason.lines().count(), reason);
    assertTrue(reason.length() < 300, reason.length() + " characters");
    assertTrue(reason.startsWith("an operation threw java.lang.IllegalStateException: write error write error"), reason);
    assertTrue(reason.endsWith(" characters)"), "says how long the message was: " + reason);
  }
}
