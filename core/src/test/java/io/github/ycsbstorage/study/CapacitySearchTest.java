package io.github.ycsbstorage.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.Capacity;
import java.util.OptionalDouble;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The search against systems whose answer is known: a closed loop of {@code threads} clients whose
 * every operation takes {@code delay} carries at most threads ÷ delay; above it the queue grows without
 * bound, and so does the intended-time latency.
 */
class CapacitySearchTest {
  private static final LatencyObjective P99_50MS = LatencyObjective.parse("study.slo", "p99<=50ms");

  /** A system that serves at most {@code limit} ops/s, with {@code latency(target)} µs below it. */
  private static CapacitySearch.Prober system(double limit, DoubleUnaryOperator latencyUs) {
    return target -> {
      double achieved = target == 0 ? limit : Math.min(target, limit);
      var latency = OptionalDouble.of(target == 0 || target <= limit ? latencyUs.applyAsDouble(achieved) : 1e9);
      return new Capacity.Step(target, achieved, latency,
          target > 0 && CapacitySearch.met(P99_50MS, target, achieved, latency), "step");
    };
  }

  @Test
  void aClosedLoopOfTwoThreadsAt10msCarriesItsBoundAndTheBracketHoldsIt() throws Exception {
    double bound = 2 / 0.010; // 200 ops/s
    var capacity = CapacitySearch.run(P99_50MS, system(bound * 0.99, rate -> 10_000), 5);
    assertEquals(bound * 0.99, capacity.saturation(), 1e-9);
    assertTrue(capacity.lastMet().orElseThrow() <= bound, capacity.toString());
    assertTrue(capacity.firstMissed().orElseThrow() >= bound, capacity.toString());
    assertEquals(3, capacity.steps().size(), "unthrottled, at saturation, beyond it");
  }

  @Test
  void aLatencyKneeBelowSaturationIsBisectedToWithinOneThirtySecondOfIt() throws Exception {
    // p99 passes 50 ms at 60 % of the 1,000 ops/s saturation
    var capacity = CapacitySearch.run(P99_50MS, system(1000, rate -> rate <= 600 ? 20_000 : 80_000), 5);
    double low = capacity.lastMet().orElseThrow();
    double high = capacity.firstMissed().orElseThrow();
    assertTrue(low <= 600 && 600 < high, capacity.toString());
    assertEquals(1000.0 / 32, high - low, 1e-9, "five halvings of (0, 1000)");
    assertEquals(7, capacity.steps().size(), "unthrottled, at saturation, five bisections");
    assertTrue(capacity.describe().startsWith("594 ops/s (met at 594, missed at 625)"), capacity.describe());
  }

  @Test
  void whenNoRateMeetsItTheCapacityIsUnknownAndSaysBelowWhat() throws Exception {
    var capacity = CapacitySearch.run(P99_50MS, system(1000, rate -> 90_000), 3);
    assertEquals(OptionalDouble.empty(), capacity.lastMet());
    assertEquals(125.0, capacity.firstMissed().orElseThrow(), 1e-9);
    assertEquals("below 125 ops/s (no rate tried met p99<=50ms)", capacity.describe());
  }

  @Test
  void objectivesNameAPercentileAnOptionalOperationAndABound() {
    var read = LatencyObjective.parse("study.slo", " READ.p99.9<=2ms ");
    assertEquals(LatencyObjective.Percentile.P999, read.percentile());
    assertEquals(2_000, read.limitUs());
    assertEquals("READ", read.operation().orElseThrow());
    assertEquals(250, LatencyObjective.parse("study.slo", "p50<=0.25ms").limitUs());
    for (var bad : new String[] {"p98<=10ms", "p99<10ms", "p99<=fast", "p99<=0ms", "10ms", "p99>=10ms"}) {
      var error = assertThrows(InvalidPropertyException.class, () -> LatencyObjective.parse("study.slo", bad), bad);
      assertTrue(error.getMessage().contains("accepted: [OPERATION.]pNN<=DURATION"), error.getMessage());
    }
  }
}
