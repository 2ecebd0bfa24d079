package io.github.ycsbstorage.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationFormatTest {

  @ParameterizedTest
  @CsvSource({"10, 10000", "10s, 10000", "500ms, 500", "1.5s, 1500", "5m, 300000", "1h, 3600000", "2 min, 120000"})
  void parsesUnits(String text, long millis) {
    assertEquals(Duration.ofMillis(millis), DurationFormat.parse(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "-1s", "10 parsecs", "s", "1e9h"})
  void rejectsOtherText(String text) {
    assertThrows(IllegalArgumentException.class, () -> DurationFormat.parse(text));
  }
}
