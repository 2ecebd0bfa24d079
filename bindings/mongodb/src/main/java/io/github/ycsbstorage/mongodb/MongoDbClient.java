package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.internal.build.MongoDriverVersion;
import io.github.ycsbstorage.binding.RateLimitedWarning;
import io.github.ycsbstorage.binding.LostRecords;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import org.bson.codecs.configuration.CodecRegistries;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The {@code mongodb} binding: YCSB operations on mongodb-driver-sync 5.x. Documents have the YCSB
 * key as {@code _id} and one field per YCSB field ({@link FieldType}). Write concern, read
 * preference and read concern come from the URL unless {@code mongodb.*} overrides them, and apply
 * to every operation. Failures answer a YCSB status ({@link StatusMapping}) and one rate-limited
 * warning line, never a stack trace per operation.
 *
 * <p>YCSB creates one instance per client thread; each instance is confined to its thread, while
 * the {@code MongoClient} underneath is shared by all instances of the JVM ({@link SharedClient}).
 * {@link #serverInfo()} and {@link #datasetSize()} may be called from any thread after {@code init()}.
 */
public class MongoDbClient extends DB implements ServerInfoProvider {
  private static final RateLimitedWarning WARNING = new RateLimitedWarning("mongodb", 5_000);
  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);
  private static final Document ASCENDING_ID = new Document("_id", 1);
  /** Instances between init() and cleanup(): the last cleanup of a phase prints its summary. */
  private static final AtomicInteger OPEN_INSTANCES = new AtomicInteger();

  private MongoDbSettings settings;
  private volatile SharedClient lease;
  private MongoDatabase database;
  private final Map<String, MongoCollection<Document>> collections = new HashMap<>();
  private final Map<String, MongoCollection<StoredFields>> readCollections = new HashMap<>();
  private InsertBatch batch;

  @Override
  public void init() throws DBException {
    if (lease != null) {
      return;
    }
    try {
      settings = MongoDbSettings.from(getProperties());
    } catch (InvalidPropertyException e) {
      throw new DBException(e.getMessage(), e);
    }
    lease = SharedClient.acquire(settings);
    OPEN_INSTANCES.incrementAndGet();
    var db = lease.client().getDatabase(settings.database());
    db = settings.writeConcern().map(db::withWriteConcern).orElse(db);
    db = settings.readPreference().map(db::withReadPreference).orElse(db);
    db = settings.readConcern().map(db::withReadConcern).orElse(db);
    database = db.withCodecRegistry(CodecRegistries.fromRegistries(
        CodecRegistries.fromCodecs(new StoredFieldsCodec()), db.getCodecRegistry()));
    batch = settings.batching()
        ? new InsertBatch(settings.batchSize(), settings.upsert(), WARNING)
        : null;
  }

  /**
   * Sends every buffered insert, then gives up this instance's use of the shared client; the last
   * instance of the JVM says how many records were not stored, if any. Idempotent.
   */
  @Override
  public void cleanup() throws DBException {
    var held = lease;
    if (held == null) {
      return;
    }
    try {
      if (batch != null) {
        int pending = batch.pending();
        var status = batch.flush();
        if (!status.isOk()) {
          throw new DBException("mongodb: the last batch of " + pending + " inserts failed (" + status.getName()
              + "); " + batch.lostRecords() + " records of this thread were not stored");
        }
      }
    } finally {
      lease = null;
      collections.clear();
      readCollections.clear();
      held.close();
      if (OPEN_INSTANCES.decrementAndGet() == 0 && LostRecords.total() > 0) {
        System.err.println("[mongodb] " + LostRecords.total() + " records not stored");
      }
    }
  }

  private MongoCollection<Document> collection(String table) {
    return collections.computeIfAbsent(table, database::getCollection);
  }

  /** The same collection, decoding documents straight into {@link StoredFields}. */
  private MongoCollection<StoredFields> readCollection(String table) {
    return readCollections.computeIfAbsent(table, name -> database.getCollection(name, StoredFields.class));
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      var find = readCollection(table).find(new Document("_id", key));
      if (fields != null) {
        find = find.projection(projection(fields));
      }
      var stored = find.first();
      if (stored == null) {
        return Status.NOT_FOUND;
      }
      stored.copyTo(result);
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      var find = readCollection(table).find(new Document("_id", new Document("$gte", startkey)))
          .sort(ASCENDING_ID).limit(recordcount).batchSize(recordcount);
      if (fields != null) {
        find = find.projection(projection(fields));
      }
      try (var cursor = find.iterator()) {
        while (cursor.hasNext()) {
          var row = new HashMap<String, ByteIterator>();
          cursor.next().copyTo(row);
          result.add(row);
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("scan", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      var outcome = collection(table).updateOne(new Document("_id", key), new Document("$set", fields(new Document(), values)));
      return outcome.wasAcknowledged() && outcome.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      var document = fields(new Document("_id", key), values);
      var target = collection(table);
      if (batch != null) {
        return batch.add(target, document);
      }
      if (settings.upsert()) {
        target.replaceOne(new Document("_id", key), document, UPSERT);
      } else {
        target.insertOne(document);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      var outcome = collection(table).deleteOne(new Document("_id", key));
      return outcome.wasAcknowledged() && outcome.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return failed("delete", e);
    }
  }

  @Override
  public ServerInfo serverInfo() throws DBException {
    return ServerFacts.serverInfo(requireLease().client());
  }

  @Override
  public DatasetSize datasetSize() throws DBException {
    requireLease();
    return ServerFacts.datasetSize(database, settings.table());
  }

  @Override
  public Optional<String> flush() throws DBException {
    var lease = requireLease();
    try {
      ServerFacts.fsync(lease.client());
      return Optional.of("fsync");
    } catch (MongoCommandException e) {
      throw new DBException("fsync: " + e.getErrorCodeName() + ": " + e.getErrorMessage(), e);
    } catch (RuntimeException e) {
      throw new DBException("fsync: " + e.getMessage(), e);
    }
  }

  /**
   * BSON bytes per document beyond the key and the values: the document's length and terminator,
   * the {@code _id} element's type, name and string framing, and per field its type, name
   * ({@code field0}, {@code field1}, ...) and value framing. Indexes and compression are not counted.
   */
  @Override
  public long recordOverheadEstimate(int fieldCount) {
    long overhead = 4 + 1 + (1 + 4 + 4 + 1);
    for (int i = 0; i < fieldCount; i++) {
      // type byte + "fieldN\0" + int32 length + (binary subtype | string terminator)
      overhead += 1 + ("field" + i).length() + 1 + 4 + 1;
    }
    return overhead;
  }

  /** The driver's version as it reports it to the server in its handshake. */
  @Override
  public Optional<String> driverVersion() {
    return Optional.of(MongoDriverVersion.VERSION);
  }

  /** Records lost by failed batches of this instance; for tests and diagnostics. */
  long lostRecords() {
    return batch == null ? 0 : batch.lostRecords();
  }

  /** The collection an operation on {@code table} uses, with its concerns; for tests. */
  MongoCollection<Document> collectionForTest(String table) {
    return collection(table);
  }

  /** The shared client this instance uses; for tests. */
  com.mongodb.client.MongoClient clientForTest() {
    return lease.client();
  }

  private SharedClient requireLease() throws DBException {
    var held = lease;
    if (held == null) {
      throw new DBException("mongodb: init() has not been called or cleanup() has run");
    }
    return held;
  }

  /** {@code document} with the values added in the configured {@link FieldType}. */
  private Document fields(Document document, Map<String, ByteIterator> values) {
    var type = settings.fieldType();
    for (var entry : values.entrySet()) {
      document.put(entry.getKey(), type.encode(entry.getValue().toArray()));
    }
    return document;
  }

  private static Document projection(Set<String> fields) {
    var projection = new Document("_id", 0);
    for (var field : fields) {
      projection.put(field, 1);
    }
    return projection;
  }

  private static Status failed(String operation, RuntimeException e) {
    WARNING.warn(operation, e);
    return StatusMapping.of(e);
  }
}
