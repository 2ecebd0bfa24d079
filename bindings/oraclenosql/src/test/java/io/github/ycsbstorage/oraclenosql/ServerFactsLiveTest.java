package io.github.ycsbstorage.oraclenosql;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.testkit.KvLite;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import oracle.kv.KVVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** The store describes itself to the binding: checked against what the test measures itself. Needs KVHOME. */
@ExtendWith(LiveStore.class)
class ServerFactsLiveTest {

  @Test
  void serverInfoHasTheVersionMemoryCacheAndStorageDirectoryWithTheirSources() throws Exception {
    var client = new OracleNoSqlClient();
    client.setProperties(LiveStore.connection());
    client.init();
    try {
      var info = client.serverInfo();
      System.out.println("[oraclenosql] " + info);
      // The installation's own version: the kvclient of the same KVHOME.
      assertEquals(KVVersion.CURRENT_VERSION.getNumericVersionString(), info.version().orElseThrow());
      assertEquals(Locality.LOCAL, info.locality());
      assertEquals("true", info.details().get("kvlite"));
      assertEquals("1", info.details().get("replicationFactor"));
      assertEquals(Integer.toString(KvLite.PARTITIONS), info.details().get("partitions"));

      // The storage node's memory as KVLite was told (-memorymb).
      var ram = info.ram().orElseThrow();
      assertEquals((long) KvLite.MEMORY_MB << 20, ram.bytes());
      assertTrue(ram.source().startsWith("sn1 memoryMB=1024 (show parameters -service sn1"), ram.source());

      // JE's cache: rnCachePercent 70 % of the kvlite JVM's heap, exact from the internal interface
      // (JE takes 70 % of Runtime.maxMemory(), which some collectors report a little below -Xmx).
      var cache = info.cache().orElseThrow();
      assertTrue(cache.bytes() <= KvLite.HEAP_BYTES * 70 / 100 && cache.bytes() > KvLite.HEAP_BYTES * 65 / 100,
          cache.toString());
      assertTrue(cache.source().contains("rg1-rn1 JE cache size") && cache.source().contains("internal"),
          cache.source());

      // The storage directory is this host's, and the data path is the replication node's environment.
      var directory = info.storageDirectories().get(0);
      assertEquals(KvLite.STORE, info.details().get("store"));
      assertEquals(LiveStore.store().root().resolve(KvLite.STORE).resolve("sn1").toString(), directory.path());
      assertEquals(Locality.LOCAL, directory.locality());
      assertEquals(1L << 30, directory.sizeBytes().orElseThrow(), "-storagedirsizegb 1");
      assertEquals(LiveStore.store().environment().toString(), info.dataPath().orElseThrow());
      assertEquals(1, info.nodes().size());
      assertEquals(1, info.nodes().get(0).capacity().orElseThrow());
      assertTrue(info.unknown().isEmpty(), info.unknown().toString());
    } finally {
      client.cleanup();
    }
  }

  @Test
  void theStoresSizeOnDiskAfterALoadIsWithinTenPercentOfDuOfItsEnvironment() throws Exception {
    var client = new OracleNoSqlClient();
    client.setProperties(withTable("achieved_size"));
    client.init();
    try {
      var value = new byte[1000];
      for (int i = 0; i < 20_000; i++) {
        var values = new HashMap<String, ByteIterator>();
        java.util.Arrays.fill(value, (byte) ('a' + i % 26));
        values.put("field0", new ByteArrayByteIterator(value));
        assertEquals(Status.OK, client.insert("usertable", "user" + i, values));
      }
      var size = client.datasetSize();
      long du = du(LiveStore.store().environment());
      System.out.println("[oraclenosql] " + size + "; du " + du);
      long reported = size.storageBytes().orElseThrow();
      assertTrue(Math.abs(reported - du) <= du / 10, "reported " + reported + " vs du " + du);
      assertTrue(reported > 20_000 * 1000L, "holds at least the payload: " + reported);
      assertTrue(size.source().contains("JE log files of rg1-rn1") && size.source().contains("internal"), size.source());
    } finally {
      client.cleanup();
    }
  }

  private static java.util.Properties withTable(String table) {
    var properties = LiveStore.connection();
    properties.putAll(properties(OracleNoSqlSettings.TABLE, table, "fieldcount", "1"));
    return properties;
  }

  /** Disk usage in bytes as {@code du} counts it. */
  static long du(Path directory) throws Exception {
    String output;
    try (var du = ProcessRun.start(new ProcessBuilder("du", "-s", "--block-size=1", directory.toString()))) {
      assertEquals(0, du.finish(), du::describe);
      output = du.stdout();
    }
    assertTrue(Files.isDirectory(directory), directory.toString());
    return Long.parseLong(output.trim().split("\\s+")[0]);
  }
}
