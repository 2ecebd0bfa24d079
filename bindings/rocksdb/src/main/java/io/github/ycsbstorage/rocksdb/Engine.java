package io.github.ycsbstorage.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.nio.file.ExtendedOpenOption;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.spi.EngineCounters;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksObject;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;
import org.rocksdb.WriteBufferManager;

/**
 * One open RocksDB for one directory, with a column family per YCSB table. Column families (as in
 * YCSB 0.17.0's binding) keep each table's keys in their own files, so a scan of one table never
 * steps over another's records and a store loaded by YCSB's binding opens here unchanged.
 *
 * <p>The block cache is the engine's only cache: with direct I/O the OS page cache holds none of its
 * files, index and filter blocks live in the block cache (level 0's pinned there), and the memory
 * tables are charged to it ({@link WriteBufferManager}), so recently written records and the tables'
 * metadata count against the same budget as cached data blocks.
 *
 * <p>Thread-safe: RocksDB's handles are; column families are created under the instance's lock.
 */
final class Engine implements AutoCloseable {
  /**
   * Bloom filter bits per key (RocksDB's usual 10, about 1 % false positives): a point read then looks
   * into the one file that holds the key, not into every file of level 0 whose key range covers it.
   */
  private static final int BLOOM_BITS_PER_KEY = 10;
  /** Share of the block cache the memory tables may take before RocksDB flushes them. */
  private static final int MEMTABLE_SHARE_DIVISOR = 4;
  private static final String DEFAULT_FAMILY = new String(RocksDB.DEFAULT_COLUMN_FAMILY, UTF_8);
  private static final String PROBE_FILE = ".ycsb-storage-directio-probe";
  /** How long a flush waits for the compactions it set off; a load's last ones take seconds here. */
  static final Duration COMPACTION_WAIT = Duration.ofMinutes(5);
  private static final Duration COMPACTION_POLL = Duration.ofMillis(100);

  private final RocksDbSettings settings;
  private final RocksDB db;
  private final ColumnFamilyOptions familyOptions;
  private final Statistics statistics;
  private final Map<String, ColumnFamilyHandle> families = new ConcurrentHashMap<>();
  private final List<RocksObject> owned;
  /** Blocks the operations' own threads read from files ({@link OperationReads}); compaction's excluded. */
  private final LongAdder operationBlockReads = new LongAdder();

  private Engine(RocksDbSettings settings, RocksDB db, ColumnFamilyOptions familyOptions, Statistics statistics,
                 List<RocksObject> owned) {
    this.settings = settings;
    this.db = db;
    this.familyOptions = familyOptions;
    this.statistics = statistics;
    this.owned = owned;
  }

  /**
   * Opens the engine in {@code settings.dir()}, creating the directory if missing.
   *
   * @throws InvalidPropertyException for a directory, options file or file system the engine cannot use
   * @throws RocksDBException         for another failure of the engine to open
   */
  static Engine open(RocksDbSettings settings) throws RocksDBException {
    try {
      RocksDB.loadLibrary();
    } catch (RuntimeException e) {
      // rocksdbjni unpacks its native library into a temporary file first: a full or limited /tmp
      // failed here with a bare stack trace
      var cause = e.getCause() != null ? e.getCause() : e;
      var unpackedInto = Optional.ofNullable(System.getenv("ROCKSDB_SHAREDLIB_DIR"))
          .orElse(System.getProperty("java.io.tmpdir"));
      throw new RocksDBException("its native library could not be loaded (rocksdbjni unpacks it into " + unpackedInto
          + " first): " + cause);
    }
    var dir = settings.dir();
    var owned = new ArrayList<RocksObject>();
    var cache = new LRUCache(settings.blockCache().bytes());
    var statistics = new Statistics();
    var writeBuffers = new WriteBufferManager(writeBufferBytes(settings), cache);
    owned.add(cache);
    owned.add(statistics);
    owned.add(writeBuffers);
    var dbOptions = new DBOptions();
    owned.add(dbOptions);
    var descriptors = new ArrayList<ColumnFamilyDescriptor>();
    try {
      if (settings.optionsFile().isPresent()) {
        loadOptionsFile(settings.optionsFile().get(), dbOptions, descriptors);
      }
      // Only once the options are known good is anything created.
      createDirectory(dir);
      if (settings.directIo()) {
        probeDirectIo(dir);
      }
      dbOptions.setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
          .setUseDirectReads(settings.directIo()).setUseDirectIoForFlushAndCompaction(settings.directIo())
          .setStatistics(statistics).setWriteBufferManager(writeBuffers);
      var familyOptions = descriptors.stream().filter(d -> name(d).equals(DEFAULT_FAMILY)).findFirst()
          .map(ColumnFamilyDescriptor::getOptions)
          .orElseGet(() -> new ColumnFamilyOptions().setWriteBufferSize(writeBufferBytes(settings)));
      var filter = new BloomFilter(BLOOM_BITS_PER_KEY);
      owned.add(filter);
      var table = new BlockBasedTableConfig().setBlockCache(cache).setFilterPolicy(filter)
          .setCacheIndexAndFilterBlocks(true).setPinL0FilterAndIndexBlocksInCache(true);
      for (var descriptor : descriptors) {
        descriptor.getOptions().setTableFormatConfig(table);
        owned.add(descriptor.getOptions());
      }
      familyOptions.setTableFormatConfig(table);
      if (!owned.contains(familyOptions)) {
        owned.add(familyOptions);
      }
      for (var existing : existingFamilies(dir)) {
        if (descriptors.stream().noneMatch(d -> name(d).equals(existing))) {
          descriptors.add(new ColumnFamilyDescriptor(existing.getBytes(UTF_8), familyOptions));
        }
      }
      if (descriptors.stream().noneMatch(d -> name(d).equals(DEFAULT_FAMILY))) {
        descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, familyOptions));
      }
      var handles = new ArrayList<ColumnFamilyHandle>();
      var db = openDb(settings, dbOptions, descriptors, handles);
      var engine = new Engine(settings, db, familyOptions, statistics, owned);
      for (int i = 0; i < descriptors.size(); i++) {
        engine.families.put(name(descriptors.get(i)), handles.get(i));
      }
      return engine;
    } catch (RuntimeException | RocksDBException e) {
      closeAll(owned);
      throw e;
    }
  }

  /**
   * The memory tables' budget, also each table's own size: with RocksDB's default 64 MB memory table
   * its first 8 MB arena block alone exceeds a small budget, so every table was flushed after a few
   * records and a load's shape (dozens of tiny level-0 files, compacted or not) followed the device's
   * speed, not the data.
   */
  private static long writeBufferBytes(RocksDbSettings settings) {
    return settings.blockCache().bytes() / MEMTABLE_SHARE_DIVISOR;
  }

  private static void createDirectory(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new InvalidPropertyException(RocksDbSettings.DIR, dir.toString(), RocksDbSettings.DIR_ACCEPTED,
          "it cannot be created: " + e);
    }
  }

  /**
   * Refuses, before RocksDB would fail later with a less clear message, a file system that does not
   * take {@code O_DIRECT} (tmpfs on kernels before 6.6, some FUSE and network file systems).
   */
  private static void probeDirectIo(Path dir) {
    var probe = dir.resolve(PROBE_FILE);
    try (var channel = FileChannel.open(probe, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.DELETE_ON_CLOSE, ExtendedOpenOption.DIRECT)) {
      channel.size();
    } catch (IOException | UnsupportedOperationException e) {
      throw new InvalidPropertyException(RocksDbSettings.DIR, dir.toString(),
          "a directory on a file system that accepts direct I/O (O_DIRECT), or set " + RocksDbSettings.DIRECT_IO
              + "=false to read through the OS page cache (every result then says so)",
          "the file system of " + dir + " refuses O_DIRECT: " + e);
    }
  }

  private static void loadOptionsFile(Path file, DBOptions dbOptions, List<ColumnFamilyDescriptor> descriptors) {
    try (var config = new ConfigOptions()) {
      OptionsUtil.loadOptionsFromFile(config, file.toAbsolutePath().toString(), dbOptions, descriptors);
    } catch (RocksDBException e) {
      throw new InvalidPropertyException(RocksDbSettings.OPTIONS_FILE, file.toString(),
          "a RocksDB OPTIONS file (sections [DBOptions], [CFOptions \"default\"], as RocksDB writes them)",
          "RocksDB cannot load it: " + e.getMessage());
    }
  }

  /** The column families of an existing store in {@code dir}; none for a new one. */
  private static List<String> existingFamilies(Path dir) throws RocksDBException {
    if (!Files.exists(dir.resolve("CURRENT"))) {
      return List.of();
    }
    try (var options = new Options()) {
      return RocksDB.listColumnFamilies(options, dir.toString()).stream().map(n -> new String(n, UTF_8)).toList();
    }
  }

  /** Opens the store; another process's lock on it is bad input that names the directory. */
  private static RocksDB openDb(RocksDbSettings settings, DBOptions dbOptions, List<ColumnFamilyDescriptor> descriptors,
                                List<ColumnFamilyHandle> handles) throws RocksDBException {
    try {
      return RocksDB.open(dbOptions, settings.dir().toString(), descriptors, handles);
    } catch (RocksDBException e) {
      var message = String.valueOf(e.getMessage());
      Check.input(!message.toLowerCase(Locale.ROOT).contains("lock"), RocksDbSettings.DIR, settings.dir().toString(),
          "a directory no other process has open (one RocksDB process per directory)",
          "another process holds the engine's LOCK file (RocksDB: " + message + ")");
      throw e;
    }
  }

  private static String name(ColumnFamilyDescriptor descriptor) {
    return new String(descriptor.getName(), UTF_8);
  }

  RocksDB db() {
    return db;
  }

  /** The table's column family, created on its first use. */
  ColumnFamilyHandle family(String table) throws RocksDBException {
    var handle = families.get(table);
    return handle != null ? handle : createFamily(table);
  }

  private synchronized ColumnFamilyHandle createFamily(String table) throws RocksDBException {
    var handle = families.get(table);
    if (handle == null) {
      handle = db.createColumnFamily(new ColumnFamilyDescriptor(table.getBytes(UTF_8), familyOptions));
      families.put(table, handle);
    }
    return handle;
  }

  RocksDbSettings settings() {
    return settings;
  }

  /**
   * The engine's counters. Cache hits and misses are of data blocks only: index and filter blocks are
   * few and stay cached, and a data-block miss is one read of a file (a point read needs at most one
   * per level it looks in); compaction's lookups count too. The operations' own block reads, counted on
   * their threads ({@link OperationReads}), are the device reads of the operations. Bytes read are the file reads RocksDB counts by level, less compaction's
   * reads (which those include): what user reads fetched from files; unknown if compaction's count
   * exceeds them.
   */
  EngineCounters counters() {
    long fileReads = count(TickerType.LAST_LEVEL_READ_BYTES) + count(TickerType.NON_LAST_LEVEL_READ_BYTES);
    long compactionReads = count(TickerType.COMPACT_READ_BYTES);
    return new EngineCounters(ticker(TickerType.BLOCK_CACHE_DATA_HIT), ticker(TickerType.BLOCK_CACHE_DATA_MISS),
        OptionalLong.of(operationBlockReads.sum()),
        fileReads >= compactionReads ? OptionalLong.of(fileReads - compactionReads) : OptionalLong.empty(),
        ticker(TickerType.WAL_FILE_BYTES), OptionalLong.of(compactionReads),
        ticker(TickerType.COMPACT_WRITE_BYTES), ticker(TickerType.FLUSH_WRITE_BYTES), ticker(TickerType.STALL_MICROS));
  }

  /** Adds blocks an operation's thread read from files. */
  void addOperationBlockReads(long blocks) {
    operationBlockReads.add(blocks);
  }

  private long count(TickerType type) {
    return statistics.getTickerCount(type);
  }

  private OptionalLong ticker(TickerType type) {
    return OptionalLong.of(count(type));
  }

  /**
   * Writes every memory table to its files, waits for the compactions it sets off to end (at most
   * {@link #COMPACTION_WAIT}), then compacts every table into its last level, so that the directory
   * holds the whole store, no obsolete files, and one shape whatever device it is on: how a load's
   * flushes and compactions fall depends on the device's speed, and a point read looks into every file
   * its key may be in, so two devices' stores left in different shapes read at different paces with
   * nothing read from either.
   *
   * @return whether the compactions ended within the wait
   */
  boolean flush() throws RocksDBException, InterruptedException {
    try (var options = new FlushOptions().setWaitForFlush(true)) {
      db.flush(options, new ArrayList<>(families.values()));
    }
    if (!awaitCompactions()) {
      return false;
    }
    for (var family : families.values()) {
      db.compactRange(family);
    }
    return true;
  }

  /**
   * Waits until no compaction runs or is pending, at most {@link #COMPACTION_WAIT}. rocksdbjni
   * 10.10.1.1 has no {@code waitForCompact}, so the engine's own properties are polled.
   *
   * @return whether the compactions ended within the wait
   */
  boolean awaitCompactions() throws RocksDBException, InterruptedException {
    long deadline = System.nanoTime() + COMPACTION_WAIT.toNanos();
    while (db.getAggregatedLongProperty("rocksdb.num-running-compactions") > 0
        || db.getAggregatedLongProperty("rocksdb.compaction-pending") > 0) {
      if (System.nanoTime() - deadline > 0) {
        return false;
      }
      Thread.sleep(COMPACTION_POLL.toMillis());
    }
    return true;
  }

  /**
   * The bytes of the store's files: the live files RocksDB names (tables, MANIFEST, CURRENT, OPTIONS)
   * and its write-ahead logs. The info LOG files are not part of the store.
   */
  long storageBytes() throws RocksDBException, IOException {
    long total = 0;
    var live = db.getLiveFiles(false);
    for (var file : live.files) {
      total += file.startsWith("/MANIFEST-") ? live.manifestFileSize : size(settings.dir().resolve(file.substring(1)));
    }
    for (var wal : db.getSortedWalFiles()) {
      total += wal.sizeFileBytes();
    }
    return total;
  }

  /** A file's size; one that compaction deleted since the listing counts nothing. */
  private static long size(Path file) throws IOException {
    try {
      return Files.size(file);
    } catch (NoSuchFileException e) {
      return 0;
    }
  }

  @Override
  public void close() {
    families.values().forEach(ColumnFamilyHandle::close);
    families.clear();
    db.close();
    closeAll(owned);
  }

  private static void closeAll(List<RocksObject> objects) {
    for (int i = objects.size() - 1; i >= 0; i--) {
      objects.get(i).close();
    }
  }
}
