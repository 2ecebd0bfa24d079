package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbstorage.result.Capacity;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The capacity over repetitions: a search that met no rate has a capacity below the lowest rate it
 * missed, which leaves the median known when it cannot move it, and unknown when it can.
 */
class CapacityFiguresTest {
  private static Capacity met(double rate) {
    return search(OptionalDouble.of(rate), rate * 1.1);
  }

  private static Capacity none(double missed) {
    return search(OptionalDouble.empty(), missed);
  }

  private static Capacity search(OptionalDouble lastMet, double firstMissed) {
    var unthrottled = new Capacity.Step(0, 100_000, OptionalDouble.of(10), false, "step1/result.json",
        OptionalDouble.of(0.2));
    return new Capacity("p99<=2ms", 100_000, List.of(unthrottled), 3, lastMet, OptionalDouble.of(firstMissed),
        Optional.empty());
  }

  @Test
  void theMedianOfCapacitiesAllFoundIsTheMiddleOne() {
    var searches = List.of(met(65_201), met(74_405), met(53_328));
    assertEquals(65_201, CapacityFigures.median(searches).orElseThrow(), 1e-9);
    assertEquals("65,201 ops/s (median; 53,328 ops/s–74,405 ops/s over 3 repetitions)", CapacityFigures.describe(searches));
  }

  @Test
  void aRepetitionThatMetNoRateBelowTheOthersLeavesTheMedianKnownAndIsNamed() {
    var searches = List.of(met(69_061), met(75_643), none(3_339));
    assertEquals(69_061, CapacityFigures.median(searches).orElseThrow(), 1e-9);
    assertEquals("69,061 ops/s (median of 3 repetitions: 69,061 ops/s–75,643 ops/s in the 2 that met a rate,"
        + " below 3,339 ops/s in the 1 that met none)", CapacityFigures.describe(searches));
    // of four, the median is the mean of the middle two, whichever value below 3,339 the fourth had
    assertEquals(72_352, CapacityFigures.median(List.of(met(69_061), met(75_643), met(80_000), none(3_339)))
        .orElseThrow(), 1e-9);
  }

  /** Runs the hypervisor took and the searches ran again are counted over the repetitions. */
  @Test
  void theRepetitionsRunsTheHypervisorTookAreCounted() {
    var stolen = new Capacity.Step(70_000, 70_000, OptionalDouble.of(900), true, "step2/result.json",
        OptionalDouble.of(6.5)).asRepeated();
    var unthrottled = met(1).steps().get(0);
    var twice = new Capacity("p99<=2ms", 100_000, List.of(unthrottled, stolen, stolen), 3, OptionalDouble.of(69_061),
        OptionalDouble.of(76_000), Optional.empty());
    var once = new Capacity("p99<=2ms", 100_000, List.of(unthrottled, stolen), 3, OptionalDouble.of(75_643),
        OptionalDouble.of(83_000), Optional.empty());
    assertEquals("69,061 ops/s (median; 65,201 ops/s–75,643 ops/s over 3 repetitions; 3 runs the hypervisor took run"
        + " again)", CapacityFigures.describe(List.of(twice, once, met(65_201))));
    assertEquals("unknown: 2 of 3 repetitions met the objective at no rate tried; 1 run the hypervisor took run again",
        CapacityFigures.describe(List.of(once, none(3_339), none(4_000))));
  }

  /** The report says what the throttled steps were judged on: without their start, and how much of it. */
  @Test
  void theStartTransientLeftOutIsSaid() {
    assertEquals(Optional.empty(), CapacityFigures.startTransient(List.of(met(65_201))), "results before the rule");
    var unthrottled = met(1).steps().get(0);
    var step = new Capacity.Step(70_000, 70_000, OptionalDouble.of(900), true, "step2/result.json",
        OptionalDouble.of(0.1));
    var search = new Capacity("p99<=2ms", 100_000, List.of(unthrottled, step.withStartExcluded(250),
        step.withStartExcluded(1_000)), 1, OptionalDouble.of(70_000), OptionalDouble.empty(), Optional.empty())
        .confirmedBy(step.withStartExcluded(162));
    assertEquals("Each throttled step is judged without its clients' start (the log intervals that begin in"
        + " their first second: the start-transient rule, docs/study.md): 1,412 operations of 3 steps left out of their latency, every one still counted in their"
        + " other figures.", CapacityFigures.startTransient(List.of(search)).orElseThrow());
  }

  @Test
  void repetitionsThatMetNoRateLeaveTheMedianUnknownWhereTheyCouldMoveIt() {
    // below 90,000 could be above 69,061 or below it: the middle one is unknown
    assertEquals(OptionalDouble.empty(), CapacityFigures.median(List.of(met(69_061), met(75_643), none(90_000))));
    var twoOfThree = List.of(met(69_061), none(3_339), none(4_000));
    assertEquals(OptionalDouble.empty(), CapacityFigures.median(twoOfThree));
    assertEquals("unknown: 2 of 3 repetitions met the objective at no rate tried", CapacityFigures.describe(twoOfThree));
    assertEquals(OptionalDouble.empty(), CapacityFigures.median(List.of(none(3_339), none(4_000), none(5_000))));
  }
}
