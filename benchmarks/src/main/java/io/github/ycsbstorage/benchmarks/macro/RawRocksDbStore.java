package io.github.ycsbstorage.benchmarks.macro;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksObject;
import org.rocksdb.Statistics;
import org.rocksdb.WriteBufferManager;

/**
 * A store the {@code rocksdb} binding loaded, opened on rocksdbjni alone with the binding's engine
 * options spelled out (its {@code Engine.open}): direct reads and direct flush/compaction I/O, an LRU
 * block cache of the given size that also holds the index and filter blocks (level 0's pinned) and is
 * charged for the memory tables (a quarter of it), Bloom filters of 10 bits per key, statistics on.
 * The yardsticks ({@link RawRocksDbLoop}, {@link RawRocksDb}) use it so that only the code around the
 * engine differs from the binding. Thread-safe, as RocksDB's handles are.
 */
final class RawRocksDbStore implements AutoCloseable {
  private static final int BLOOM_BITS_PER_KEY = 10;
  private static final int MEMTABLE_SHARE_DIVISOR = 4;

  private final List<RocksObject> owned;
  private final RocksDB db;
  private final ColumnFamilyHandle table;

  private RawRocksDbStore(List<RocksObject> owned, RocksDB db, ColumnFamilyHandle table) {
    this.owned = owned;
    this.db = db;
    this.table = table;
  }

  /** Opens the store in {@code dir} (YCSB's table {@code usertable}, as the binding loaded it). */
  static RawRocksDbStore open(Path dir, long cacheBytes) throws RocksDBException {
    if (!Files.exists(dir.resolve("CURRENT"))) {
      throw new IllegalStateException(dir + " holds no store: load it with bin/ycsb load rocksdb first");
    }
    RocksDB.loadLibrary();
    var owned = new ArrayList<RocksObject>();
    var cache = new LRUCache(cacheBytes);
    var statistics = new Statistics();
    var writeBuffers = new WriteBufferManager(cacheBytes / MEMTABLE_SHARE_DIVISOR, cache);
    var filter = new BloomFilter(BLOOM_BITS_PER_KEY);
    var options = new DBOptions().setUseDirectReads(true).setUseDirectIoForFlushAndCompaction(true)
        .setStatistics(statistics).setWriteBufferManager(writeBuffers);
    var familyOptions = new ColumnFamilyOptions().setTableFormatConfig(new BlockBasedTableConfig()
        .setBlockCache(cache).setFilterPolicy(filter).setCacheIndexAndFilterBlocks(true)
        .setPinL0FilterAndIndexBlocksInCache(true));
    owned.addAll(List.of(familyOptions, options, filter, writeBuffers, statistics, cache));
    var descriptors = List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, familyOptions),
        new ColumnFamilyDescriptor("usertable".getBytes(UTF_8), familyOptions));
    var handles = new ArrayList<ColumnFamilyHandle>();
    var db = RocksDB.open(options, dir.toString(), descriptors, handles);
    owned.addAll(0, handles);
    owned.add(0, db);
    return new RawRocksDbStore(owned, db, handles.get(1));
  }

  RocksDB db() {
    return db;
  }

  /** The column family of YCSB's {@code usertable}. */
  ColumnFamilyHandle table() {
    return table;
  }

  @Override
  public void close() {
    owned.forEach(RocksObject::close);
  }
}
