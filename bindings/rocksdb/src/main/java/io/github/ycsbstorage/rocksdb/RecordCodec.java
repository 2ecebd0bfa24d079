package io.github.ycsbstorage.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
  /** YCSB's default field count. */
  private static final int INITIAL_POSITIONS = 10;
  /** Big-endian ints and longs read from a byte array in one access each. */
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /**
   * The field header (the name's 4-byte length and the name, as stored) decoded at each position, and
   * the name as a {@code String}; {@code known} positions are filled.
   */
  private byte[][] headers = new byte[INITIAL_POSITIONS][];
  private String[] names = new String[INITIAL_POSITIONS];
  private int known;

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
      at = name(position, stored, at);
      var name = names[position++];
      int valueLength = length(stored, at);
      at += LENGTH_BYTES;
      if (wanted == null || wanted.contains(name)) {
        result.put(name, new ByteArrayByteIterator(stored, at, valueLength));
      }
      at += valueLength;
    }
  }

  /**
   * Makes {@code names[position]} the name of the field stored at {@code at} and returns where the name
   * ends: the one remembered for this position when the stored header (length and name) matches it,
   * else the stored one decoded and remembered.
   *
   * @throws IllegalArgumentException when the bytes at {@code at} are not a field header
   */
  private int name(int position, byte[] stored, int at) {
    if (position < known && matches(headers[position], stored, at)) {
      return at + headers[position].length;
    }
    int end = at + LENGTH_BYTES + length(stored, at);
    if (position == headers.length) {
      headers = Arrays.copyOf(headers, 2 * position);
      names = Arrays.copyOf(names, 2 * position);
    }
    headers[position] = Arrays.copyOfRange(stored, at, end);
    names[position] = new String(stored, at + LENGTH_BYTES, end - at - LENGTH_BYTES, UTF_8);
    known = Math.max(known, position + 1);
    return end;
  }

  /**
   * Whether {@code stored} holds {@code header} at {@code at}; a match also proves the stored name
   * length valid. Compared eight bytes at a time: this check ran for every field of every read and was
   * a fifth of a cached read's Java samples as a byte loop (JFR, docs/PERFORMANCE.md section 2b); it
   * cannot be skipped, since a record with other names at a position must decode with its own.
   */
  private static boolean matches(byte[] header, byte[] stored, int at) {
    int length = header.length;
    if (length > stored.length - at) {
      return false;
    }
    int i = 0;
    for (; i <= length - Long.BYTES; i += Long.BYTES) {
      if ((long) LONG.get(header, i) != (long) LONG.get(stored, at + i)) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (header[i] != stored[at + i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * YCSB's update: the stored record with the given fields replaced in place or added at its end, the
   * others kept. The kept fields are copied as stored bytes, not decoded into a map and encoded again
   * (that round trip was most of an update's own work: ten name encodings and value copies for one
   * changed field).
   *
   * @throws IllegalArgumentException when the stored bytes are not in this layout
   */
  byte[] merge(byte[] stored, Map<String, ByteIterator> changes) {
    var pending = new LinkedHashMap<String, byte[]>(changes.size() * 2);
    for (var change : changes.entrySet()) {
      pending.put(change.getKey(), change.getValue().toArray());
    }
    var out = new byte[mergedSize(stored, pending)];
    int at = 0;
    int written = 0;
    int position = 0;
    while (at < stored.length) {
      int fieldStart = at;
      at = name(position, stored, at);
      var replacement = pending.remove(names[position++]);
      int valueLength = length(stored, at);
      at += LENGTH_BYTES;
      if (replacement == null) {
        int fieldLength = at + valueLength - fieldStart;
        System.arraycopy(stored, fieldStart, out, written, fieldLength);
        written += fieldLength;
      } else {
        int nameEnd = at - LENGTH_BYTES;
        System.arraycopy(stored, fieldStart, out, written, nameEnd - fieldStart);
        written = put(out, written + nameEnd - fieldStart, replacement);
      }
      at += valueLength;
    }
    for (var added : pending.entrySet()) {
      written = put(out, written, added.getKey().getBytes(UTF_8));
      written = put(out, written, added.getValue());
    }
    return written == out.length ? out : Arrays.copyOf(out, written);
  }

  /**
   * The merged record's size: exact when every change names a stored field (YCSB's updates), else an
   * upper bound (a new name's UTF-8 bytes counted as three per char) that {@link #merge} trims.
   */
  private int mergedSize(byte[] stored, Map<String, byte[]> pending) {
    int size = 0;
    int replaced = 0;
    int at = 0;
    int position = 0;
    while (at < stored.length) {
      int headerLength = name(position, stored, at) - at;
      var replacement = pending.get(names[position++]);
      at += headerLength;
      int valueLength = length(stored, at);
      at += LENGTH_BYTES + valueLength;
      size += headerLength + LENGTH_BYTES + (replacement == null ? valueLength : replacement.length);
      replaced += replacement == null ? 0 : 1;
    }
    if (replaced < pending.size()) {
      for (var change : pending.entrySet()) {
        size += 2 * LENGTH_BYTES + change.getKey().length() * 3 + change.getValue().length;
      }
    }
    return size;
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
    int length = (int) INT.get(stored, at);
    if (length < 0 || length > stored.length - at - LENGTH_BYTES) {
      throw new IllegalArgumentException("a stored field's length at byte " + at + " (" + length
          + ") runs past the record's " + stored.length + " bytes");
    }
    return length;
  }
}
