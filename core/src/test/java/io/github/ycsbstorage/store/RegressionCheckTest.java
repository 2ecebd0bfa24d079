package io.github.ycsbstorage.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RegressionCheckTest {
  @Test
  void oneRunASideBeyondTheToleranceIsARegressionNamingFigureSizeAndMethod() {
    var outcome = RegressionCheck.of(List.of(StoredResults.run(3900, 1100)), List.of(StoredResults.run(790, 5200)),
        0.10, 0.25);
    assertEquals(List.of(
        "REGRESSION: run throughput 3,900.0 → 790.0 ops/s: 0.20× (beyond the 10 % tolerance; method: one run a side,"
            + " the noise not measured)",
        "REGRESSION: run READ p99 1,100.0 → 5,200.0 µs: 4.73× (beyond the 25 % tolerance; method: one run a side,"
            + " the noise not measured)"), outcome.lines());
    assertEquals(2, outcome.regressions());
  }

  @Test
  void anAaPairWithinTheToleranceAndAnImprovementAreNoRegression() {
    assertEquals(0, RegressionCheck.of(List.of(StoredResults.run(3900, 1100)), List.of(StoredResults.run(3700, 1200)),
        0.10, 0.25).regressions());
    assertEquals(0, RegressionCheck.of(List.of(StoredResults.run(790, 5200)), List.of(StoredResults.run(3900, 1100)),
        0.10, 0.25).regressions(), "faster is no regression");
  }

  @Test
  void repetitionsJudgeTheRatiosInterval() {
    var baseline = List.of(StoredResults.run(1000, 100), StoredResults.run(1400, 100));
    // 800/1400 = 0.57 to 950/1000 = 0.95: the interval reaches into the tolerance
    var overlapping = RegressionCheck.of(baseline, List.of(StoredResults.run(800, 100), StoredResults.run(950, 100)),
        0.10, 0.25);
    assertEquals(0, overlapping.regressions(), String.join("\n", overlapping.lines()));
    assertEquals("ok: run throughput [1,000.0, 1,400.0] → [800.0, 950.0] ops/s: 0.57–0.95× (within the 10 % tolerance;"
        + " method: the ratio's interval over 2 × 2 repetitions)", overlapping.lines().get(0));
    var beyond = RegressionCheck.of(baseline, List.of(StoredResults.run(500, 100), StoredResults.run(600, 100)),
        0.10, 0.25);
    assertEquals(1, beyond.regressions(), String.join("\n", beyond.lines()));
  }
}
