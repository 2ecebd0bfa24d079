package io.github.ycsbstorage.config;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class PropertyReaderTest {
  enum Basis { RAM, CACHE, WRITE_BACK }

  private static PropertyReader reader(String... keyValues) {
    return new PropertyReader(properties(keyValues));
  }

  @Test
  void readsTypedValuesAndDefaults() {
    var reader = reader("threads", " 8 ", "flag", "TRUE", "ratio", "1.33", "size", "2GiB", "interval", "250ms",
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

  /** One boolean for every key: true or false in any case; one decimal: no hex float or type suffix. */
  @Test
  void refusesLooseBooleansDecimalsAndEmptyLists() {
    for (var loose : List.of("yes", "no", "1", "on", "")) {
      var reader = reader("flag", loose.isEmpty() ? "x" : loose);
      assertEquals("flag='" + (loose.isEmpty() ? "x" : loose) + "' is invalid; accepted: true or false",
          assertThrows(InvalidPropertyException.class, () -> reader.bool("flag", true)).getMessage());
    }
    assertFalse(reader("flag", "False").bool("flag", true));
    for (var odd : List.of("0x1p1", "2d", "1.5f", "Infinity", "1e400")) {
      assertThrows(InvalidPropertyException.class, () -> reader("ratio", odd).decimal("ratio", 1), odd);
    }
    assertEquals(0.25, reader("ratio", "2.5e-1").decimal("ratio", 1), 0);
    assertEquals("paths=' , ' is invalid: it has an empty entry; accepted: a comma-separated list of one or more entries",
        assertThrows(InvalidPropertyException.class, () -> reader("paths", " , ").list("paths", "")).getMessage());
    assertEquals("n='3000000000' is invalid; accepted: a whole number ≥ 0, at most 2,147,483,647",
        assertThrows(InvalidPropertyException.class, () -> reader("n", "3000000000").integer("n", 0, 0,
            Integer.MAX_VALUE)).getMessage());
  }

  @Test
  void aliasedPrefersTheFirstSpellingThatIsSetAndErrorsNameIt() {
    var reader = reader("batchsize", "10", "mongodb.batchsize", "100");
    assertEquals("mongodb.batchsize", reader.aliased("mongodb.batchsize", "batchsize"));
    var legacy = reader("batchsize", "ten");
    var key = legacy.aliased("mongodb.batchsize", "batchsize");
    assertEquals("batchsize", key);
    assertEquals("batchsize='ten' is invalid; accepted: a whole number from 1 to 100",
        assertThrows(InvalidPropertyException.class, () -> legacy.integer(key, 1, 1, 100)).getMessage());
    assertEquals("mongodb.batchsize", reader().aliased("mongodb.batchsize", "batchsize"), "neither set: the key");
  }

  @Test
  void listsRefuseEmptyEntriesNamingTheProperty() {
    var reader = reader("study.ratios", "1,,2", "trailing", "a,b,", "hosts", " a:1 ,b:2 ", "blank", " ");
    assertEquals("study.ratios='1,,2' is invalid: it has an empty entry; accepted: a comma-separated list of one or "
        + "more entries", assertThrows(InvalidPropertyException.class, () -> reader.list("study.ratios", "")).getMessage());
    assertThrows(InvalidPropertyException.class, () -> reader.list("trailing", ""));
    assertEquals(List.of("a:1", "b:2"), reader.list("hosts", "x"));
    assertEquals(List.of("x"), reader.list("blank", "x"), "a blank value is unset");
  }

  @Test
  void listsAndWordsReadTheirEntries() {
    var reader = reader("hosts", " a:1,b:2 ", "command", " ssh  -o\tBatchMode=yes ");
    assertEquals(List.of("a:1", "b:2"), reader.list("hosts", "x"));
    assertEquals(List.of("x", "y"), reader.list("missing", "x,y"));
    assertEquals(List.of(), reader.list("missing", ""));
    assertEquals(List.of("ssh", "-o", "BatchMode=yes"), reader.words("command", ""));
  }

  @Test
  void durationsWithinBounds() {
    var reader = reader("interval", "5ms", "timeout", "2h", "ok", "250ms");
    assertEquals(Duration.ofMillis(250),
        reader.duration("ok", Duration.ZERO, Duration.ofMillis(10), Duration.ofHours(1)));
    assertEquals(Duration.ofSeconds(1),
        reader.duration("missing", Duration.ofSeconds(1), Duration.ofMillis(10), Duration.ofHours(1)));
    assertEquals("interval='5ms' is invalid; accepted: a duration from 10ms to 1h, e.g. 1s or 500ms",
        assertThrows(InvalidPropertyException.class,
            () -> reader.duration("interval", Duration.ZERO, Duration.ofMillis(10), Duration.ofHours(1))).getMessage());
    assertEquals("timeout='2h' is invalid; accepted: a duration from 1m to 10m, e.g. 5m",
        assertThrows(InvalidPropertyException.class,
            () -> reader.duration("timeout", Duration.ZERO, Duration.ofMinutes(1), Duration.ofMinutes(10))).getMessage());
    assertEquals("interval='5ms' is invalid; accepted: a duration of at least 1s, e.g. 1s or 10s",
        assertThrows(InvalidPropertyException.class, () -> reader.duration("interval", Duration.ZERO,
            Duration.ofSeconds(1), DurationFormat.UNBOUNDED)).getMessage());
    assertEquals(Optional.empty(), reader.duration("missing"));
  }

  @Test
  void positiveDecimals() {
    var reader = reader("ratio", "1.33", "zero", "0", "negative", "-1.5", "text", "abc");
    assertEquals(OptionalDouble.of(1.33), reader.positiveDecimal("ratio", "a ratio"));
    assertEquals(OptionalDouble.empty(), reader.positiveDecimal("missing", "a ratio"));
    assertEquals("zero='0' is invalid: it must be > 0; accepted: a ratio",
        assertThrows(InvalidPropertyException.class, () -> reader.positiveDecimal("zero", "a ratio")).getMessage());
    assertEquals("negative='-1.5' is invalid: it must be > 0; accepted: a ratio",
        assertThrows(InvalidPropertyException.class, () -> reader.positiveDecimal("negative", "a ratio")).getMessage());
    assertEquals("text='abc' is invalid; accepted: a decimal number, e.g. 1.33",
        assertThrows(InvalidPropertyException.class, () -> reader.positiveDecimal("text", "a ratio")).getMessage());
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
