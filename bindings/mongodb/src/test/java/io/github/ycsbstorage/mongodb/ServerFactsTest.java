package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

class ServerFactsTest {
  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  @Test
  void localityFromAddressesAndTheHostTheServerNames() {
    assertEquals(Locality.LOCAL, ServerFacts.locality(List.of("127.0.0.1"), Optional.empty()));
    assertEquals(Locality.LOCAL, ServerFacts.locality(List.of("localhost"), Optional.of("localhost:27017")));
    assertEquals(Locality.REMOTE, ServerFacts.locality(List.of("127.0.0.1", "203.0.113.7"), Optional.empty()));
    assertEquals(Locality.UNKNOWN, ServerFacts.locality(List.of(), Optional.empty()));
    assertEquals(Locality.UNKNOWN, ServerFacts.locality(List.of("no-such-host.invalid"), Optional.empty()));
    // A loopback address but a server that says it runs elsewhere: a tunnel or a container.
    assertEquals(Locality.UNKNOWN,
        ServerFacts.locality(List.of("127.0.0.1"), Optional.of("db7.invalid:27017")));
  }

  @Test
  void serverInfoReportsWhatTheServerSaysAndNothingElse() throws DBException {
    var db = new MongoDbClient();
    db.setProperties(TestConnection.properties(mongo));
    db.init();
    try {
      var info = db.serverInfo();
      assertEquals("MongoDB", info.product());
      assertEquals(Optional.of(mongo.command("buildInfo").getString("version")), info.version());
      // mongo-java-server has no storage engine, hostInfo.system.memSizeMB, WiredTiger cache or dbPath.
      assertEquals(Optional.empty(), info.storageEngine());
      assertEquals(Optional.empty(), info.ram());
      assertEquals(Optional.empty(), info.cache());
      assertEquals(Optional.empty(), info.dataPath());
      assertEquals(Locality.LOCAL, info.locality());
      // The in-process server's serverStatus.pid is this JVM's.
      assertEquals(OptionalLong.of(ProcessHandle.current().pid()), info.pid());
      assertEquals(mongo.command("serverStatus").getString("host"), info.details().get("host"));
      assertEquals("STANDALONE", info.details().get("topology"));
    } finally {
      db.cleanup();
    }
  }

  @Test
  void driverVersionIsTheDriverOnTheClasspath() throws Exception {
    // the driver jar's own manifest, read independently of the driver's version constant
    var jar = com.mongodb.client.MongoClient.class.getProtectionDomain().getCodeSource().getLocation();
    try (var file = new java.util.jar.JarFile(new java.io.File(jar.toURI()))) {
      var bundle = file.getManifest().getMainAttributes().getValue("Bundle-Version");
      assertEquals(Optional.of(bundle), new MongoDbClient().driverVersion());
    }
  }

  @Test
  void datasetSizeComesFromCollStats() throws DBException {
    var db = new MongoDbClient();
    db.setProperties(TestConnection.properties(mongo));
    db.init();
    try {
      var values = new HashMap<String, ByteIterator>();
      values.put("field0", new ByteArrayByteIterator(new byte[100]));
      for (int n = 0; n < 10; n++) {
        assertEquals(Status.OK, db.insert("usertable", "user" + n, values));
      }
      var size = db.datasetSize();
      var stats = mongo.database(TestConnection.DATABASE).runCommand(new Document("collStats", "usertable"));
      assertEquals("collStats storageSize + totalIndexSize", size.source());
      assertEquals(OptionalLong.of(10), size.records());
      assertEquals(OptionalLong.of(stats.get("size", Number.class).longValue()), size.logicalBytes());
      // mongo-java-server reports no totalIndexSize: storage is storageSize alone.
      assertEquals(null, stats.get("totalIndexSize"));
      // ... and it is 0 for the 10 documents it holds: no measurement, so unknown rather than 0
      assertEquals(0L, stats.get("storageSize", Number.class).longValue());
      assertEquals(OptionalLong.empty(), size.storageBytes());
      // fsync, asked before a data directory is measured, is a command this server lacks
      var refused = assertThrows(DBException.class, db::flush);
      assertTrue(refused.getMessage().startsWith("fsync: "), refused.getMessage());
    } finally {
      db.cleanup();
    }
  }
}
