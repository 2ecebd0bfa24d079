package io.github.ycsbstorage.benchmarks.macro;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.rocksdb.RocksDBException;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * {@link RawRocksDbLoop}'s operations as a YCSB {@link DB}, so that YCSB's own per-operation work (the
 * client thread, the workload's key and value generation, the latency measurements) is on both sides
 * of {@code scripts/bench/rocksdb-binding-vs-raw.sh} and only the binding's own work differs: a read
 * is one {@code get} (no fields decoded, none handed back), an update a {@code get}, the new value's
 * bytes (the workload's iterator consumed, as any binding must) over the stored value's last field,
 * and a {@code put}. Reads {@code rocksdb.dir} and {@code rocksdb.cachesize} as the binding does; the
 * store is opened once per JVM ({@link RawRocksDbStore}) and closed by the last instance. Loads are
 * the binding's job: insert, scan and delete answer NOT_IMPLEMENTED.
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

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      return store.db().get(store.table(), key.getBytes(UTF_8)) == null ? Status.NOT_FOUND : Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      var id = key.getBytes(UTF_8);
      var stored = store.db().get(store.table(), id);
      if (stored == null) {
        return Status.NOT_FOUND;
      }
      var updated = stored.clone();
      int end = updated.length;
      for (var value : values.values()) {
        var bytes = value.toArray();
        int length = Math.min(bytes.length, end);
        System.arraycopy(bytes, 0, updated, end - length, length);
      }
      store.db().put(store.table(), id, updated);
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
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
