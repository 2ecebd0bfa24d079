package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.WriteModel;
import io.github.ycsbstorage.binding.RateLimitedWarning;
import io.github.ycsbstorage.binding.LostRecords;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import site.ycsb.Status;

/**
 * The inserts of one DB instance waiting to go out together: {@code insertMany(ordered=false)}, or
 * unordered bulk upserts. A buffered insert answers {@link Status#BATCHED_OK}; the insert that fills
 * the batch sends it and answers for the whole batch. A failed batch counts every record it did not
 * store, exactly, in YCSB's return codes ({@link LostRecords}): the write errors of a bulk
 * failure, every record when the batch failed as a whole or its write concern was not met.
 * Not thread-safe: confined to its DB instance's thread, as YCSB's DB instances are.
 */
final class InsertBatch {
  /** The operation as YCSB's {@code DBWrapper} measures it. */
  static final String OPERATION = "INSERT";

  private static final InsertManyOptions UNORDERED_INSERT = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions UNORDERED_BULK = new BulkWriteOptions().ordered(false);
  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);

  private final int size;
  private final boolean upsert;
  private final RateLimitedWarning warning;
  private final List<BsonDocument> documents;
  private MongoCollection<BsonDocument> target;
  private long lostRecords;

  InsertBatch(int size, boolean upsert, RateLimitedWarning warning) {
    if (size < 2) {
      throw new IllegalArgumentException("a batch holds at least 2 records: " + size);
    }
    this.size = size;
    this.upsert = upsert;
    this.warning = warning;
    this.documents = new ArrayList<>(size);
  }

  /** Buffers {@code document}; sends the batch when it is full (or before switching collections). */
  Status add(MongoCollection<BsonDocument> collection, BsonDocument document) {
    if (target != null && target != collection) {
      send(false);
    }
    target = collection;
    documents.add(document);
    return documents.size() < size ? Status.BATCHED_OK : send(true);
  }

  /**
   * Sends what is buffered, after every buffered record's call answered {@code BATCHED_OK} (at
   * cleanup); {@code OK} when nothing was buffered.
   */
  Status flush() {
    return send(false);
  }

  /** @param answering whether the current call answers for the batch with the returned status */
  private Status send(boolean answering) {
    if (documents.isEmpty()) {
      return Status.OK;
    }
    int count = documents.size();
    try {
      if (upsert) {
        var models = new ArrayList<WriteModel<BsonDocument>>(count);
        for (var document : documents) {
          models.add(new ReplaceOneModel<>(new BsonDocument("_id", document.get("_id")), document, UPSERT));
        }
        target.bulkWrite(models, UNORDERED_BULK);
      } else {
        target.insertMany(documents, UNORDERED_INSERT);
      }
      return Status.OK;
    } catch (MongoBulkWriteException e) {
      // A write concern error leaves the records written but not as durably as asked.
      return lost(count, e.getWriteConcernError() != null ? count : e.getWriteErrors().size(), e, answering);
    } catch (RuntimeException e) {
      return lost(count, count, e, answering);
    } finally {
      documents.clear();
    }
  }

  private Status lost(int count, int lost, RuntimeException cause, boolean answering) {
    var status = StatusMapping.of(cause);
    lostRecords += lost;
    // The answering call is counted by YCSB with the status it returns; the others answered BATCHED_OK.
    LostRecords.notStored(OPERATION, lost, answering ? Math.max(0, lost - 1) : lost, status);
    warning.warn("insert batch", lost + " of " + count + " records not stored, " + LostRecords.total()
        + " in this JVM so far", cause);
    return status;
  }

  /** Records buffered and not yet sent. */
  int pending() {
    return documents.size();
  }

  /** Records this batch failed to store so far. */
  long lostRecords() {
    return lostRecords;
  }
}
