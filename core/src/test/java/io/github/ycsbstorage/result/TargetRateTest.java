package io.github.ycsbstorage.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A phase that fell more than 5 % short of its target rate is called out. */
class TargetRateTest {
  @Test
  void moreThanFivePercentBelowTheTargetIsAMiss() {
    // 400 operations in 5.9 s against -target 100: 67.8 ops/s, 32.2 % below
    var warning = TargetRate.missed(100, OptionalDouble.of(400 / 5.9)).orElseThrow();
    assertTrue(warning.startsWith("the target rate was missed: achieved 67.8 ops/s, 32.2 % below the target of "
        + "100.0 ops/s"), warning);
    assertEquals(Optional.empty(), TargetRate.missed(100, OptionalDouble.of(95)), "exactly 5 % below is kept up");
    assertTrue(TargetRate.missed(100, OptionalDouble.of(94.9)).isPresent());
  }

  @Test
  void noTargetOrNoThroughputIsNoMiss() {
    assertEquals(Optional.empty(), TargetRate.missed(0, OptionalDouble.of(1)));
    assertEquals(Optional.empty(), TargetRate.missed(100, OptionalDouble.empty()));
    var summary = Summary.of(OptionalLong.of(1000), OptionalDouble.of(10), Map.of());
    assertEquals(Optional.empty(), TargetRate.missed(new Properties(), summary), "YCSB's target unset");
    var properties = new Properties();
    properties.setProperty("target", "20");
    assertTrue(TargetRate.missed(properties, summary).isPresent());
  }
}
