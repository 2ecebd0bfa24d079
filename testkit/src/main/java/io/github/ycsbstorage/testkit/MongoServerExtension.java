package io.github.ycsbstorage.testkit;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.wire.message.MongoMessage;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.bson.Document;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An in-process MongoDB-wire server (mongo-java-server, memory backend) on 127.0.0.1 and a random
 * port, plus a plain driver client for tests to look at what was stored. Register it once per test
 * class ({@code @RegisterExtension static final MongoServerExtension mongo = new MongoServerExtension();})
 * to have it started before all tests and stopped after them, or use {@link #started()} with
 * try-with-resources inside one test. Not thread-safe.
 */
public final class MongoServerExtension implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
  private MongoServer server;
  private CountingBackend backend;
  private int port;
  private MongoClient inspector;

  /** A started server, for a single test that closes it itself. */
  public static MongoServerExtension started() {
    var mongo = new MongoServerExtension();
    mongo.start();
    return mongo;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  private void start() {
    backend = new CountingBackend();
    server = new MongoServer(backend);
    server.bind("127.0.0.1", 0);
    port = server.getLocalAddress().getPort();
  }

  /**
   * Stops the server, keeping its port for {@link #restart()}: clients see it go away. What it held
   * stays countable by {@link #storedDocuments}.
   */
  public void stop() {
    backend.keepData = true;
    server.shutdownNow();
  }

  /**
   * The documents a collection holds, counted in the server's own storage, not over the wire: also
   * after {@link #stop()}, to count independently what a client that saw the server die says it stored.
   */
  public long storedDocuments(String database, String collection) {
    var held = backend.resolveDatabase(database).resolveCollection(collection, false);
    return held == null ? 0 : held.count();
  }

  /** A new, empty server on the same port: it is back, but without the data stored before. */
  public void restart() {
    backend = new CountingBackend();
    server = new MongoServer(backend);
    server.bind("127.0.0.1", port);
  }

  /**
   * How many times clients sent the command {@code name} (e.g. {@code find}) to the server since it
   * (re)started: what a test waits for instead of sleeping while a client works.
   */
  public long commands(String name) {
    var count = backend.commands.get(name);
    return count == null ? 0 : count.sum();
  }

  /** The port the server listens on. */
  public int port() {
    return port;
  }

  /** {@code mongodb://127.0.0.1:<port>}, without a database. */
  public String baseUrl() {
    return "mongodb://127.0.0.1:" + port;
  }

  /** The connection URL of one database. */
  public String url(String database) {
    return baseUrl() + "/" + database;
  }

  /** A plain driver client to look at what was stored, opened on first use and closed with the server. */
  public MongoClient client() {
    if (inspector == null) {
      inspector = MongoClients.create(baseUrl());
    }
    return inspector;
  }

  /** A database seen through {@link #client()}. */
  public MongoDatabase database(String name) {
    return client().getDatabase(name);
  }

  /** The answer to an admin command without arguments, e.g. {@code buildInfo}. */
  public Document command(String name) {
    return database("admin").runCommand(new Document(name, 1));
  }

  /** The memory backend, counting the commands it handles. */
  private static final class CountingBackend extends MemoryBackend {
    private final Map<String, LongAdder> commands = new ConcurrentHashMap<>();
    /** Whether closing (the server's shutdown) keeps the databases, for {@link #storedDocuments}. */
    private volatile boolean keepData;

    @Override
    public void close() {
      if (!keepData) {
        super.close();
      }
    }

    @Override
    public de.bwaldvogel.mongo.bson.Document handleMessage(MongoMessage message) {
      // OP_MSG, what current drivers send: the command's name is the body's first key
      var names = message.getDocument().keySet().iterator();
      if (names.hasNext()) {
        commands.computeIfAbsent(names.next(), name -> new LongAdder()).increment();
      }
      return super.handleMessage(message);
    }
  }

  @Override
  public void close() {
    if (inspector != null) {
      inspector.close();
      inspector = null;
    }
    if (server != null) {
      backend.keepData = false;
      server.shutdownNow();
    }
  }
}
