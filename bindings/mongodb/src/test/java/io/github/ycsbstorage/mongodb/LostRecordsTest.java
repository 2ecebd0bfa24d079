package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import io.github.ycsbstorage.testkit.ProcessRun;
import io.github.ycsbstorage.testkit.TestProperties;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.DBWrapper;
import site.ycsb.Utils;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Every record a batched load did not store is counted as failed, exactly, in YCSB's own
 * {@code [INSERT], Return=...} counts: through YCSB 0.17.0's own {@code Client} (4 threads, batches
 * of 1,000, keys that already exist) and through its {@code DBWrapper} with the server stopped while
 * records are buffered.
 */
class LostRecordsTest {
  private static final Map<String, ByteIterator> VALUES = Map.of("field0", new ByteArrayByteIterator(new byte[10]));

  @BeforeAll
  static void ycsbMeasurements() {
    // What YCSB's Client does before any DB exists: the binding corrects these counts.
    Measurements.setProperties(new Properties());
  }

  /** YCSB 0.17.0's {@code site.ycsb.Client} loading through the binding in its own JVM. */
  private record Load(Map<String, Long> returnCodes, String stderr) {
  }

  private Load ycsbLoad(String url, String... extra) throws IOException, InterruptedException {
    var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "site.ycsb.Client", "-load",
        "-db", MongoDbClient.class.getName(), "-threads", "4",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=4000", "-p", "fieldcount=2",
        "-p", "fieldlength=10", "-p", MongoDbSettings.URL + "=" + url,
        "-p", MongoDbSettings.SERVER_SELECTION_TIMEOUT + "=" + HangLimit.timeout(Duration.ofSeconds(5))));
    for (var setting : extra) {
      command.add("-p");
      command.add(setting);
    }
    try (var ycsb = ProcessRun.start(new ProcessBuilder(command))) {
      int exitCode = ycsb.finish();
      var codes = new TreeMap<String, Long>();
      for (var line : ycsb.stdout().lines().toList()) {
        if (line.startsWith("[INSERT], Return=")) {
          var parts = line.split(", ");
          codes.put(parts[1].substring("Return=".length()), Long.parseLong(parts[2]));
        }
      }
      assertEquals(0, exitCode, ycsb.stderr());
      return new Load(codes, ycsb.stderr());
    }
  }

  private static void existing(MongoServerExtension mongo, long... keyNumbers) {
    var table = mongo.database("ycsb").getCollection("usertable");
    for (long n : keyNumbers) {
      table.insertOne(new Document("_id", "user" + Utils.hash(n)));
    }
  }

  private static void assertShortLines(String stderr) {
    stderr.lines().forEach(line -> assertTrue(line.length() < 600, "a " + line.length() + "-character line: "
        + line.substring(0, Math.min(200, line.length()))));
  }

  @Test
  void aBatchedLoadOfKeysThatAllExistCountsEveryRecordAsFailed() throws Exception {
    try (var mongo = MongoServerExtension.started()) {
      var all = new long[4000];
      for (int n = 0; n < all.length; n++) {
        all[n] = n;
      }
      existing(mongo, all);

      var load = ycsbLoad(mongo.url("ycsb"), MongoDbSettings.BATCH_SIZE + "=1000");

      assertEquals(Map.of("BATCHED_OK", 0L, "ERROR", 4000L), load.returnCodes());
      assertTrue(load.stderr().contains("mongodb: 4000 records not stored"), load.stderr());
      assertTrue(load.stderr().contains("mongodb: insert batch failed (1000 of 1000 records not stored, "), load.stderr());
      assertShortLines(load.stderr());
      assertEquals(4000, mongo.database("ycsb").getCollection("usertable").countDocuments());
    }
  }

  @Test
  void aFewDuplicatesInBatchesCountExactlyThoseAsFailed() throws Exception {
    try (var mongo = MongoServerExtension.started()) {
      existing(mongo, 7, 500, 1001, 1999, 2000, 2500, 3001, 3333, 3998, 3999);

      var load = ycsbLoad(mongo.url("ycsb"), MongoDbSettings.BATCH_SIZE + "=1000");

      var codes = load.returnCodes();
      assertEquals(10L, codes.get("ERROR"), codes.toString());
      assertEquals(3990L, codes.getOrDefault("OK", 0L) + codes.get("BATCHED_OK"), codes.toString());
      assertEquals(4000L, codes.values().stream().mapToLong(Long::longValue).sum(), codes.toString());
      assertTrue(load.stderr().contains("mongodb: 10 records not stored"), load.stderr());
      assertEquals(4000, mongo.database("ycsb").getCollection("usertable").countDocuments());
    }
  }

  @Test
  void anUnbatchedFailureIsCountedByItsOwnCallOnly() throws Exception {
    try (var mongo = MongoServerExtension.started()) {
      // YCSB's load threads stop at their first failed insert: each of the 4 fails on its first key.
      existing(mongo, 0, 1, 2, 3);
      var load = ycsbLoad(mongo.url("ycsb"));
      assertEquals(Map.of("ERROR", 4L), load.returnCodes());
      assertTrue(!load.stderr().contains("records not stored"), load.stderr());
    }
  }

  /** YCSB's return-code counts of INSERT so far in this JVM (the measurements are a singleton). */
  private static Map<String, Long> insertCodes() throws IOException {
    var bytes = new ByteArrayOutputStream();
    var exporter = new TextMeasurementsExporter(bytes);
    Measurements.getMeasurements().exportMeasurements(exporter);
    exporter.close();
    var codes = new HashMap<String, Long>();
    bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("[INSERT], Return=")).forEach(line -> {
      var parts = line.split(", ");
      codes.put(parts[1].substring("Return=".length()), Long.parseLong(parts[2]));
    });
    return codes;
  }

  private static Map<String, Long> difference(Map<String, Long> after, Map<String, Long> before) {
    var delta = new TreeMap<String, Long>();
    after.forEach((code, count) -> {
      long d = count - before.getOrDefault(code, 0L);
      if (d != 0) {
        delta.put(code, d);
      }
    });
    return delta;
  }

  /**
   * A client whose wait for a server also bounds how long a write to the stopped server takes to
   * fail; it must still let init() connect on a busy machine, so it is a hang limit, not a speed.
   */
  private static DBWrapper wrapped(MongoServerExtension mongo, String batchSize) throws DBException {
    var db = new DBWrapper(new MongoDbClient(), new Tracer.Builder("test").conf(HTraceConfiguration.EMPTY).build());
    db.setProperties(TestProperties.with(TestConnection.properties(mongo), MongoDbSettings.BATCH_SIZE, batchSize,
        MongoDbSettings.SERVER_SELECTION_TIMEOUT, HangLimit.timeout(Duration.ofSeconds(5))));
    db.init();
    return db;
  }

  @Test
  void aServerStoppedWhileRecordsAreBufferedCountsTheWholeBatchLost() throws Exception {
    try (var mongo = MongoServerExtension.started()) {
      var before = insertCodes();
      var db = wrapped(mongo, "100");
      for (int n = 0; n < 150; n++) {
        db.insert("usertable", "user" + n, VALUES);
      }
      assertEquals(100, mongo.database("ycsb").getCollection("usertable").countDocuments());
      mongo.stop();
      for (int n = 150; n < 200; n++) {
        db.insert("usertable", "user" + n, VALUES);
      }
      assertEquals(Map.of("BATCHED_OK", 99L, "OK", 1L, "SERVICE_UNAVAILABLE", 100L),
          difference(insertCodes(), before));
      db.cleanup();
    }
  }

  @Test
  void aLastBatchThatFailsAtCleanupCountsItsRecordsLost() throws Exception {
    try (var mongo = MongoServerExtension.started()) {
      var before = insertCodes();
      var db = wrapped(mongo, "100");
      for (int n = 0; n < 130; n++) {
        db.insert("usertable", "user" + n, VALUES);
      }
      mongo.stop();
      try {
        db.cleanup();
        throw new AssertionError("cleanup must fail when the last batch is lost");
      } catch (DBException expected) {
        assertEquals("mongodb: the last batch of 30 inserts failed (SERVICE_UNAVAILABLE); 30 records of this thread"
            + " were not stored", expected.getMessage());
      }
      assertEquals(Map.of("BATCHED_OK", 99L, "OK", 1L, "SERVICE_UNAVAILABLE", 30L),
          difference(insertCodes(), before));
    }
  }
}
