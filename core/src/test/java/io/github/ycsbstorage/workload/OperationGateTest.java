package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Operations in progress are counted, none begins after the stop, and an escaping exception stops the phase. */
class OperationGateTest {
  private final AtomicBoolean stop = new AtomicBoolean();
  private final ArrayList<String> failures = new ArrayList<>();
  private final OperationGate gate = new OperationGate(stop::get, reason -> {
    failures.add(reason);
    stop.set(true);
  });

  @Test
  void noOperationBeginsAfterTheStopAndThoseInProgressAreAwaited() throws Exception {
    assertTrue(gate.begin());
    assertTrue(gate.begin());
    gate.end();
    stop.set(true);
    assertFalse(gate.begin());
    assertEquals(1, gate.awaitIdle(Duration.ZERO), "one still in progress");
    gate.end();
    assertEquals(0, gate.awaitIdle(Duration.ZERO));
  }

  @Test
  void theFirstEscapingExceptionIsTheFailureAndStopsThePhase() {
    assertTrue(gate.begin());
    assertFalse(gate.escaped(new IllegalStateException("driver bug")));
    assertFalse(gate.escaped(new IllegalStateException("again")));
    assertEquals(List.of("an operation threw java.lang.IllegalStateException: driver bug"), failures);
    assertFalse(gate.begin());
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
