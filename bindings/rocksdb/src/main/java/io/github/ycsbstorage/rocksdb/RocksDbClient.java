package io.github.ycsbstorage.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.github.ycsbstorage.binding.RateLimitedWarning;
import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.EngineCounters;
import io.github.ycsbstorage.spi.EngineStatisticsProvider;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.MemoryFigure;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import io.github.ycsbstorage.spi.StorageDirectory;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.Vector;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The {@code rocksdb} binding: RocksDB embedded in the client JVM, one column family per YCSB table,
 * a record's fields in one value ({@link RecordCodec}). By default every read of a file and every flush
 * and compaction uses direct I/O, so the block cache, sized by {@code rocksdb.cachesize} or the study's
 * {@code storage.server.memory}, is the only memory that holds data: a dataset beyond it is read from
 * the device, whatever the host's RAM.
 *
 * <p>YCSB creates one instance per client thread; all instances of a JVM for one directory share one
 * open engine ({@link EngineLease}). Each instance is confined to its thread; {@link #serverInfo()},
 * {@link #datasetSize()}, {@link #flush()} and {@link #engineCounters()} may be called from any
 * thread after {@code init()}.
 */
public class RocksDbClient extends DB implements ServerInfoProvider, EngineStatisticsProvider {
  private static final RateLimitedWarning WARNING = new RateLimitedWarning("rocksdb", 5_000);
  /** Per field: a name length and a value length (4 bytes each) and the name itself (about 6 bytes). */
  private static final int FIELD_OVERHEAD_ESTIMATE = 2 * Integer.BYTES + 6;
  /** Per record: RocksDB's sequence number and type (8 bytes) and the block's key and value lengths. */
  private static final int RECORD_OVERHEAD_ESTIMATE = 8 + 4;

  /** The page-cache warning is printed and recorded once per JVM, not per client thread. */

  private volatile EngineLease lease;
  private Engine engine;
  private final RecordCodec codec = new RecordCodec();
  private OperationReads reads;
  /** The last table's column family: YCSB's threads use one table, so the map lookup is skipped. */
  private String lastTable;
  private ColumnFamilyHandle lastFamily;

  @Override
  public void init() throws DBException {
    if (lease != null) {
      return;
    }
    try {
      NamespaceValidator.validateOnce(getProperties()); // in a YCSB install nothing else checks the input
      var settings = RocksDbSettings.from(getProperties());
      lease = EngineLease.acquire(settings);
    } catch (InvalidPropertyException e) {
      throw new DBException(e.getMessage(), e);
    } catch (RocksDBException e) {
      throw new DBException("rocksdb: the engine cannot open in " + getProperties().getProperty(RocksDbSettings.DIR)
          + ": " + e.getMessage(), e);
    }
    engine = lease.engine();
    reads = new OperationReads(engine);
  }

  /** Reading through the page cache: the host's RAM caches what the block cache does not hold. */
  @Override
  public List<String> caveats() {
    return engine.settings().directIo() ? List.of() : List.of("rocksdb: " + RocksDbSettings.DIRECT_IO
        + "=false: the engine reads through the OS page cache, so the host's RAM caches data beyond the block "
        + "cache and block-cache misses are not all device reads");
  }

  /** Gives up this instance's use of the engine; the last instance of the directory closes it. Idempotent. */
  @Override
  public void cleanup() {
    var held = lease;
    if (held != null) {
      lease = null;
      lastTable = null;
      lastFamily = null;
      held.close();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    reads.before();
    try {
      var stored = engine.db().get(family(table), key.getBytes(UTF_8));
      if (stored == null) {
        return Status.NOT_FOUND;
      }
      codec.decode(stored, fields, result);
      return Status.OK;
    } catch (RocksDBException | IllegalArgumentException e) {
      return failed("read", e);
    } finally {
      reads.after();
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    reads.before();
    try (var iterator = engine.db().newIterator(family(table))) {
      int found = 0;
      for (iterator.seek(startkey.getBytes(UTF_8)); iterator.isValid() && found < recordcount; iterator.next()) {
        var row = new HashMap<String, ByteIterator>();
        codec.decode(iterator.value(), fields, row);
        result.add(row);
        found++;
      }
      iterator.status();
      return Status.OK;
    } catch (RocksDBException | IllegalArgumentException e) {
      return failed("scan", e);
    } finally {
      reads.after();
    }
  }

  /** YCSB's update: the given fields replace the stored ones, the others stay; a missing record is NOT_FOUND. */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    reads.before();
    try {
      var family = family(table);
      var id = key.getBytes(UTF_8);
      var stored = engine.db().get(family, id);
      if (stored == null) {
        return Status.NOT_FOUND;
      }
      engine.db().put(family, id, codec.merge(stored, values));
      return Status.OK;
    } catch (RocksDBException | IllegalArgumentException e) {
      return failed("update", e);
    } finally {
      reads.after();
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      engine.db().put(family(table), key.getBytes(UTF_8), RecordCodec.encode(values));
      return Status.OK;
    } catch (RocksDBException e) {
      return failed("insert", e);
    }
  }

  /** Deletes the record; a missing one is NOT_FOUND, as YCSB's other bindings answer. */
  @Override
  public Status delete(String table, String key) {
    reads.before();
    try {
      var family = family(table);
      var id = key.getBytes(UTF_8);
      if (engine.db().get(family, id) == null) {
        return Status.NOT_FOUND;
      }
      engine.db().delete(family, id);
      return Status.OK;
    } catch (RocksDBException e) {
      return failed("delete", e);
    } finally {
      reads.after();
    }
  }

  private ColumnFamilyHandle family(String table) throws RocksDBException {
    if (!table.equals(lastTable)) {
      lastFamily = engine.family(table);
      lastTable = table;
    }
    return lastFamily;
  }

  /** The engine this instance uses; for tests of sharing. */
  Engine engine() {
    return engine;
  }

  private static Status failed(String operation, Exception e) {
    WARNING.warn(operation, e);
    return Status.ERROR;
  }

  @Override
  public ServerInfo serverInfo() {
    var settings = engine.settings();
    var cacheBytes = settings.blockCache().bytes();
    var cache = new MemoryFigure(cacheBytes, "RocksDB block cache (" + settings.blockCache().source() + ")");
    var builder = ServerInfo.builder("RocksDB")
        .version(RocksDB.rocksdbVersion().toString())
        .storageEngine("RocksDB LSM tree, block-based tables")
        .cache(cache)
        .dataPath(settings.dir().toString())
        .locality(Locality.LOCAL)
        .pid(ProcessHandle.current().pid())
        .storageDirectory(new StorageDirectory("localhost", settings.dir().toString(), Locality.LOCAL,
            OptionalLong.empty(), RocksDbSettings.DIR))
        .detail("embedded", "in the client JVM")
        .detail("blockCache", ByteSize.ofBytes(cacheBytes).toString())
        .detail("optionsFile", settings.optionsFile().map(Object::toString).orElse(null));
    if (settings.directIo()) {
      // With direct I/O the page cache holds none of the engine's files: the block cache is all the
      // memory that holds data, so a ratio of "RAM" and one of "cache" mean the same amount.
      builder.ram(new MemoryFigure(cacheBytes, cache.source() + "; direct I/O: the only memory holding data"))
          .detail("io", "direct: reads, flushes and compactions bypass the OS page cache");
    } else {
      builder.unknown("ram", RocksDbSettings.DIRECT_IO + "=false: the OS page cache holds data too")
          .detail("io", "buffered: reads go through the OS page cache (" + RocksDbSettings.DIRECT_IO + "=false)");
    }
    return builder.build();
  }

  @Override
  public DatasetSize datasetSize() throws DBException {
    try {
      return new DatasetSize(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.of(engine.storageBytes()),
          "RocksDB live files (tables, MANIFEST, CURRENT, OPTIONS) + write-ahead logs");
    } catch (RocksDBException | IOException e) {
      throw new DBException("rocksdb: cannot list the engine's files: " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<String> flush() throws DBException {
    try {
      return Optional.of("flush of every column family's memory table, then "
          + (engine.flush() ? "a compaction of each into its last level"
              : "compactions still running after " + Engine.COMPACTION_WAIT + " (no compaction into the last level)"));
    } catch (RocksDBException e) {
      throw new DBException("rocksdb: flush failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("rocksdb: interrupted while waiting for compactions after a flush", e);
    }
  }

  @Override
  public long recordOverheadEstimate(int fieldCount) {
    return (long) fieldCount * FIELD_OVERHEAD_ESTIMATE + RECORD_OVERHEAD_ESTIMATE;
  }

  @Override
  public Optional<String> driverVersion() {
    return Optional.of("rocksdbjni " + RocksDB.rocksdbVersion());
  }

  /** Lets the compactions a load (or the engine's opening) left behind end, so a read phase measures reads. */
  @Override
  public Optional<String> settle() throws InterruptedException {
    try {
      return engine.awaitCompactions() ? Optional.empty()
          : Optional.of("rocksdb: compactions still running " + Engine.COMPACTION_WAIT + " after the phase was "
              + "ready to start: the engine's compaction I/O overlaps the measured phase");
    } catch (RocksDBException e) {
      return Optional.of("rocksdb: cannot tell whether compactions run before the measured phase: " + e.getMessage());
    }
  }

  @Override
  public EngineCounters engineCounters() {
    return engine.counters();
  }
}
