package io.github.ycsbstorage.mongodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The fields of one document as read for YCSB: names and value bytes, without {@code _id}.
 * Decoded straight from BSON by {@link StoredFieldsCodec}, so that a read builds YCSB's result map
 * without an intermediate {@code Document}. Not thread-safe; lives for one operation.
 */
final class StoredFields {
  private final List<String> names = new ArrayList<>(16);
  private final List<byte[]> values = new ArrayList<>(16);

  void add(String name, byte[] value) {
    names.add(name);
    values.add(value);
  }

  int size() {
    return names.size();
  }

  String name(int index) {
    return names.get(index);
  }

  byte[] value(int index) {
    return values.get(index);
  }

  /** Puts every field into YCSB's result map. */
  void copyTo(Map<String, ByteIterator> result) {
    for (int i = 0; i < names.size(); i++) {
      result.put(names.get(i), new ByteArrayByteIterator(values.get(i)));
    }
  }
}
