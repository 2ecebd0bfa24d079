package io.github.ycsbstorage.oraclenosql;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.KvLite;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/** What only the oraclenosql binding promises, against a real KVLite; skipped without KVHOME. */
@ExtendWith(LiveStore.class)
class OracleNoSqlLiveTest {

  private static OracleNoSqlClient open(Properties extra) throws DBException {
    var properties = LiveStore.connection();
    properties.putAll(extra);
    var client = new OracleNoSqlClient();
    client.setProperties(properties);
    client.init();
    return client;
  }

  private static Map<String, ByteIterator> record(String key) {
    var values = new HashMap<String, ByteIterator>();
    values.put("field0", new ByteArrayByteIterator((key + "-0").getBytes(StandardCharsets.US_ASCII)));
    return values;
  }

  @Test
  void scanReturnsGlobalKeyOrderAcrossAllPartitions() throws DBException {
    var client = open(properties(OracleNoSqlSettings.TABLE, "scan_order", "fieldcount", "1"));
    try {
      assertEquals(Integer.toString(KvLite.PARTITIONS), client.serverInfo().details().get("partitions"));
      var numbers = IntStream.range(0, 600).boxed().collect(Collectors.toCollection(ArrayList::new));
      Collections.shuffle(numbers, new java.util.Random(42));
      for (int n : numbers) {
        assertEquals(Status.OK, client.insert("usertable", String.format("user%05d", n), record("k" + n)));
      }
      var rows = new Vector<HashMap<String, ByteIterator>>();
      assertEquals(Status.OK, client.scan("usertable", "user00100", 300, null, rows));
      var expected = IntStream.range(100, 400).mapToObj(n -> "k" + n + "-0").toList();
      assertEquals(expected, rows.stream().map(r -> r.get("field0").toString()).toList());

      // The binding asks each partition for a few rows only; kvclient must fetch more from a partition
      // whose rows run out before the merge is done. One row per request makes every partition do so.
      var store = LiveStore.client();
      try {
        var table = store.getTableAPI().getTable("scan_order");
        var range = table.createFieldRange(TableSchema.KEY_COLUMN).setStart("user00100", true);
        var iterator = store.getTableAPI().tableIterator(table.createPrimaryKey(), range.createMultiRowOptions(),
            new oracle.kv.table.TableIteratorOptions(oracle.kv.Direction.FORWARD, null, 0, null, 2, 1));
        var keys = new ArrayList<String>();
        while (keys.size() < 300 && iterator.hasNext()) {
          keys.add(iterator.next().get(TableSchema.KEY_COLUMN).asString().get());
        }
        iterator.close();
        assertEquals(IntStream.range(100, 400).mapToObj(n -> String.format("user%05d", n)).toList(), keys);
      } finally {
        store.close();
      }
    } finally {
      client.cleanup();
    }
  }

  @Test
  void aTableOfAnotherShapeIsRejectedWithTheDifference() throws DBException {
    open(properties(OracleNoSqlSettings.TABLE, "shape_check", "fieldcount", "3")).cleanup();
    var failure = assertThrows(DBException.class, () -> open(properties(OracleNoSqlSettings.TABLE, "shape_check",
        "fieldcount", "3", OracleNoSqlSettings.LAYOUT, "json")));
    assertTrue(failure.getMessage().startsWith("table shape_check exists with columns [ycsb_key STRING, "
        + "field0 STRING, field1 STRING, field2 STRING]"), failure.getMessage());
    assertTrue(failure.getMessage().contains("but layout=json and 3 fields need columns [ycsb_key STRING, "
        + "fields JSON]"), failure.getMessage());
    assertEquals(0, OracleNoSqlClient.SESSION.users(), "a failed init holds no session");
  }

  @Test
  void partialUpdatesOfAFewHotKeysByManyThreadsAllSucceedAndNoneIsLost() throws Exception {
    int threads = 32;
    int updates = 100;
    var keys = List.of("hot0", "hot1");
    var properties = properties(OracleNoSqlSettings.TABLE, "hot_keys", "fieldcount", Integer.toString(threads),
        "threadcount", Integer.toString(threads));
    var setup = open(properties);
    try {
      for (var key : keys) {
        var values = new HashMap<String, ByteIterator>();
        for (int f = 0; f < threads; f++) {
          values.put("field" + f, new ByteArrayByteIterator("-1".getBytes(StandardCharsets.US_ASCII)));
        }
        assertEquals(Status.OK, setup.insert("usertable", key, values));
      }
      // Each thread updates only its own field, so every read-merge-put races with the other threads'.
      var pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
      var futures = new ArrayList<java.util.concurrent.Future<Map<Status, Integer>>>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          var client = open(properties);
          var statuses = new HashMap<Status, Integer>();
          try {
            for (int i = 0; i < updates; i++) {
              var value = Map.<String, ByteIterator>of("field" + thread,
                  new ByteArrayByteIterator(Integer.toString(i).getBytes(StandardCharsets.US_ASCII)));
              statuses.merge(client.update("usertable", keys.get(i % keys.size()), new HashMap<>(value)), 1,
                  Integer::sum);
            }
          } finally {
            client.cleanup();
          }
          return statuses;
        }));
      }
      pool.shutdown();
      var total = new HashMap<Status, Integer>();
      for (var future : futures) {
        future.get(HangLimit.of(HangLimit.PROCESS).toNanos(), TimeUnit.NANOSECONDS).forEach((status, n) -> total.merge(status, n, Integer::sum));
      }
      assertEquals(Map.of(Status.OK, threads * updates), total);
      // No update was lost: each thread's field holds the last value it wrote to that key.
      for (int k = 0; k < keys.size(); k++) {
        var row = new HashMap<String, ByteIterator>();
        assertEquals(Status.OK, setup.read("usertable", keys.get(k), null, row));
        for (int t = 0; t < threads; t++) {
          int last = updates - keys.size() + k;
          assertEquals(Integer.toString(last), row.get("field" + t).toString(), keys.get(k) + " field" + t);
        }
      }
    } finally {
      setup.cleanup();
    }
  }

  @Test
  void aFailedBulkPutCountsEveryRecordThatIsNotInTheStore() throws Exception {
    var properties = properties(OracleNoSqlSettings.TABLE, "bulk_lost", "fieldcount", "1",
        OracleNoSqlSettings.BULK_PUT, "true", OracleNoSqlSettings.BULK_PUT_BATCH_SIZE, "10",
        OracleNoSqlSettings.BULK_PUT_PARALLELISM, "2");
    // A key longer than the store accepts (32,767 bytes) makes kvclient's bulk put fail as a whole.
    var keys = new ArrayList<String>();
    for (int i = 0; i < 15; i++) {
      keys.add(i == 3 || i == 12 ? "x".repeat(40_000) + i : "lost" + i);
    }
    long before = io.github.ycsbstorage.binding.LostRecords.total();
    var client = open(properties);
    var statuses = new ArrayList<Status>();
    DBException atCleanup = null;
    try {
      for (var key : keys) {
        statuses.add(client.insert("usertable", key, record(key)));
      }
    } finally {
      try {
        client.cleanup();
      } catch (DBException e) {
        atCleanup = e;
      }
    }
    assertEquals(Collections.nCopies(9, Status.BATCHED_OK), statuses.subList(0, 9));
    assertEquals(Status.ERROR, statuses.get(9), "the insert that sent the failed batch");
    assertEquals(Collections.nCopies(5, Status.BATCHED_OK), statuses.subList(10, 15));
    assertTrue(atCleanup != null && atCleanup.getMessage().startsWith("bulk put of the last batch: "),
        String.valueOf(atCleanup));

    // Counted independently: the rows this test's own handle does not find.
    var store = LiveStore.client();
    long absent = 0;
    try {
      var table = store.getTableAPI().getTable("bulk_lost");
      for (var key : keys) {
        var primaryKey = table.createPrimaryKey();
        primaryKey.put(TableSchema.KEY_COLUMN, key);
        try {
          absent += store.getTableAPI().get(primaryKey, null) == null ? 1 : 0;
        } catch (RuntimeException e) {
          absent++; // the oversized keys cannot even be read
        }
      }
    } finally {
      store.close();
    }
    // The binding put both failed batches again row by row: only the two oversized rows are missing.
    assertEquals(2, absent);
    assertEquals(absent, io.github.ycsbstorage.binding.LostRecords.total() - before);
    assertTrue(atCleanup.getMessage().startsWith("bulk put of the last batch: 1 of 5 records not stored: "
        + "Serialized key length:"), atCleanup.getMessage());
  }

  @Test
  void everyConsistencyAndDurabilityFormWorksAgainstTheStore() throws DBException {
    for (var setting : List.of(
        properties(OracleNoSqlSettings.CONSISTENCY, "absolute", OracleNoSqlSettings.DURABILITY, "commit_sync"),
        properties(OracleNoSqlSettings.CONSISTENCY, "none_required", OracleNoSqlSettings.DURABILITY, "commit_no_sync"),
        properties(OracleNoSqlSettings.CONSISTENCY, "time:1s:5s", OracleNoSqlSettings.DURABILITY,
            "write_no_sync,no_sync,simple_majority"),
        properties(OracleNoSqlSettings.CONSISTENCY, "version:5s", OracleNoSqlSettings.DURABILITY,
            "commit_write_no_sync"),
        // YCSB's nosqldb names, as its users have them in their property files.
        properties("storeName", KvLite.STORE, "helperHost", LiveStore.store().helperHost(), "consistency", "ABSOLUTE",
            "durability", "COMMIT_NO_SYNC", "requestTimeout", "10"))) {
      // The nosqldb names carry the connection themselves; the others use the test's connection.
      var properties = setting.containsKey("storeName") ? new Properties() : LiveStore.connection();
      properties.putAll(setting);
      properties.setProperty(OracleNoSqlSettings.TABLE, "consistency_check");
      properties.setProperty("fieldcount", "1");
      var client = new OracleNoSqlClient();
      client.setProperties(properties);
      client.init();
      try {
        assertEquals(Status.OK, client.insert("usertable", "user1", record("v")), setting::toString);
        var result = new HashMap<String, ByteIterator>();
        assertEquals(Status.OK, client.read("usertable", "user1", Set.of("field0"), result), setting::toString);
        assertEquals("v-0", result.get("field0").toString());
        assertEquals(Status.OK, client.delete("usertable", "user1"));
      } finally {
        client.cleanup();
      }
    }
  }

  @Test
  void theMavenCentralClientIsRefusedWithAdviceInInit() throws Exception {
    var oldClient = System.getProperty("oraclenosql.maven.client.classpath", "");
    assumeTrue(oldClient.contains("oracle-nosql-client-18.3.10.jar"),
        "kvclient 18.3.10 not on system property oraclenosql.maven.client.classpath: " + oldClient);
    var kvhome = Path.of(System.getenv("KVHOME")).toAbsolutePath().toString();
    var classpath = Arrays.stream(System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")).split(File.pathSeparator))
        .filter(entry -> !entry.startsWith(kvhome))
        .collect(Collectors.toCollection(ArrayList::new));
    classpath.add(oldClient);
    var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String output;
    try (var process = ProcessRun.start(new ProcessBuilder(java, "-cp", String.join(File.pathSeparator, classpath),
        IncompatibleClientMain.class.getName(), LiveStore.store().helperHost()).redirectErrorStream(true))) {
      process.finish();
      output = process.stdout();
    }
    assertTrue(output.contains("INIT FAILED: The Oracle NoSQL store refuses this kvclient: loaded "), output);
    assertTrue(output.contains("oracle-nosql-client-18.3.10.jar (kvclient 18.3."), output);
    assertTrue(output.contains("the server requires at least 22.3.11"), output);
    assertTrue(output.contains("Set KVHOME to the Oracle NoSQL installation that matches the store"), output);
  }
}
