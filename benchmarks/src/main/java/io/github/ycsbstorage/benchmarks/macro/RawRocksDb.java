package io.github.ycsbstorage.benchmarks.macro;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.rocksdb.RocksDBException;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Raw rocksdbjni operations as a YCSB {@link DB}, so that YCSB's own per-operation work (the client
 * thread, the workload's key and value generation, the latency measurements) is on both sides of
 * {@code scripts/bench/rocksdb-binding-vs-raw.sh} and only the binding's own work differs. Each does
 * what YCSB's {@code DB} contract asks of any binding, the plain way: a read is one {@code get} and the
 * record's fields put into YCSB's result map (names decoded afresh, values as views), an update a
 * {@code get}, each named field's stored bytes overwritten with the new value's in a copy, and a
 * {@code put}. Reads {@code rocksdb.dir} and {@code rocksdb.cachesize} as the binding does; the store
 * is opened once per JVM ({@link RawRocksDbStore}) and closed by the last instance. Loads are the
 * binding's job: insert, scan and delete answer NOT_IMPLEMENTED.
 */
public final class RawRocksDb extends DB {
  private static final Object LOCK = new Object();
  private static RawRocksDbStore shared;
  private static int users;

  private RawRocksDbStore store;

  @Override
  public void init() throws DBException {
    synchronized (LOCK) {
      if (shared == null) {
        try {
          shared = RawRocksDbStore.open(Path.of(getProperties().getProperty("rocksdb.dir")),
              Long.parseLong(getProperties().getProperty("rocksdb.cachesize")));
        } catch (RocksDBException | RuntimeException e) {
          throw new DBException("RawRocksDb: set rocksdb.dir to a loaded store and rocksdb.cachesize to bytes: " + e, e);
        }
      }
      users++;
      store = shared;
    }
  }

  @Override
  public void cleanup() {
    synchronized (LOCK) {
      if (--users == 0) {
        shared.close();
        shared = null;
      }
    }
  }

  /**
   * What YCSB's {@code DB} contract asks of every read, done the plain way (as YCSB 0.17.0's own
   * {@code rocksdb} binding does): the stored layout's fields put into {@code result}, each name a new
   * {@code String}, each value a view of the stored bytes.
   */
  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      var stored = store.db().get(store.table(), key.getBytes(UTF_8));
      if (stored == null) {
        return Status.NOT_FOUND;
      }
      forEachField(stored, (name, offset, length) -> {
        if (fields == null || fields.contains(name)) {
          result.put(name, new ByteArrayByteIterator(stored, offset, length));
        }
      });
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  /**
   * The contract's update the plain way: each named field found by its decoded name and its bytes
   * overwritten in a copy of the stored record. Only values of the stored length are written in place
   * (YCSB's constant field length); any other update answers NOT_IMPLEMENTED, which the script counts
   * as a failed run.
   */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      var id = key.getBytes(UTF_8);
      var stored = store.db().get(store.table(), id);
      if (stored == null) {
        return Status.NOT_FOUND;
      }
      var updated = stored.clone();
      var replaced = new int[1];
      var sameLength = new boolean[] {true};
      forEachField(updated, (name, offset, length) -> {
        var value = values.get(name);
        if (value != null) {
          var bytes = value.toArray();
          sameLength[0] &= bytes.length == length;
          System.arraycopy(bytes, 0, updated, offset, Math.min(bytes.length, length));
          replaced[0]++;
        }
      });
      if (replaced[0] != values.size() || !sameLength[0]) {
        return Status.NOT_IMPLEMENTED;
      }
      store.db().put(store.table(), id, updated);
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  /** One stored field: its name and where its value lies in the record. */
  @FunctionalInterface
  private interface FieldVisitor {
    void visit(String name, int offset, int length);
  }

  /** Walks the binding's layout: per field a 4-byte name length, the name, a 4-byte value length, the value. */
  private static void forEachField(byte[] stored, FieldVisitor field) {
    var in = ByteBuffer.wrap(stored);
    while (in.hasRemaining()) {
      int nameLength = in.getInt();
      var name = new String(stored, in.position(), nameLength, UTF_8);
      in.position(in.position() + nameLength);
      int valueLength = in.getInt();
      field.visit(name, in.position(), valueLength);
      in.position(in.position() + valueLength);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }
}
