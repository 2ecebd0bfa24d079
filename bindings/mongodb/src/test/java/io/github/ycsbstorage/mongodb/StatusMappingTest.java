package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteError;
import com.mongodb.connection.ClusterId;
import com.mongodb.connection.ServerId;
import org.bson.BsonDocument;
import org.bson.BsonInvalidOperationException;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class StatusMappingTest {
  private static final ServerAddress ADDRESS = new ServerAddress("127.0.0.1", 27017);

  @Test
  void unreachableOrSlowServersAreServiceUnavailable() {
    assertEquals(Status.SERVICE_UNAVAILABLE, StatusMapping.of(new MongoTimeoutException("no server")));
    assertEquals(Status.SERVICE_UNAVAILABLE, StatusMapping.of(new MongoSocketOpenException("refused", ADDRESS)));
    assertEquals(Status.SERVICE_UNAVAILABLE, StatusMapping.of(new MongoSocketReadException("closed", ADDRESS)));
    assertEquals(Status.SERVICE_UNAVAILABLE, StatusMapping.of(new MongoExecutionTimeoutException(50, "maxTimeMS")));
    // another thread's failure cleared the pool (PhaseStatusIT's gone server, two threads)
    assertEquals(Status.SERVICE_UNAVAILABLE, StatusMapping.of(new MongoConnectionPoolClearedException(
        new ServerId(new ClusterId(), ADDRESS), new MongoSocketReadException("closed", ADDRESS))));
  }

  @Test
  void duplicateKeysAreErrors() {
    var duplicate = new MongoWriteException(new WriteError(11000, "E11000 duplicate key", new BsonDocument()), ADDRESS,
        java.util.Set.of());
    assertEquals(Status.ERROR, StatusMapping.of(duplicate));
  }

  @Test
  void missingRightsAreForbidden() {
    assertEquals(Status.FORBIDDEN, StatusMapping.of(new MongoSecurityException(null, "auth failed")));
    var unauthorized = new MongoCommandException(
        BsonDocument.parse("{ok: 0, code: 13, codeName: 'Unauthorized', errmsg: 'not authorized'}"), ADDRESS);
    assertEquals(Status.FORBIDDEN, StatusMapping.of(unauthorized));
  }

  @Test
  void documentsTheDriverCannotEncodeAreBadRequests() {
    assertEquals(Status.BAD_REQUEST, StatusMapping.of(new BsonInvalidOperationException("bad field name")));
  }

  @Test
  void otherServerErrorsAreErrors() {
    var failed = new MongoCommandException(
        BsonDocument.parse("{ok: 0, code: 2, codeName: 'BadValue', errmsg: 'bad'}"), ADDRESS);
    assertEquals(Status.ERROR, StatusMapping.of(failed));
    assertEquals(Status.ERROR, StatusMapping.of(new IllegalStateException("state should be: open")));
  }
}
