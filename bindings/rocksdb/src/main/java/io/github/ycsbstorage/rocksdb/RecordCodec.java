package io.github.ycsbstorage.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A record's fields as one RocksDB value, in YCSB 0.17.0's {@code rocksdb} binding's layout, so that a
 * store loaded by either binding reads with the other: per field, a 4-byte big-endian name length, the
 * name in UTF-8, a 4-byte big-endian value length, the value bytes. Decoded values are views of the
 * stored array, not copies.
 *
 * <p>Every record of a table has the same field names in the same order, so an instance remembers the
 * names it decoded by position and reuses the {@code String} (and its cached hash) while the stored
 * bytes match: a read then allocates no names and hashes none (profiled: building and hashing ten new
 * names was a quarter of a cached read's client CPU). Not thread-safe: one instance per DB instance
 * (YCSB's client thread); {@link #encode} is static and thread-safe.
 */
final class RecordCodec {
  private static final int LENGTH_BYTES = Integer.BYTES;

  /** The names decoded at each position, as stored and as a {@code String}. */
  private final List<byte[]> nameBytes = new ArrayList<>();
  private final List<String> names = new ArrayList<>();

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
  void decode(byte[] stored, Set<String> wanted, Map<String, ByteIterator> result) {
    int at = 0;
    int position = 0;
    while (at < stored.length) {
      int nameLength = length(stored, at);
      at += LENGTH_BYTES;
      var name = name(position++, stored, at, nameLength);
      at += nameLength;
      int valueLength = length(stored, at);
      at += LENGTH_BYTES;
      if (wanted == null || wanted.contains(name)) {
        result.put(name, new ByteArrayByteIterator(stored, at, valueLength));
      }
      at += valueLength;
    }
  }

  /** The name stored at {@code at}: the one remembered for this position when its bytes match. */
  private String name(int position, byte[] stored, int at, int length) {
    if (position < names.size()) {
      var known = nameBytes.get(position);
      if (Arrays.equals(known, 0, known.length, stored, at, at + length)) {
        return names.get(position);
      }
    }
    var name = new String(stored, at, length, UTF_8);
    var bytes = Arrays.copyOfRange(stored, at, at + length);
    if (position < names.size()) {
      names.set(position, name);
      nameBytes.set(position, bytes);
    } else if (position == names.size()) {
      names.add(name);
      nameBytes.add(bytes);
    }
    return name;
  }

  /** YCSB's update: the stored record with the given fields replaced or added, the others kept. */
  byte[] merge(byte[] stored, Map<String, ByteIterator> changes) {
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
