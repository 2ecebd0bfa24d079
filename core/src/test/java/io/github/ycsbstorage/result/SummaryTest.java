package io.github.ycsbstorage.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SummaryTest {
  @Test
  void throughputIsWrittenOutOrSaidToBeUnknownNeverNaN() {
    assertEquals("1234.6 ops/s", Summary.of(OptionalLong.of(1000), OptionalDouble.of(1234.56), Map.of())
        .throughputText("%.1f ops/s", "throughput unknown"));
    assertEquals("throughput unknown", Summary.of(OptionalLong.empty(), OptionalDouble.empty(), Map.of())
        .throughputText("%.1f ops/s", "throughput unknown"));
  }
}
