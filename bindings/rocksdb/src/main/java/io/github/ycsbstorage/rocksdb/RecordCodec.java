package io.github.ycsbstorage.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A record's fields as one RocksDB value, in YCSB 0.17.0's {@code rocksdb} binding's layout, so that a
 * store loaded by either binding reads with the other: per field, a 4-byte big-endian name length, the
 * name in UTF-8, a 4-byte big-endian value length, the value bytes. Decoded values are views of the
 * stored array, not copies. Stateless and thread-safe.
 */
final class RecordCodec {
  private static final int LENGTH_BYTES = Integer.BYTES;

  private RecordCodec() {
  }

  /** The stored form of {@code fields}; each value iterator is consumed. */
  static byte[] encode(Map<String, ByteIterator> fields) {
    var names = new byte[fields.size()][];
    var values = new byte[fields.size()][];
    int size = 0;
    int i = 0;
    for (var field : fields.entrySet()) {
      names[i] = field.getKey().getBytes(UTF_8);
      values[i] = field.getValue().toArray();
      size += 2 * LENGTH_BYTES + names[i].length + values[i].length;
      i++;
    }
    var out = new byte[size];
    int at = 0;
    for (int f = 0; f < names.length; f++) {
      at = put(out, at, names[f]);
      at = put(out, at, values[f]);
    }
    return out;
  }

  /**
   * Adds the stored fields to {@code result}: all of them when {@code wanted} is null (YCSB's "all
   * fields"), else those named in it.
   *
   * @throws IllegalArgumentException when the bytes are not in this layout
   */
  static void decode(byte[] stored, Set<String> wanted, Map<String, ByteIterator> result) {
    int at = 0;
    while (at < stored.length) {
      int nameLength = length(stored, at);
      at += LENGTH_BYTES;
      var name = new String(stored, at, nameLength, UTF_8);
      at += nameLength;
      int valueLength = length(stored, at);
      at += LENGTH_BYTES;
      if (wanted == null || wanted.contains(name)) {
        result.put(name, new ByteArrayByteIterator(stored, at, valueLength));
      }
      at += valueLength;
    }
  }

  /** YCSB's update: the stored record with the given fields replaced or added, the others kept. */
  static byte[] merge(byte[] stored, Map<String, ByteIterator> changes) {
    var fields = new LinkedHashMap<String, ByteIterator>();
    decode(stored, null, fields);
    fields.putAll(changes);
    return encode(fields);
  }

  private static int put(byte[] out, int at, byte[] bytes) {
    int length = bytes.length;
    out[at] = (byte) (length >>> 24);
    out[at + 1] = (byte) (length >>> 16);
    out[at + 2] = (byte) (length >>> 8);
    out[at + 3] = (byte) length;
    System.arraycopy(bytes, 0, out, at + LENGTH_BYTES, length);
    return at + LENGTH_BYTES + length;
  }

  private static int length(byte[] stored, int at) {
    if (stored.length - at < LENGTH_BYTES) {
      throw new IllegalArgumentException("a stored record ends inside a length at byte " + at);
    }
    int length = (stored[at] & 0xff) << 24 | (stored[at + 1] & 0xff) << 16 | (stored[at + 2] & 0xff) << 8
        | stored[at + 3] & 0xff;
    if (length < 0 || length > stored.length - at - LENGTH_BYTES) {
      throw new IllegalArgumentException("a stored field's length at byte " + at + " (" + length
          + ") runs past the record's " + stored.length + " bytes");
    }
    return length;
  }
}
