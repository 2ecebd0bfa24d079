package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.internal.build.MongoDriverVersion;
import io.github.ycsbstorage.binding.RateLimitedWarning;
import io.github.ycsbstorage.binding.LostRecords;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
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
  private static final BsonDocument ASCENDING_ID = new BsonDocument("_id", new BsonInt32(1));
  /** Instances between init() and cleanup(): the last cleanup of a phase prints its summary. */
  private static final AtomicInteger OPEN_INSTANCES = new AtomicInteger();

  private MongoDbSettings settings;
  private volatile SharedClient lease;
  private MongoDatabase database;
  private RecordCommands commands;
  /** Reads as {@code find} commands; false when the URL asks for the driver's retryable reads. */
  private boolean readByCommand;
  /** Writes as commands; false for w:0 (no reply to read) or the driver's retryable writes. */
  private boolean writeByCommand;
  private final Map<String, MongoCollection<BsonDocument>> collections = new HashMap<>();
  private final Map<String, MongoCollection<StoredFields>> readCollections = new HashMap<>();
  private InsertBatch batch;

  @Override
  public void init() throws DBException {
    if (lease != null) {
      return;
    }
    try {
      NamespaceValidator.validateOnce(getProperties()); // in a YCSB install nothing else checks the input
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
        CodecRegistries.fromCodecs(new StoredFieldsCodec(), new FindReplyCodec(), new WriteReplyCodec()),
        db.getCodecRegistry()));
    commands = new RecordCommands(settings.fieldType(), database.getWriteConcern(), database.getReadConcern());
    readByCommand = !Boolean.TRUE.equals(settings.url().getRetryReads());
    writeByCommand = database.getWriteConcern().isAcknowledged()
        && !Boolean.TRUE.equals(settings.url().getRetryWritesValue());
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
        System.err.println("mongodb: " + LostRecords.total() + " records not stored");
      }
    }
  }

  private MongoCollection<BsonDocument> collection(String table) {
    return collections.computeIfAbsent(table, name -> database.getCollection(name, BsonDocument.class));
  }

  /** The same collection, decoding documents straight into {@link StoredFields}. */
  private MongoCollection<StoredFields> readCollection(String table) {
    return readCollections.computeIfAbsent(table, name -> database.getCollection(name, StoredFields.class));
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      Optional<StoredFields> stored;
      if (readByCommand) {
        stored = database.runCommand(commands.find(table, key, fields), database.getReadPreference(),
            FindReply.class).document();
      } else {
        var find = readCollection(table).find(id(key));
        if (fields != null) {
          find = find.projection(commands.projection(fields));
        }
        stored = Optional.ofNullable(find.first());
      }
      if (stored.isEmpty()) {
        return Status.NOT_FOUND;
      }
      stored.get().copyTo(result);
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("read", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      var find = readCollection(table).find(new BsonDocument("_id", new BsonDocument("$gte", new BsonString(startkey))))
          .sort(ASCENDING_ID).limit(recordcount).batchSize(recordcount);
      if (fields != null) {
        find = find.projection(commands.projection(fields));
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
      if (writeByCommand) {
        return write(commands.update(table, key, values)).n() == 0 ? Status.NOT_FOUND : Status.OK;
      }
      var outcome = collection(table).updateOne(id(key), commands.set(values));
      return outcome.wasAcknowledged() && outcome.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (batch != null) {
        return batch.add(collection(table), commands.record(key, values));
      }
      if (writeByCommand) {
        write(settings.upsert() ? commands.upsert(table, key, values) : commands.insert(table, key, values));
      } else if (settings.upsert()) {
        collection(table).replaceOne(id(key), commands.record(key, values), UPSERT);
      } else {
        collection(table).insertOne(commands.record(key, values));
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      if (writeByCommand) {
        return write(commands.delete(table, key)).n() == 0 ? Status.NOT_FOUND : Status.OK;
      }
      var outcome = collection(table).deleteOne(id(key));
      return outcome.wasAcknowledged() && outcome.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return failed("delete", e);
    }
  }

  /** Runs a write command on the primary; a write error or write concern error is thrown. */
  private WriteReply write(BsonDocument command) {
    var reply = database.runCommand(command, ReadPreference.primary(), WriteReply.class);
    var refusal = reply.refusal();
    if (refusal.isPresent()) {
      throw refusal.get();
    }
    return reply;
  }

  private static BsonDocument id(String key) {
    return new BsonDocument("_id", new BsonString(key));
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
  MongoCollection<BsonDocument> collectionForTest(String table) {
    return collection(table);
  }

  /** Whether reads go out as {@code find} commands rather than through the driver's CRUD API; for tests. */
  boolean readsByCommand() {
    return readByCommand;
  }

  /** Whether single-record writes go out as commands rather than through the driver's CRUD API; for tests. */
  boolean writesByCommand() {
    return writeByCommand;
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

  private static Status failed(String operation, RuntimeException e) {
    WARNING.warn(operation, e);
    return StatusMapping.of(e);
  }
}
