package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/** A wrong URL and a server that dies: errors come back quickly, named, with secrets masked. */
class ConnectionFailureTest {
  /** Also for the first contact with a live server, which a busy machine slows down. */
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private static MongoDbClient client(String url) {
    var props = new Properties();
    props.setProperty(MongoDbSettings.URL, url);
    props.setProperty(MongoDbSettings.SERVER_SELECTION_TIMEOUT, HangLimit.timeout(TIMEOUT));
    props.setProperty(MongoDbSettings.CONNECT_TIMEOUT, HangLimit.timeout(TIMEOUT));
    var db = new MongoDbClient();
    db.setProperties(props);
    return db;
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Test
  void aRefusedPortFailsInitWithinTheTimeoutNamingTheHostWithThePasswordMasked() throws IOException {
    int port = freePort();
    var db = client("mongodb://alice:hunter2@127.0.0.1:" + port + "/ycsb?authSource=admin");
    var failure = assertTimeoutPreemptively(HangLimit.of(HangLimit.STEP), () -> assertThrows(DBException.class, db::init));
    var message = failure.getMessage();
    assertTrue(message.startsWith("cannot reach MongoDB at 127.0.0.1:" + port
        + " (mongodb://alice:*****@127.0.0.1:" + port + "/ycsb?authSource=admin) within " + HangLimit.of(TIMEOUT).toMillis() + " ms: MongoOperationTimeoutException"),
        message);
    assertFalse(message.contains("hunter2"), message);
  }

  @Test
  void anUnknownHostFailsInitWithinTheTimeoutNamingTheHost() {
    var db = client("mongodb://bob:pa55word@no-such-host.invalid:27017/ycsb");
    var failure = assertTimeoutPreemptively(HangLimit.of(HangLimit.STEP), () -> assertThrows(DBException.class, db::init));
    assertTrue(failure.getMessage().contains("no-such-host.invalid:27017"), failure.getMessage());
    assertFalse(failure.getMessage().contains("pa55word"), failure.getMessage());
  }

  @Test
  void aServerStoppedMidRunMakesOperationsFailWithoutHanging() throws DBException {
    var server = MongoServerExtension.started();
    var db = client(server.url("ycsb"));
    var props = db.getProperties();
    props.setProperty(MongoDbSettings.BATCH_SIZE, "5");
    // the driver's operation timeout bounds the first handshake by the connect timeout: room on a busy host
    props.setProperty(MongoDbSettings.CONNECT_TIMEOUT, HangLimit.timeout(Duration.ofSeconds(10)));
    db.init();
    Map<String, ByteIterator> values = new HashMap<>();
    values.put("field0", new ByteArrayByteIterator(new byte[] {1, 2, 3}));
    for (int n = 0; n < 5; n++) {
      assertNotEquals(Status.ERROR, db.insert("usertable", "user" + n, values));
    }
    assertEquals(Status.OK, db.read("usertable", "user0", null, new HashMap<>()));
    server.close();

    assertTimeoutPreemptively(HangLimit.of(HangLimit.STEP), () -> {
      assertEquals(Status.SERVICE_UNAVAILABLE, db.read("usertable", "user0", null, new HashMap<>()));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.update("usertable", "user0", values));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.delete("usertable", "user1"));
      assertEquals(Status.SERVICE_UNAVAILABLE, db.scan("usertable", "user0", 3, Set.of("field0"), new Vector<>()));
      // Buffered inserts answer BATCHED_OK; the one that fills the batch reports its loss.
      for (int n = 5; n < 9; n++) {
        assertEquals(Status.BATCHED_OK, db.insert("usertable", "user" + n, values));
      }
      assertEquals(Status.SERVICE_UNAVAILABLE, db.insert("usertable", "user9", values));
      assertEquals(5, db.lostRecords());
      assertEquals(Status.BATCHED_OK, db.insert("usertable", "user10", values));
      var failure = assertThrows(DBException.class, db::cleanup);
      assertEquals("mongodb: the last batch of 1 inserts failed (SERVICE_UNAVAILABLE); 6 records of this thread"
          + " were not stored", failure.getMessage());
    });
  }
}
