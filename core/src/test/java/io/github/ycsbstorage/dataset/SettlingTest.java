package io.github.ycsbstorage.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wait for a size to settle, on a clock this test advances. */
class SettlingTest {
  /** Sizes returned one per reading, the clock advancing by the sleeps only. */
  private static Settling.Settled settle(Duration quiet, Long... sizes) throws Exception {
    var clock = new long[1];
    var readings = new ArrayDeque<>(List.of(sizes));
    var settling = new Settling(quiet, () -> clock[0], duration -> clock[0] += duration.toNanos());
    return settling.await(() -> readings.size() > 1 ? readings.removeFirst() : readings.peekFirst());
  }

  @Test
  void aSizeThatHoldsForTheQuietPeriodIsTaken() throws Exception {
    // grows for three readings (0.5 s), then holds: accepted once it held for 2 s, at 2.5 s
    var settled = settle(Duration.ofSeconds(2), 1_000_000L, 2_000_000L, 3_000_000L);
    assertEquals(new Settling.Settled(3_000_000L, true, Duration.ofMillis(2500), 11), settled);
  }

  @Test
  void changesWithinTheToleranceAreNoise() throws Exception {
    // 10 MB changing by 8 KB (< 0.1 %) holds from the first reading
    var settled = settle(Duration.ofMillis(500), 10_000_000L, 10_008_000L, 10_000_000L);
    assertEquals(true, settled.stable());
    assertEquals(Duration.ofMillis(500), settled.waited());
    assertEquals(64 * 1024, Settling.tolerance(1_000_000));
    assertEquals(1_000_000, Settling.tolerance(1_000_000_000));
  }

  @Test
  void aSizeStillChangingAtTheLimitIsTakenAndSaidToBeUnsettled() throws Exception {
    var clock = new long[1];
    var size = new long[1];
    var settling = new Settling(Duration.ofSeconds(2), () -> clock[0], duration -> clock[0] += duration.toNanos());
    var settled = settling.await(() -> size[0] += 1_000_000);
    assertEquals(false, settled.stable());
    assertEquals(Settling.LIMIT, settled.waited());
    assertEquals(241_000_000L, settled.bytes());
  }
}
