package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.ycsbstorage.binding.SharedResource;
import io.github.ycsbstorage.config.SecretMasker;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import site.ycsb.DBException;

/**
 * One DB instance's use of the JVM's {@link MongoClient} for its connection settings: YCSB creates a
 * DB per client thread, the driver wants one pool. The first lease opens the client and checks that
 * the server answers (so that a wrong URL fails in {@code init()} within the server selection
 * timeout, naming the host); the last {@link #close()} closes it. Thread-safe; closing twice is a
 * no-op.
 */
final class SharedClient implements AutoCloseable {
  /** The driver's pool size when the URL does not set {@code maxPoolSize}. */
  private static final int DRIVER_DEFAULT_POOL = 100;

  private static final ConcurrentMap<String, SharedResource<MongoClient>> CLIENTS = new ConcurrentHashMap<>();

  private final SharedResource<MongoClient> resource;
  private final MongoClient client;
  private boolean closed;

  private SharedClient(SharedResource<MongoClient> resource, MongoClient client) {
    this.resource = resource;
    this.client = client;
  }

  /** Leases the shared client for these settings, opening and checking it if it is the first lease. */
  static SharedClient acquire(MongoDbSettings settings) throws DBException {
    Objects.requireNonNull(settings, "settings");
    var key = settings.url().getConnectionString() + "|" + settings.serverSelectionTimeout()
        + "|" + settings.connectTimeout() + "|" + settings.operationTimeout() + "|" + settings.maxConnections();
    var resource = CLIENTS.computeIfAbsent(key, k -> new SharedResource<>(MongoClient::close));
    return new SharedClient(resource, resource.acquire(() -> open(settings)));
  }

  /**
   * The driver settings: the URL's, with our timeouts (every wait on the server bounded by
   * {@code mongodb.serverselectiontimeout}, {@code mongodb.connecttimeout} or the operation timeout) and a pool of at least one connection per
   * thread ({@code mongodb.maxconnections} replaces the URL's {@code maxPoolSize}, and is raised to
   * {@code threadcount} like it).
   */
  static MongoClientSettings clientSettings(MongoDbSettings settings) {
    var url = settings.url();
    int urlPool = settings.maxConnections()
        .orElse(url.getMaxConnectionPoolSize() == null ? DRIVER_DEFAULT_POOL : url.getMaxConnectionPoolSize());
    // 0 means unlimited to the driver; otherwise every YCSB thread gets its own connection.
    int poolSize = urlPool == 0 ? 0 : Math.max(urlPool, settings.threads());
    return MongoClientSettings.builder()
        .applyConnectionString(url)
        .applyToClusterSettings(b -> b.serverSelectionTimeout(
            settings.serverSelectionTimeout().toMillis(), TimeUnit.MILLISECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(
            (int) settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS))
        // A server that stops answering fails each operation instead of hanging it: every wait of an
        // operation (server selection above, a pooled connection, the answer) is bounded by the operation
        // timeout. Not the driver's client-side operation timeout (timeoutMS, one bound for all): driver 5
        // then builds timeout contexts and resets the socket's timeout for every operation, which cost
        // 13-33 % more client CPU per insert (docs/PERFORMANCE.md, section 2a). A URL's own timeoutMS
        // still turns it on.
        .applyToConnectionPoolSettings(b -> b.maxSize(poolSize)
            .maxWaitTime(settings.operationTimeout().toMillis(), TimeUnit.MILLISECONDS))
        .applyToSocketSettings(b -> b.readTimeout((int) settings.operationTimeout().toMillis(), TimeUnit.MILLISECONDS))
        .build();
  }

  private static MongoClient open(MongoDbSettings settings) throws DBException {
    var client = MongoClients.create(clientSettings(settings));
    try {
      // one bound for the whole check, so that init() fails within it whatever it waited for
      client.getDatabase(settings.database())
          .withTimeout(settings.serverSelectionTimeout().toMillis(), TimeUnit.MILLISECONDS)
          .runCommand(new Document("ping", 1));
      return client;
    } catch (MongoException e) {
      client.close();
      throw new DBException("cannot reach MongoDB at " + settings.hosts() + " (" + settings.maskedUrl()
          + ") within " + settings.serverSelectionTimeout().toMillis() + " ms" + ": "
          + SecretMasker.maskText(e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
  }

  MongoClient client() {
    return client;
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      resource.release();
    }
  }
}
