package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Operations in progress are named and timed per thread, none begins after the stop, and an escaping
 * exception stops the phase.
 */
class OperationGateTest {
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicLong clock = new AtomicLong();
  private final ArrayList<String> failures = new ArrayList<>();
  private final OperationGate gate = new OperationGate(stop::get, reason -> {
    failures.add(reason);
    stop.set(true);
  }, clock::get);

  @Test
  void noOperationBeginsAfterTheStopAndThoseInProgressAreAwaitedByName() throws Exception {
    var inOtherThread = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var other = new Thread(() -> {
      clock.set(5);
      var slot = gate.begin(OperationGate.TRANSACTION);
      gate.name("UPDATE");
      inOtherThread.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      gate.end(slot);
    });
    clock.set(3);
    var slot = gate.begin(OperationGate.TRANSACTION);
    assertNotNull(slot);
    gate.name("READ");
    other.start();
    inOtherThread.await();
    assertEquals(Map.of("READ", 1L, "UPDATE", 1L), gate.inProgress());
    assertEquals(OptionalLong.of(3), gate.oldestSince(), "the read began first");
    gate.end(slot);
    assertEquals(OptionalLong.of(5), gate.oldestSince());
    stop.set(true);
    assertNull(gate.begin("INSERT"));
    assertEquals(Map.of("UPDATE", 1L), gate.awaitIdle(Duration.ZERO), "one still in progress");
    assertEquals("1 (UPDATE 1)", OperationGate.describe(gate.awaitIdle(Duration.ZERO)));
    release.countDown();
    other.join();
    assertEquals(Map.of(), gate.awaitIdle(Duration.ZERO));
    assertEquals(OptionalLong.empty(), gate.oldestSince());
    assertEquals(2, gate.begun(), "both threads' operations counted, the refused one not");
  }

  @Test
  void aNameOutsideAnOperationIsIgnored() {
    gate.name("READ"); // the warm-up's transactions pass CoreWorkload's methods without the gate
    assertEquals(Map.of(), gate.inProgress());
  }

  @Test
  void theFirstEscapingExceptionIsTheFailureAndStopsThePhase() {
    assertNotNull(gate.begin("INSERT"));
    assertFalse(gate.escaped(new IllegalStateException("driver bug")));
    assertFalse(gate.escaped(new IllegalStateException("again")));
    assertEquals(List.of("an operation threw java.lang.IllegalStateException: driver bug"), failures);
    assertNull(gate.begin("INSERT"));
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
