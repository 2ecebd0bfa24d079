package io.github.ycsbstorage.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizeTest {

  @ParameterizedTest
  @CsvSource({
      "0, 0",
      "4096, 4096",
      "12B, 12",
      "1KB, 1000",
      "1 kb, 1000",
      "1KiB, 1024",
      "128GB, 128000000000",
      "96 GB, 96000000000",
      "1.5TiB, 1649267441664",
      "2.67GB, 2670000000",
      "0.5MiB, 524288",
      ".5KB, 500",
      "1TB, 1000000000000",
      "8G, 8589934592",
      "1M, 1048576",
      "1m, 1048576",
      "2K, 2048",
      "1T, 1099511627776",
  })
  void parsesDecimalAndBinaryUnitsAndBareLettersAsDdDoes(String text, long bytes) {
    assertEquals(bytes, ByteSize.parse(text).bytes());
  }

  @ParameterizedTest
  @ValueSource(strings = {"12XB", "-3GB", "", "GB", "1.2.3GB", "1e3", "abc", "9999999999999TB"})
  void rejectsWhatIsNotASize(String text) {
    var error = assertThrows(IllegalArgumentException.class, () -> ByteSize.parse(text));
    assertTrue(error.getMessage().contains("'" + text + "'"), error.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"0, 0 B", "999, 999 B", "1000, 1.0 KB", "128000000000, 128.0 GB", "96000000000, 96.0 GB",
      "1649267441664, 1.6 TB"})
  void printsOneDecimalInDecimalUnits(long bytes, String text) {
    assertEquals(text, ByteSize.ofBytes(bytes).toDecimalString());
  }
}
