package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The failure watch's decision, driven through its own clock and counters (no waiting). */
class FailureWatchTest {
  private static final long SECOND = 1_000_000_000L;

  private final AtomicReference<Map<String, Map<String, Long>>> counters = new AtomicReference<>(Map.of());
  private final ArrayList<String> stops = new ArrayList<>();

  private FailureWatch watch(Duration timeout) {
    return new FailureWatch(timeout, counters::get, stops::add, 0);
  }

  private void counts(long ok, long errors) {
    counters.set(Map.of("READ", Map.of("OK", ok, "ERROR", errors)));
  }

  @Test
  void aServerGoneForTheTimeoutStopsThePhaseOnceWithTheFailuresSinceTheLastSuccess() {
    counts(100, 0);
    var watch = watch(Duration.ofSeconds(60));
    counts(150, 2); // successes until 10 s
    assertFalse(watch.check(10 * SECOND));
    counts(150, 40); // only failures from then on
    assertFalse(watch.check(69 * SECOND), "59 s since the last success");
    counts(150, 46);
    assertTrue(watch.check(70 * SECOND));
    assertEquals(1, stops.size());
    assertEquals("no operation succeeded for 60.0 s while 44 failed (READ: ERROR 44): the phase was stopped"
        + " (storage.failure.timeout=60s)", stops.get(0));
    assertTrue(watch.check(80 * SECOND));
    assertEquals(1, stops.size(), "stopped once");
  }

  @Test
  void noFailureNoStopAndOneSuccessRestartsTheClock() {
    var watch = watch(Duration.ofSeconds(1));
    assertFalse(watch.check(5 * SECOND), "nothing completed at all: slow, not failing");
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
    assertEquals("no operation succeeded for 1.0 s while 6 failed (READ: ERROR 6): the phase was stopped"
        + " (storage.failure.timeout=1s)", stops.get(0));
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
