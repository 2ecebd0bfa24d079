package io.github.ycsbstorage.config;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PropertyReaderTest {
  enum Basis { RAM, CACHE, WRITE_BACK }

  private static PropertyReader reader(String... keyValues) {
    return new PropertyReader(properties(keyValues));
  }

  @Test
  void readsTypedValuesAndDefaults() {
    var reader = reader("threads", " 8 ", "flag", "yes", "ratio", "1.33", "size", "2GiB", "interval", "250ms",
        "basis", "Cache", "blank", "  ");
    assertEquals(8, reader.integer("threads", 1, 1, 1024));
    assertEquals(3, reader.integer("missing", 3, 1, 1024));
    assertTrue(reader.bool("flag", false));
    assertEquals(1.33, reader.decimal("ratio", 0), 0);
    assertEquals(Optional.of(ByteSize.ofBytes(2L << 30)), reader.byteSize("size"));
    assertEquals(Duration.ofMillis(250), reader.duration("interval", Duration.ZERO));
    assertEquals(Basis.CACHE, reader.choice("basis", Basis.RAM));
    assertEquals(Optional.empty(), reader.string("blank"));
    assertFalse(reader.bool("blank", false));
  }

  @Test
  void firstOfPrefersTheFirstSpellingThatIsSet() {
    var reader = reader("batchsize", "10", "mongodb.batchsize", "100");
    assertEquals(Optional.of("100"), reader.firstOf("mongodb.batchsize", "batchsize"));
    assertEquals(Optional.of("10"), reader("batchsize", "10").firstOf("mongodb.batchsize", "batchsize"));
  }

  @Test
  void errorsNamePropertyValueAndWhatIsAccepted() {
    assertEquals("threads='-4' is invalid; accepted: a whole number from 1 to 1024",
        assertThrows(InvalidPropertyException.class, () -> reader("threads", "-4").integer("threads", 1, 1, 1024))
            .getMessage());
    assertEquals("recordcount='ten' is invalid; accepted: a whole number ≥ 0",
        assertThrows(InvalidPropertyException.class,
            () -> reader("recordcount", "ten").longValue("recordcount", 0, 0, Long.MAX_VALUE)).getMessage());
    assertEquals("flag='maybe' is invalid; accepted: true or false",
        assertThrows(InvalidPropertyException.class, () -> reader("flag", "maybe").bool("flag", true)).getMessage());
    assertEquals("basis='disk' is invalid; accepted: ram, cache, write-back",
        assertThrows(InvalidPropertyException.class, () -> reader("basis", "disk").choice("basis", Basis.RAM))
            .getMessage());
    assertTrue(assertThrows(InvalidPropertyException.class, () -> reader("size", "12XB").byteSize("size"))
        .getMessage().startsWith("size='12XB' is invalid; accepted: a non-negative number with an optional unit"));
    assertEquals("ratio='NaN' is invalid; accepted: a decimal number, e.g. 1.33",
        assertThrows(InvalidPropertyException.class, () -> reader("ratio", "NaN").decimal("ratio", 1)).getMessage());
  }

  @Test
  void secretValuesAreMaskedInErrors() {
    var error = assertThrows(InvalidPropertyException.class,
        () -> reader("oraclenosql.password", "hunter2").integer("oraclenosql.password", 0, 0, 1));
    assertEquals("oraclenosql.password='*****' is invalid; accepted: a whole number from 0 to 1", error.getMessage());
    assertEquals("*****", error.value());
  }
}
