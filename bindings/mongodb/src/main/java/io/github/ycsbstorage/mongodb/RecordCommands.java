package io.github.ycsbstorage.mongodb;

import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import site.ycsb.ByteIterator;

/**
 * YCSB's single-record operations as MongoDB database commands ({@code find}, {@code insert},
 * {@code update}, {@code delete}), each one document sent as it is with
 * {@code MongoDatabase.runCommand}. Sending the command directly skips the driver's CRUD layer
 * (operation objects, cursor setup, and a codec registry built per reply to decode the command
 * envelope) that cost driver-sync 5 about a quarter more client CPU per read than YCSB 0.17.0's
 * driver 3.8 (docs/PERFORMANCE.md). A {@code find} asks for one document in a single batch, so
 * no cursor stays open. The concerns are written into each command as the driver would: the write
 * concern unless it is the server's default, the read concern unless it is the server's default
 * (read preference is a server selection matter, given to {@code runCommand}). Immutable and
 * thread-safe.
 */
final class RecordCommands {
  private static final BsonInt32 ONE = new BsonInt32(1);
  private static final BsonInt32 ZERO = new BsonInt32(0);

  private final FieldType fieldType;
  private final BsonDocument writeConcern;
  private final BsonDocument readConcern;

  /**
   * @param fieldType    how values are stored
   * @param writeConcern the write concern every write command carries
   * @param readConcern  the read concern every {@code find} carries
   */
  RecordCommands(FieldType fieldType, WriteConcern writeConcern, ReadConcern readConcern) {
    this.fieldType = fieldType;
    this.writeConcern = writeConcern.isServerDefault() ? null : writeConcern.asDocument();
    this.readConcern = readConcern.isServerDefault() ? null : readConcern.asDocument();
  }

  /** The document with {@code _id} first, then the values. */
  BsonDocument record(String key, Map<String, ByteIterator> values) {
    return fields(new BsonDocument("_id", new BsonString(key)), values);
  }

  /** A {@code find} of the document with this key, in one batch; all fields when {@code fields} is null. */
  BsonDocument find(String collection, String key, Set<String> fields) {
    var command = new BsonDocument("find", new BsonString(collection))
        .append("filter", id(key))
        .append("limit", ONE)
        .append("singleBatch", BsonBoolean.TRUE);
    if (fields != null) {
      command.append("projection", projection(fields));
    }
    if (readConcern != null) {
      command.append("readConcern", readConcern);
    }
    return command;
  }

  /** An {@code insert} of one new document. */
  BsonDocument insert(String collection, String key, Map<String, ByteIterator> values) {
    return write("insert", collection, "documents", record(key, values));
  }

  /** An {@code update} that replaces the document with this key, or inserts it. */
  BsonDocument upsert(String collection, String key, Map<String, ByteIterator> values) {
    return write("update", collection, "updates", new BsonDocument("q", id(key))
        .append("u", record(key, values)).append("upsert", BsonBoolean.TRUE));
  }

  /** An {@code update} that sets these fields of the document with this key, if there is one. */
  BsonDocument update(String collection, String key, Map<String, ByteIterator> values) {
    return write("update", collection, "updates", new BsonDocument("q", id(key))
        .append("u", set(values)));
  }

  /** The projection that returns these fields and not {@code _id}. */
  BsonDocument projection(Set<String> fields) {
    var projection = new BsonDocument("_id", ZERO);
    for (var field : fields) {
      projection.append(field, ONE);
    }
    return projection;
  }

  /** The update that sets these fields. */
  BsonDocument set(Map<String, ByteIterator> values) {
    return new BsonDocument("$set", fields(new BsonDocument(), values));
  }

  /** A {@code delete} of the document with this key. */
  BsonDocument delete(String collection, String key) {
    return write("delete", collection, "deletes", new BsonDocument("q", id(key)).append("limit", ONE));
  }

  private BsonDocument write(String name, String collection, String listName, BsonDocument statement) {
    var command = new BsonDocument(name, new BsonString(collection))
        .append(listName, new BsonArray(List.of(statement)));
    if (writeConcern != null) {
      command.append("writeConcern", writeConcern);
    }
    return command;
  }

  private static BsonDocument id(String key) {
    return new BsonDocument("_id", new BsonString(key));
  }

  private BsonDocument fields(BsonDocument document, Map<String, ByteIterator> values) {
    for (var entry : values.entrySet()) {
      document.append(entry.getKey(), fieldType.encode(entry.getValue().toArray()));
    }
    return document;
  }
}
