package io.github.ycsbstorage.collector.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Synthetic rounds against the rule: more than 2× between rounds' medians, or under 5 % free CPU. */
class ProbeContentionTest {
  private static final OptionalDouble QUIET = OptionalDouble.of(80);

  /** The loop-device runs of issue 28: medians 1.0 and 3.9 ms in one probe, 3.9 > 2 × 1.0. */
  @Test
  void roundsThatFlipBetweenFlashAndSpinningAreInconclusive() {
    var why = ProbeContention.judge(List.of(1000L, 3900L, 1200L), QUIET).orElseThrow();
    assertEquals("inconclusive: the probe's rounds disagree (median [1000, 3900, 1200] µs, more than 2× apart):"
        + " a contended host, not the medium", why);
    var result = ProbeMedium.measured("/data", true, Optional.empty(), 16 << 20, 300, 2000, 1200, 3800, 3900, 4000,
        500, 100, List.of(1000L, 3900L, 1200L), QUIET);
    assertEquals(Optional.empty(), result.inferredMedium(), "never classified from a contended sample");
    assertEquals(Optional.of(why), result.inconclusive());
  }

  /** vda at load 65–74: 36–51 µs, 51 ≤ 2 × 36 — agreeing rounds classify. */
  @Test
  void roundsWithinTwiceOfEachOtherClassify() {
    assertEquals(Optional.empty(), ProbeContention.judge(List.of(36L, 51L, 44L), QUIET));
    var result = ProbeMedium.measured("/data", true, Optional.empty(), 16 << 20, 30_000, 44, 44, 60, 90, 400,
        22_000, 900, List.of(36L, 51L, 44L), QUIET);
    assertEquals(Optional.of("flash"), result.inferredMedium());
  }

  /** 72 vs 36 µs is exactly 2×, not beyond it; 73 is beyond. */
  @Test
  void theFactorIsABoundNotAThreshold() {
    assertEquals(Optional.empty(), ProbeContention.judge(List.of(36L, 72L), QUIET));
    assertTrue(ProbeContention.judge(List.of(36L, 73L), QUIET).isPresent());
  }

  /** Memory speeds jitter by a few µs: under 20 µs all rounds compare as 20, so 2 vs 9 µs agree. */
  @Test
  void memorySpeedJitterIsNotDisagreement() {
    assertEquals(Optional.empty(), ProbeContention.judge(List.of(2L, 9L, 4L), QUIET));
    assertTrue(ProbeContention.judge(List.of(2L, 41L), QUIET).isPresent(), "41 > 2 × 20");
  }

  @Test
  void saturatedCpusMakeAnyRoundsInconclusive() {
    var why = ProbeContention.judge(List.of(40L, 41L, 40L), OptionalDouble.of(3.5)).orElseThrow();
    assertEquals("inconclusive: the host's CPUs were saturated while the probe read (3.5 % idle + iowait, under 5 %):"
        + " its latencies time CPU scheduling, not the medium", why);
    assertEquals(Optional.empty(), ProbeContention.judge(List.of(40L, 41L, 40L), OptionalDouble.of(5)));
    assertEquals(Optional.empty(), ProbeContention.judge(List.of(40L), OptionalDouble.empty()),
        "one round and no CPU reading: nothing says contended");
  }
}
