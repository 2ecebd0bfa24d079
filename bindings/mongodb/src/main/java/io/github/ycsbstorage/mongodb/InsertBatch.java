package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.WriteModel;
import io.github.ycsbstorage.binding.RateLimitedWarning;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import site.ycsb.Status;

/**
 * The inserts of one DB instance waiting to go out together: {@code insertMany(ordered=false)}, or
 * unordered bulk upserts. A buffered insert answers {@link Status#BATCHED_OK}; the insert that fills
 * the batch sends it and answers for the whole batch. A batch failure counts the records that were
 * not stored: the write errors of a bulk failure, every record of a batch that failed as a whole.
 * Not thread-safe: confined to its DB instance's thread, as YCSB's DB instances are.
 */
final class InsertBatch {
  private static final InsertManyOptions UNORDERED_INSERT = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions UNORDERED_BULK = new BulkWriteOptions().ordered(false);
  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);

  private final int size;
  private final boolean upsert;
  private final RateLimitedWarning warning;
  private final List<Document> documents;
  private MongoCollection<Document> target;
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
  Status add(MongoCollection<Document> collection, Document document) {
    Status earlier = Status.OK;
    if (target != null && target != collection) {
      earlier = flush();
    }
    target = collection;
    documents.add(document);
    if (documents.size() < size) {
      return earlier.isOk() ? Status.BATCHED_OK : earlier;
    }
    var sent = flush();
    return earlier.isOk() ? sent : earlier;
  }

  /** Sends what is buffered; {@code OK} when nothing was. */
  Status flush() {
    if (documents.isEmpty()) {
      return Status.OK;
    }
    int count = documents.size();
    try {
      if (upsert) {
        var models = new ArrayList<WriteModel<Document>>(count);
        for (var document : documents) {
          models.add(new ReplaceOneModel<>(new Document("_id", document.get("_id")), document, UPSERT));
        }
        target.bulkWrite(models, UNORDERED_BULK);
      } else {
        target.insertMany(documents, UNORDERED_INSERT);
      }
      return Status.OK;
    } catch (MongoBulkWriteException e) {
      return lost(count, e.getWriteErrors().size(), e);
    } catch (RuntimeException e) {
      return lost(count, count, e);
    } finally {
      documents.clear();
    }
  }

  private Status lost(int count, int lost, RuntimeException cause) {
    lostRecords += lost;
    warning.warn("insert batch", lost + " of " + count + " records lost, " + lostRecords
        + " by this thread so far", cause);
    return StatusMapping.of(cause);
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
