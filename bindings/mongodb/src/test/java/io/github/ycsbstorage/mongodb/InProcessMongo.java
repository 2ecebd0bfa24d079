package io.github.ycsbstorage.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.Properties;
import org.bson.Document;

/**
 * A mongo-java-server with the memory backend on 127.0.0.1 and a random port, plus a plain driver
 * client for the tests to look at what the binding stored. Not thread-safe; one per test class.
 */
final class InProcessMongo implements AutoCloseable {
  static final String DATABASE = "ycsb";

  private final MongoServer server;
  private final String url;
  private final MongoClient inspector;

  InProcessMongo() {
    server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", 0);
    var address = server.getLocalAddress();
    url = "mongodb://127.0.0.1:" + address.getPort() + "/" + DATABASE + "?w=1";
    inspector = MongoClients.create(url);
  }

  String url() {
    return url;
  }

  /** Properties connecting the binding, with short timeouts so that failures show quickly. */
  Properties properties() {
    var props = new Properties();
    props.setProperty(MongoDbSettings.URL, url);
    props.setProperty(MongoDbSettings.SERVER_SELECTION_TIMEOUT, "2s");
    props.setProperty(MongoDbSettings.CONNECT_TIMEOUT, "2s");
    return props;
  }

  MongoDatabase database() {
    return inspector.getDatabase(DATABASE);
  }

  MongoCollection<Document> collection(String name) {
    return database().getCollection(name);
  }

  Document command(String name) {
    return inspector.getDatabase("admin").runCommand(new Document(name, 1));
  }

  @Override
  public void close() {
    inspector.close();
    server.shutdownNow();
  }
}
