package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SteadyStateCriterionTest {
  /** A rate that ramps to half its level for {@code k} rounds, then holds at 1,000 ops/s with ±3 % of noise. */
  private static List<Double> settlingAfter(int k, int rounds) {
    var values = new ArrayList<Double>();
    double[] noise = {1.00, 1.03, 0.97, 1.02, 0.98};
    for (int i = 0; i < rounds; i++) {
      values.add(i < k ? 500.0 * (i + 1) / k : 1000.0 * noise[i % noise.length]);
    }
    return values;
  }

  @Test
  void aRateThatSettlesAfterKRoundsIsSteadyFromRoundKPlusOne() {
    for (int k : new int[] {0, 1, 3, 7, 12}) {
      assertEquals(OptionalInt.of(k + 1), SteadyStateCriterion.firstSteadyWindow(settlingAfter(k, k + 10)),
          "settled after " + k);
      assertTrue(SteadyStateCriterion.lastWindowSteady(settlingAfter(k, k + 5)), "settled after " + k);
      assertFalse(SteadyStateCriterion.lastWindowSteady(settlingAfter(k, k + 4)), "one round short, k = " + k);
    }
  }

  @Test
  void aRateThatDriftsIsNeverSteadyEvenWithinTheExcursionBand() {
    // 4 % a round: a window's range is about 16 % of its mean (within 20 %), but so is the fitted line's (> 10 %)
    var drifting = new ArrayList<Double>();
    for (int i = 0; i < 40; i++) {
      drifting.add(1000.0 * Math.pow(1.04, i));
    }
    assertEquals(OptionalInt.empty(), SteadyStateCriterion.firstSteadyWindow(drifting));
  }

  @Test
  void theExcursionAndTheSlopeLimitsAreSnias() {
    // range 20 % of the mean, flat line: steady at the limit, not beyond it
    assertTrue(SteadyStateCriterion.lastWindowSteady(List.of(90.0, 110.0, 100.0, 110.0, 90.0)));
    assertFalse(SteadyStateCriterion.lastWindowSteady(List.of(89.0, 111.0, 100.0, 111.0, 89.0)));
    // slope 2.5 a round over 4 steps = 10 of a mean of 100: at the limit
    assertTrue(SteadyStateCriterion.lastWindowSteady(List.of(95.0, 97.5, 100.0, 102.5, 105.0)));
    assertFalse(SteadyStateCriterion.lastWindowSteady(List.of(94.0, 97.0, 100.0, 103.0, 106.0)));
  }

  @Test
  void aStalledWorkloadIsNotSteady() {
    assertFalse(SteadyStateCriterion.lastWindowSteady(List.of(0.0, 0.0, 0.0, 0.0, 0.0)));
  }
}
