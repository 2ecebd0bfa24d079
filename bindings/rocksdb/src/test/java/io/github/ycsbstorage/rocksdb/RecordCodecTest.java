package io.github.ycsbstorage.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class RecordCodecTest {
  private static Map<String, ByteIterator> fields(String... namesAndValues) {
    var fields = new LinkedHashMap<String, ByteIterator>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      fields.put(namesAndValues[i], new StringByteIterator(namesAndValues[i + 1]));
    }
    return fields;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> fields) {
    var out = new HashMap<String, String>();
    fields.forEach((name, value) -> out.put(name, value.toString()));
    return out;
  }

  @Test
  void theLayoutIsYcsbRocksDbBindingsLengthPrefixedNamesAndValues() throws IOException {
    var expected = new ByteArrayOutputStream();
    try (var out = new DataOutputStream(expected)) {
      out.writeInt(6);
      out.write("field0".getBytes(UTF_8));
      out.writeInt(3);
      out.write("abc".getBytes(UTF_8));
    }
    assertArrayEquals(expected.toByteArray(), RecordCodec.encode(fields("field0", "abc")));
  }

  @Test
  void decodeReturnsAllFieldsOrTheRequestedSubset() {
    var stored = RecordCodec.encode(fields("field0", "a", "field1", "", "field2", "ccc"));
    var all = new HashMap<String, ByteIterator>();
    new RecordCodec().decode(stored, null, all);
    assertEquals(Map.of("field0", "a", "field1", "", "field2", "ccc"), strings(all));
    var some = new HashMap<String, ByteIterator>();
    new RecordCodec().decode(stored, Set.of("field2", "absent"), some);
    assertEquals(Map.of("field2", "ccc"), strings(some));
  }

  @Test
  void mergeReplacesTheGivenFieldsAndKeepsTheOthers() {
    var stored = RecordCodec.encode(fields("field0", "old0", "field1", "old1"));
    var merged = new HashMap<String, ByteIterator>();
    new RecordCodec().decode(new RecordCodec().merge(stored, fields("field1", "new1", "field2", "new2")), null, merged);
    assertEquals(Map.of("field0", "old0", "field1", "new1", "field2", "new2"), strings(merged));
  }

  @Test
  void mergeGivesTheEncodingOfTheStoredFieldsInOrderWithChangesInPlaceAndNewOnesAtTheEnd() {
    var codec = new RecordCodec();
    var stored = RecordCodec.encode(fields("field0", "old0", "field1", "old1", "field2", "old2"));
    var merged = codec.merge(stored, fields("field1", "a much longer value", "名前", "new", "field0", ""));
    assertArrayEquals(RecordCodec.encode(fields("field0", "", "field1", "a much longer value", "field2", "old2",
        "名前", "new")), merged);
    assertArrayEquals(stored, codec.merge(stored, fields()));
    var truncated = java.util.Arrays.copyOf(stored, stored.length - 1);
    assertThrows(IllegalArgumentException.class, () -> codec.merge(truncated, fields("field0", "x")));
  }

  @Test
  void recordsWithOtherNamesAtAPositionDecodeWithTheirOwnNames() {
    var codec = new RecordCodec();
    var first = new HashMap<String, ByteIterator>();
    codec.decode(RecordCodec.encode(fields("field0", "a", "field1", "b")), null, first);
    var other = new HashMap<String, ByteIterator>();
    codec.decode(RecordCodec.encode(fields("name0", "c", "field1", "d", "extra", "e")), null, other);
    var again = new HashMap<String, ByteIterator>();
    codec.decode(RecordCodec.encode(fields("field0", "f")), Set.of("field0"), again);
    assertEquals(Map.of("field0", "a", "field1", "b"), strings(first));
    assertEquals(Map.of("name0", "c", "field1", "d", "extra", "e"), strings(other));
    assertEquals(Map.of("field0", "f"), strings(again));
  }

  @Test
  void rememberedNamesOfAnyLengthAreReusedOnlyWhenEveryStoredByteMatches() {
    var codec = new RecordCodec();
    var first = new HashMap<String, ByteIterator>();
    codec.decode(RecordCodec.encode(fields("a_long_field_name_0", "a", "f", "b")), null, first);
    var again = new HashMap<String, ByteIterator>();
    codec.decode(RecordCodec.encode(fields("a_long_field_name_0", "c", "f", "d")), null, again);
    // the same lengths, the names differing in their last byte (past the first eight compared at once)
    var lastByte = new HashMap<String, ByteIterator>();
    codec.decode(RecordCodec.encode(fields("a_long_field_name_1", "e", "g", "h")), null, lastByte);
    var shorter = new HashMap<String, ByteIterator>();
    codec.decode(RecordCodec.encode(fields("a_long_field_name_", "i")), null, shorter);
    assertEquals(Map.of("a_long_field_name_0", "a", "f", "b"), strings(first));
    assertEquals(Map.of("a_long_field_name_0", "c", "f", "d"), strings(again));
    assertEquals(Map.of("a_long_field_name_1", "e", "g", "h"), strings(lastByte));
    assertEquals(Map.of("a_long_field_name_", "i"), strings(shorter));
    // a record ending inside a remembered name is refused, not matched against it
    var cut = java.util.Arrays.copyOf(RecordCodec.encode(fields("a_long_field_name_", "i")), 10);
    assertThrows(IllegalArgumentException.class, () -> codec.decode(cut, null, new HashMap<>()));
  }

  @Test
  void bytesNotInTheLayoutAreRefusedNotMisread() {
    var stored = RecordCodec.encode(fields("field0", "value"));
    var truncated = java.util.Arrays.copyOf(stored, stored.length - 1);
    assertThrows(IllegalArgumentException.class, () -> new RecordCodec().decode(truncated, null, new HashMap<>()));
    assertThrows(IllegalArgumentException.class, () -> new RecordCodec().decode(new byte[] {0, 0}, null, new HashMap<>()));
  }
}
