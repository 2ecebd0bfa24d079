package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import io.github.ycsbstorage.testkit.TestProperties;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.DocumentCodec;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/** MongoDB-specific behaviour of the binding, against mongo-java-server in-process. */
class MongoDbClientTest {
  private static final String TABLE = "usertable";
  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();
  private final List<MongoDbClient> opened = new ArrayList<>();


  @BeforeEach
  void emptyTable() {
    table().drop();
  }

  @AfterEach
  void cleanup() throws DBException {
    for (var db : opened) {
      db.cleanup();
    }
  }

  /** The binding's table, seen through the server's inspecting client. */
  private static MongoCollection<Document> table() {
    return mongo.database(TestConnection.DATABASE).getCollection(TABLE);
  }

  private MongoDbClient open(String... keyValues) throws DBException {
    var props = TestProperties.with(TestConnection.properties(mongo), keyValues);
    var db = new MongoDbClient();
    db.setProperties(props);
    db.init();
    opened.add(db);
    return db;
  }

  private static Map<String, ByteIterator> values(String... fieldValues) {
    var values = new HashMap<String, ByteIterator>();
    for (int i = 0; i < fieldValues.length; i += 2) {
      values.put(fieldValues[i], new ByteArrayByteIterator(fieldValues[i + 1].getBytes(StandardCharsets.ISO_8859_1)));
    }
    return values;
  }

  @Test
  void valuesAreStoredAsBsonBinaryByDefault() throws DBException {
    var db = open();
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", "abc")));
    var stored = table().find(new Document("_id", "user1")).first();
    assertEquals(new Document("_id", "user1").append("field0", new Binary("abc".getBytes(StandardCharsets.US_ASCII))),
        stored);
  }

  @Test
  void valuesAreStoredAsStringsWhenAskedAndStillRoundTripEveryByte() throws DBException {
    var db = open("mongodb.fieldtype", "string");
    var all = new byte[256];
    for (int i = 0; i < all.length; i++) {
      all[i] = (byte) i;
    }
    var map = new HashMap<String, ByteIterator>();
    map.put("field0", new ByteArrayByteIterator("plain text".getBytes(StandardCharsets.US_ASCII)));
    map.put("field1", new ByteArrayByteIterator(all));
    assertEquals(Status.OK, db.insert(TABLE, "user1", map));
    var stored = table().find(new Document("_id", "user1")).first();
    assertEquals("plain text", stored.get("field0"));
    var result = new HashMap<String, ByteIterator>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, result));
    assertArrayEquals(all, result.get("field1").toArray());
  }

  @Test
  void insertOfAnExistingKeyIsAnErrorUnlessUpserting() throws DBException {
    var db = open();
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", "v1")));
    assertEquals(Status.ERROR, db.insert(TABLE, "user1", values("field0", "v2")));
    var upserting = open("mongodb.upsert", "true");
    assertEquals(Status.OK, upserting.insert(TABLE, "user1", values("field1", "v3")));
    assertEquals(Status.OK, upserting.insert(TABLE, "user2", values("field0", "v4")));
    assertEquals(new Document("_id", "user1").append("field1", new Binary("v3".getBytes(StandardCharsets.US_ASCII))),
        table().find(new Document("_id", "user1")).first());
    assertEquals(2, table().countDocuments());
  }

  @Test
  void batchedUpsertsReplaceExistingDocuments() throws DBException {
    table().insertOne(new Document("_id", "user0").append("old", "x"));
    var db = open("mongodb.batchsize", "3", "mongodb.upsert", "true");
    assertEquals(Status.BATCHED_OK, db.insert(TABLE, "user0", values("field0", "a")));
    assertEquals(Status.BATCHED_OK, db.insert(TABLE, "user1", values("field0", "b")));
    assertEquals(Status.OK, db.insert(TABLE, "user2", values("field0", "c")));
    assertEquals(Status.BATCHED_OK, db.insert(TABLE, "user3", values("field0", "d")));
    db.cleanup();
    assertEquals(4, table().countDocuments());
    assertEquals(new Document("_id", "user0").append("field0", new Binary("a".getBytes(StandardCharsets.US_ASCII))),
        table().find(new Document("_id", "user0")).first());
  }

  @Test
  void ycsbsBatchsizeSpellingBatchesToo() throws DBException {
    var db = open("batchsize", "2");
    assertEquals(Status.BATCHED_OK, db.insert(TABLE, "user1", values("field0", "a")));
    assertEquals(Status.OK, db.insert(TABLE, "user2", values("field0", "b")));
    assertEquals(2, table().countDocuments());
  }

  @Test
  void aFailedBatchCountsTheRecordsItLost() throws DBException {
    table().insertOne(new Document("_id", "user2"));
    var db = open("mongodb.batchsize", "4");
    for (int n = 0; n < 3; n++) {
      assertEquals(Status.BATCHED_OK, db.insert(TABLE, "user" + n, values("field0", "v")));
    }
    assertEquals(Status.ERROR, db.insert(TABLE, "user3", values("field0", "v")));
    assertEquals(1, db.lostRecords(), "only the duplicate is lost: the batch is unordered");
    assertEquals(4, table().countDocuments());
  }

  @Test
  void aFailedLastBatchMakesCleanupFailNamingTheLoss() throws DBException {
    table().insertOne(new Document("_id", "user1"));
    var db = open("mongodb.batchsize", "10");
    for (int n = 0; n < 3; n++) {
      assertEquals(Status.BATCHED_OK, db.insert(TABLE, "user" + n, values("field0", "v")));
    }
    var failure = assertThrows(DBException.class, db::cleanup);
    assertEquals("mongodb: the last batch of 3 inserts failed (ERROR); 1 records of this thread were not stored",
        failure.getMessage());
    assertEquals(3, table().countDocuments());
    db.cleanup(); // already released: nothing left to do
  }

  @Test
  void writeConcernReadPreferenceAndReadConcernOverridesReachEveryOperation() throws DBException {
    var db = open("mongodb.writeconcern", "journaled", "mongodb.readpreference", "primaryPreferred",
        "mongodb.readconcern", "local");
    var collection = db.collectionForTest(TABLE);
    assertEquals(WriteConcern.JOURNALED, collection.getWriteConcern());
    assertEquals(ReadPreference.primaryPreferred(), collection.getReadPreference());
    assertEquals(ReadConcern.LOCAL, collection.getReadConcern());
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", "a")));
    assertEquals(Status.OK, db.update(TABLE, "user1", values("field0", "b")));
    assertEquals(Status.OK, db.read(TABLE, "user1", null, new HashMap<>()));
    assertEquals(Status.OK, db.delete(TABLE, "user1"));
  }

  @Test
  void singleRecordOperationsAreCommandsUnlessTheDriverMustRetryOrNotWaitForAReply() throws DBException {
    var url = mongo.url(TestConnection.DATABASE) + "?w=1";
    var plain = open();
    assertTrue(plain.readsByCommand() && plain.writesByCommand());
    var retrying = open("mongodb.url", url + "&retryReads=true&retryWrites=true");
    assertTrue(!retrying.readsByCommand() && !retrying.writesByCommand(), "the driver retries, commands would not");
    var notRetrying = open("mongodb.url", url + "&retryReads=false&retryWrites=false");
    assertTrue(notRetrying.readsByCommand() && notRetrying.writesByCommand());
    var unacknowledged = open("mongodb.writeconcern", "unacknowledged");
    assertTrue(unacknowledged.readsByCommand() && !unacknowledged.writesByCommand(),
        "w:0 has no reply to wait for: the driver sends it without waiting");
  }

  @Test
  void theUrlsWriteConcernAppliesWhenNotOverridden() throws DBException {
    var db = open("mongodb.url", mongo.url(TestConnection.DATABASE) + "?w=majority");
    assertEquals(WriteConcern.MAJORITY, db.collectionForTest(TABLE).getWriteConcern());
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", "a")));
    assertEquals(Status.OK, db.delete(TABLE, "user1"), "YCSB master's delete always failed here");
  }

  @Test
  void allInstancesShareOneClientUntilTheLastCleanup() throws DBException {
    var first = open("threadcount", "300");
    var second = open("threadcount", "300");
    assertSame(first.clientForTest(), second.clientForTest());
    var shared = first.clientForTest();
    first.cleanup();
    second.cleanup();
    var third = open();
    assertNotSame(shared, third.clientForTest(), "the last cleanup closed the client; a new one was opened");
    assertEquals(Status.NOT_FOUND, third.read(TABLE, "absent", null, new HashMap<>()));
  }

  @Test
  void scanReadsAtMostTheLimitInKeyOrder() throws DBException {
    var db = open();
    for (var key : List.of("user5", "user1", "user3", "user2", "user4")) {
      assertEquals(Status.OK, db.insert(TABLE, key, values("field0", key)));
    }
    var rows = new java.util.Vector<HashMap<String, ByteIterator>>();
    assertEquals(Status.OK, db.scan(TABLE, "user2", 3, null, rows));
    assertEquals(List.of("user2", "user3", "user4"),
        rows.stream().map(r -> new String(r.get("field0").toArray(), StandardCharsets.US_ASCII)).toList());
  }

  @Test
  void theRecordOverheadEstimateIsTheExactBsonFraming() {
    var db = new MongoDbClient();
    for (int fields : new int[] {1, 10, 12}) {
      var document = new Document("_id", "user123456789");
      int payload = "user123456789".length();
      for (int f = 0; f < fields; f++) {
        document.put("field" + f, new Binary(new byte[100]));
        payload += 100;
      }
      var encoded = new RawBsonDocument(document, new DocumentCodec());
      assertEquals(encoded.getByteBuffer().remaining() - payload, db.recordOverheadEstimate(fields),
          fields + " fields");
    }
  }

  @Test
  void badPropertiesFailInitNamingTheProperty() {
    var db = new MongoDbClient();
    var props = TestConnection.properties(mongo);
    props.setProperty("mongodb.readconcern", "eventual");
    db.setProperties(props);
    var failure = assertThrows(DBException.class, db::init);
    assertInstanceOf(io.github.ycsbstorage.config.InvalidPropertyException.class, failure.getCause());
    assertTrue(failure.getMessage().startsWith("mongodb.readconcern='eventual' is invalid"), failure.getMessage());
  }

  @Test
  void serverInfoAndDatasetSizeBeforeInitAreRefused() {
    var db = new MongoDbClient();
    assertThrows(DBException.class, db::serverInfo);
    assertThrows(DBException.class, db::datasetSize);
  }

  @Test
  void valuesOfOtherTypesReadAsTheirText() throws DBException {
    table().insertOne(new Document("_id", "user1").append("n", 42));
    var db = open();
    var result = new HashMap<String, ByteIterator>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, result));
    assertEquals("42", new String(result.get("n").toArray(), StandardCharsets.UTF_8));
  }

  /**
   * In a YCSB install nothing else checks the input: every client thread's init refuses a misspelt key of
   * any namespace with the launcher's message, checked once for all of them.
   */
  @Test
  void aMisspeltKeyOfAnyNamespaceIsRefusedByEveryThreadsInitWithTheClosestKnownKey() {
    var meant = Map.of("mongodb.batchsise", "mongodb.batchsize", "storage.dataset.ration", "storage.dataset.ratio",
        "collector.intervall", "collector.interval");
    meant.forEach((misspelt, key) -> {
      for (int thread = 0; thread < 2; thread++) {
        var e = assertThrows(DBException.class, () -> open(misspelt, "2"));
        assertTrue(e.getMessage().startsWith(misspelt + "='*****' is invalid: unknown property (did you mean "
            + key + "?)"), e.getMessage());
      }
    });
  }
}
