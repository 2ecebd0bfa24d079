package io.github.ycsbstorage.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.spi.Locality;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.RandomByteIterator;
import site.ycsb.Status;

/** The binding on a real engine: sharing, facts it reports, counters, and the inputs it refuses. */
class RocksDbClientTest {
  @TempDir
  Path folder;

  private final List<RocksDbClient> opened = new ArrayList<>();

  @AfterEach
  void cleanup() {
    opened.forEach(RocksDbClient::cleanup);
  }

  private Properties properties(String... keysAndValues) {
    var props = new Properties();
    props.setProperty(RocksDbSettings.DIR, folder.resolve("db").toString());
    props.setProperty(RocksDbSettings.CACHE_SIZE, "4MB");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      props.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    return props;
  }

  private RocksDbClient open(Properties props) throws DBException {
    var client = new RocksDbClient();
    client.setProperties(props);
    client.init();
    opened.add(client);
    return client;
  }

  private static Map<String, ByteIterator> record(int bytes) {
    var fields = new HashMap<String, ByteIterator>();
    for (int f = 0; f < 10; f++) {
      fields.put("field" + f, new RandomByteIterator(bytes / 10));
    }
    return fields;
  }

  @Test
  void instancesOfOneDirectoryShareOneEngineUntilTheLastCleanup() throws DBException {
    var first = open(properties());
    var second = open(properties());
    assertSame(first.engine(), second.engine());
    assertEquals(Status.OK, first.insert("usertable", "user1", record(100)));
    first.cleanup();
    var read = new HashMap<String, ByteIterator>();
    assertEquals(Status.OK, second.read("usertable", "user1", null, read));
    assertEquals(10, read.size());
    var engine = second.engine();
    second.cleanup();
    var third = open(properties());
    assertNotSame(engine, third.engine());
    assertEquals(Status.OK, third.read("usertable", "user1", null, new HashMap<>()));
  }

  @Test
  void serverInfoReportsTheBlockCacheAsCacheAndAsTheMemoryHoldingDataUnderDirectIo() throws DBException {
    var info = open(properties()).serverInfo();
    assertEquals("RocksDB", info.product());
    assertEquals(RocksDB.rocksdbVersion().toString(), info.version().orElseThrow());
    assertEquals(4_000_000, info.cache().orElseThrow().bytes());
    assertTrue(info.cache().orElseThrow().source().contains("rocksdb.cachesize"), info.cache().toString());
    assertEquals(4_000_000, info.ram().orElseThrow().bytes());
    assertEquals(Locality.LOCAL, info.locality());
    assertEquals(ProcessHandle.current().pid(), info.pid().getAsLong());
    assertEquals(folder.resolve("db").toString(), info.dataPath().orElseThrow());
    assertTrue(info.details().get("io").startsWith("direct"), info.details().toString());
  }

  @Test
  void throughThePageCacheTheResultSaysSoAndRamIsLeftToTheHost() throws DBException {
    var info = open(properties(RocksDbSettings.DIRECT_IO, "false")).serverInfo();
    assertTrue(info.ram().isEmpty());
    assertTrue(info.unknown().get("ram").contains("rocksdb.directio=false"), info.unknown().toString());
    assertTrue(info.details().get("io").startsWith("buffered"), info.details().toString());
  }

  @Test
  void theDatasetSizeIsTheStoresFilesAsDuCountsThemAfterAFlush() throws Exception {
    var client = open(properties());
    for (int i = 0; i < 20_000; i++) {
      assertEquals(Status.OK, client.insert("usertable", "user" + i, record(1000)));
    }
    assertTrue(client.flush().orElseThrow().contains("a compaction of each into its last level"));
    long reported = client.datasetSize().storageBytes().getAsLong();
    long du = duBytesExceptInfoLogs(folder.resolve("db"));
    assertTrue(reported > 15_000_000, "reported " + reported);
    assertEquals(du, reported, du * 0.001, "du " + du + " vs reported " + reported);
  }

  /** {@code du -sb} of the store without RocksDB's info LOG files (not part of the store). */
  private static long duBytesExceptInfoLogs(Path dir) throws IOException, InterruptedException {
    var process = new ProcessBuilder("du", "-sb", "--exclude=LOG*", "--exclude=LOCK", "--exclude=IDENTITY",
        dir.toString()).redirectErrorStream(true).start();
    var output = new String(process.getInputStream().readAllBytes());
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    // du counts the directory's own entry too: take it away
    long directory = Long.parseLong(new String(new ProcessBuilder("stat", "-c", "%s", dir.toString())
        .start().getInputStream().readAllBytes()).trim());
    return Long.parseLong(output.split("\\s+")[0]) - directory;
  }

  @Test
  void countersSeeReadsServedByTheCacheOnceItHoldsTheData() throws DBException {
    var client = open(properties());
    for (int i = 0; i < 1000; i++) {
      client.insert("usertable", "user" + i, record(100));
    }
    client.flush();
    var start = client.engineCounters();
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 1000; i++) {
        assertEquals(Status.OK, client.read("usertable", "user" + i, null, new HashMap<>()));
      }
    }
    var delta = client.engineCounters().since(start);
    long hits = delta.cacheHits().getAsLong();
    long misses = delta.cacheMisses().getAsLong();
    assertTrue(misses > 0 && misses < 1000, "misses " + misses);
    assertTrue(hits > 2000, "hits " + hits);
    assertTrue(delta.bytesRead().getAsLong() > 0, delta.toString());
  }

  /**
   * A load's flushes and compactions fall as the device's speed lets them; after the flush that ends
   * it, the store is in one shape on any device: every file in the last level, none above.
   */
  @Test
  void aFlushLeavesEveryFileInTheLastLevel() throws Exception {
    var client = open(properties(RocksDbSettings.CACHE_SIZE, "1MB"));
    for (int i = 0; i < 8_000; i++) {
      assertEquals(Status.OK, client.insert("usertable", "user" + i, record(1000)));
    }
    assertTrue(client.flush().orElseThrow().contains("a compaction of each into its last level"));
    var db = client.engine().db();
    var family = client.engine().family("usertable");
    int last = db.numberLevels(family) - 1;
    for (int level = 0; level < last; level++) {
      assertEquals("0", db.getProperty(family, "rocksdb.num-files-at-level" + level), "level " + level);
    }
    assertTrue(Long.parseLong(db.getProperty(family, "rocksdb.num-files-at-level" + last)) > 0);
    assertEquals(8_000, db.getLongProperty(family, "rocksdb.estimate-num-keys"));
  }

  /**
   * Two client threads read a store 8 × the cache while a compaction of all of it runs: the operations'
   * device reads are their own block reads, at most one per read plus an index block now and then, not
   * the compaction's lookups.
   */
  @Test
  void theOperationsBlockReadsAreTheirThreadsOwnNotTheCompactions() throws Exception {
    var props = properties(RocksDbSettings.CACHE_SIZE, "1MB");
    var loader = open(props);
    int records = 8_000;
    for (int i = 0; i < records; i++) {
      loader.insert("usertable", "user" + i, record(1000));
    }
    loader.flush();
    var family = loader.engine().family("usertable");
    var start = loader.engineCounters();
    var compaction = new Thread(() -> {
      // forced: the flush left the store compacted into its last level, which a plain compaction skips
      try (var rewrite = new CompactRangeOptions()
          .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce)) {
        loader.engine().db().compactRange(family, null, null, rewrite);
      } catch (org.rocksdb.RocksDBException e) {
        throw new IllegalStateException(e);
      }
    });
    compaction.start();
    int perThread = 1_000;
    var readers = new ArrayList<Thread>();
    var failures = new java.util.concurrent.atomic.AtomicInteger();
    for (int t = 0; t < 2; t++) {
      var client = open(props);
      int offset = t * 3_001;
      readers.add(new Thread(() -> {
        for (int i = 0; i < perThread; i++) {
          if (client.read("usertable", "user" + (offset + i * 7) % records, null, new HashMap<>()) != Status.OK) {
            failures.incrementAndGet();
          }
        }
      }));
    }
    readers.forEach(Thread::start);
    for (var reader : readers) {
      reader.join();
    }
    var reads = loader.engineCounters().since(start).operationBlockReads().getAsLong();
    compaction.join();
    assertEquals(0, failures.get());
    assertTrue(reads >= perThread && reads <= 2.2 * perThread, "block reads of 2000 operations beyond the cache: "
        + reads + "; engine-wide misses including compaction's: " + loader.engineCounters().since(start).cacheMisses());
  }

  @Test
  void aDirectoryLockedByAnotherOpenIsRefusedNamingIt() throws Exception {
    var dir = folder.resolve("db");
    Files.createDirectories(dir);
    try (var options = new Options().setCreateIfMissing(true); var other = RocksDB.open(options, dir.toString())) {
      var client = new RocksDbClient();
      client.setProperties(properties());
      var e = assertThrows(DBException.class, client::init);
      assertTrue(e.getMessage().startsWith("rocksdb.dir='" + dir + "' is invalid: another process holds"),
          e.getMessage());
    }
  }

  /** In a YCSB install nothing else checks the input: the binding's init refuses a misspelt key, opening nothing. */
  @Test
  void aMisspeltKeyIsRefusedWithTheClosestKnownKey() {
    var client = new RocksDbClient();
    client.setProperties(properties("rocksdb.directoi", "false"));
    var e = assertThrows(DBException.class, client::init);
    assertTrue(e.getMessage().startsWith("rocksdb.directoi='*****' is invalid: unknown property (did you mean"
        + " rocksdb.directio?)"), e.getMessage());
    assertFalse(Files.exists(folder.resolve("db")), "nothing was created");
  }

  @Test
  void aMalformedOptionsFileIsRefusedNamingIt() throws Exception {
    var file = Files.writeString(folder.resolve("OPTIONS"), "[DBOptions]\n  this is not = an option\n");
    var client = new RocksDbClient();
    client.setProperties(properties(RocksDbSettings.OPTIONS_FILE, file.toString()));
    var e = assertThrows(DBException.class, client::init);
    assertTrue(e.getMessage().startsWith("rocksdb.optionsfile='" + file + "' is invalid: RocksDB cannot load it"),
        e.getMessage());
    assertFalse(Files.exists(folder.resolve("db").resolve("LOCK")) && isLocked(folder.resolve("db")),
        "a refused open leaves no engine open");
  }

  private static boolean isLocked(Path dir) {
    try (var options = new Options(); var db = RocksDB.open(options, dir.toString())) {
      return false;
    } catch (Exception e) {
      return String.valueOf(e.getMessage()).toLowerCase().contains("lock");
    }
  }
}
