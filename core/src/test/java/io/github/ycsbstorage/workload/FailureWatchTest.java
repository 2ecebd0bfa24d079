package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The failure watch's decision, driven through its own clock, counters and a gate's slots (no waiting). */
class FailureWatchTest {
  private static final long SECOND = 1_000_000_000L;

  private final AtomicReference<Map<String, Map<String, Long>>> counters = new AtomicReference<>(Map.of());
  private final OperationGate gate = new OperationGate(() -> false, reason -> { });
  private final AtomicReference<Optional<String>> missingThreads = new AtomicReference<>(Optional.empty());
  private final ArrayList<String> stops = new ArrayList<>();

  private FailureWatch watch(Duration timeout) {
    return new FailureWatch(timeout, new FailureWatch.Sources(counters::get, gate::look, missingThreads::get),
        stops::add, 0);
  }

  private void counts(long ok, long errors) {
    counters.set(Map.of("READ", Map.of("OK", ok, "ERROR", errors)));
  }

  @Test
  void aServerGoneForTheTimeoutStopsThePhaseOnce() {
    counts(100, 0);
    var watch = watch(Duration.ofSeconds(60));
    counts(150, 2); // successes until 10 s
    assertFalse(watch.check(10 * SECOND));
    counts(150, 40); // only failures from then on
    assertFalse(watch.check(69 * SECOND), "59 s since the last success");
    counts(150, 46);
    assertTrue(watch.check(70 * SECOND));
    assertEquals(1, stops.size());
    assertEquals("no operation succeeded for 60.0 s while operations failed: the phase was stopped"
        + " (storage.failure.timeout=1m)", stops.get(0), "the verdict counts the failures, from the export");
    assertTrue(watch.check(80 * SECOND));
    assertEquals(1, stops.size(), "stopped once");
  }

  @Test
  void aHungServerStopsThePhaseThoughNothingFails() {
    counts(100, 0);
    var watch = watch(Duration.ofSeconds(10));
    assertFalse(watch.check(SECOND));
    assertTrue(gate.begin(gate.slot(), YcsbOperation.READ)); // an operation that never returns, from just after 1 s
    assertFalse(watch.check(2 * SECOND), "first seen at 2 s");
    assertFalse(watch.check(11 * SECOND), "in progress for 10 s, but seen for 9 s only: told late, never early");
    assertTrue(watch.check(12 * SECOND));
    assertEquals("no operation completed for 12.0 s while an operation was in progress all that time: the phase"
        + " was stopped (storage.failure.timeout=10s)", stops.get(0));
  }

  @Test
  void aSlotBusyAtEveryLookWithANewOperationEachTimeIsNotHung() {
    var watch = watch(Duration.ofSeconds(1));
    var slot = gate.slot();
    assertTrue(gate.begin(slot, YcsbOperation.SCAN));
    for (long now = 0; now <= 5 * SECOND; now += SECOND / 4) {
      assertFalse(watch.check(now), "slow operations one after the other, each shorter than the timeout");
      gate.end(slot);
      assertTrue(gate.begin(slot, YcsbOperation.SCAN));
    }
    assertFalse(watch.check(5 * SECOND + SECOND / 2), "the last one, first seen now");
    assertFalse(watch.check(6 * SECOND + SECOND / 4));
    assertTrue(watch.check(6 * SECOND + SECOND / 2), "then it stays for the timeout");
    assertEquals(List.of("no operation completed for 6.5 s while an operation was in progress all that time: the"
        + " phase was stopped (storage.failure.timeout=1s)"), stops);
  }

  @Test
  void slowButCompletingOperationsOrAnIdleThrottledPhaseAreNotStopped() {
    var watch = watch(Duration.ofSeconds(1));
    assertFalse(watch.check(5 * SECOND), "nothing in progress, nothing failed: a throttled phase between operations");
    var slow = gate.slot();
    assertTrue(gate.begin(slow, YcsbOperation.READ));
    assertFalse(watch.check(5 * SECOND), "first seen at 5 s");
    assertFalse(watch.check(5 * SECOND + SECOND / 2), "an operation in progress for less than the timeout");
    var other = gate.slot(); // one thread's operation is slow, but another's complete
    assertTrue(gate.begin(other, YcsbOperation.UPDATE));
    gate.end(other);
    counts(1, 0);
    assertFalse(watch.check(6 * SECOND));
    assertFalse(watch.check(6 * SECOND + SECOND / 2));
    assertTrue(watch.check(7 * SECOND), "nothing completed for the timeout once the slow one is the only one");
  }

  @Test
  void noFailureNoStopAndOneSuccessRestartsTheClock() {
    var watch = watch(Duration.ofSeconds(1));
    counts(0, 3);
    assertTrue(watch.check(6 * SECOND), "no success since the start, which was 6 s ago");

    stops.clear();
    counts(0, 0);
    var other = watch(Duration.ofSeconds(1));
    counts(1, 3);
    assertFalse(other.check(2 * SECOND), "a success at 2 s");
    counts(1, 9);
    assertFalse(other.check(2 * SECOND + SECOND / 2));
    assertTrue(other.check(3 * SECOND));
    assertEquals("no operation succeeded for 1.0 s while operations failed: the phase was stopped"
        + " (storage.failure.timeout=1s)", stops.get(0));
  }

  @Test
  void aClientThreadThatHasNotStartedWithinTheTimeoutStopsThePhase() {
    missingThreads.set(Optional.of("1 of 4 client threads did not start"));
    var watch = watch(Duration.ofSeconds(2));
    counts(500, 0);
    assertFalse(watch.check(SECOND), "the threads may still be starting");
    assertTrue(watch.check(2 * SECOND), "the others' successes do not hide it");
    assertEquals("1 of 4 client threads did not start: the phase was stopped (storage.failure.timeout=2s)",
        stops.get(0));
  }

  @Test
  void countersThatRestart() {
    // The warm-up's measurements are emptied before the run: fewer successes than before is a change too.
    counts(500, 0);
    var watch = watch(Duration.ofMillis(500));
    counts(0, 0);
    assertFalse(watch.check(SECOND));
    counts(0, 1);
    assertFalse(watch.check(SECOND + SECOND / 4));
    assertTrue(watch.check(2 * SECOND));
    assertTrue(stops.get(0).endsWith("(storage.failure.timeout=500ms)"), stops.get(0));
  }
}
