package io.github.ycsbstorage.mongodb;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoClientException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteException;
import org.bson.BSONException;
import site.ycsb.Status;

/**
 * Which YCSB status a failed operation reports, so that YCSB's return-code counts say what went
 * wrong: an unreachable or overloaded server is {@code SERVICE_UNAVAILABLE}, missing rights are
 * {@code FORBIDDEN}, a document the server rejects (duplicate key, validation) is {@code ERROR}.
 * Stateless and thread-safe.
 */
final class StatusMapping {
  /** MongoDB's "Unauthorized" error code. */
  private static final int UNAUTHORIZED = 13;

  private StatusMapping() {
  }

  static Status of(RuntimeException failure) {
    // a pool cleared because another operation on the server failed: the same server, gone (one code
    // per cause: with two threads, the second's read raced the first's socket failure)
    if (failure instanceof MongoConnectionPoolClearedException
        || failure instanceof MongoTimeoutException
        || failure instanceof MongoExecutionTimeoutException
        || failure instanceof MongoOperationTimeoutException
        || failure instanceof MongoSocketException
        || failure instanceof MongoNotPrimaryException
        || failure instanceof MongoNodeIsRecoveringException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (failure instanceof MongoSecurityException
        || failure instanceof MongoServerException server && server.getCode() == UNAUTHORIZED
        || failure instanceof ServerRefusal refusal && refusal.code() == UNAUTHORIZED) {
      return Status.FORBIDDEN;
    }
    if (failure instanceof MongoWriteException write
        && ErrorCategory.fromErrorCode(write.getCode()) == ErrorCategory.DUPLICATE_KEY) {
      return Status.ERROR;
    }
    if (failure instanceof BSONException || failure instanceof IllegalArgumentException) {
      return Status.BAD_REQUEST;
    }
    if (failure instanceof MongoClientException) {
      return Status.UNEXPECTED_STATE;
    }
    return Status.ERROR;
  }
}
