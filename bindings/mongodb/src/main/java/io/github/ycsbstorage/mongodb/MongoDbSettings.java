package io.github.ycsbstorage.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import io.github.ycsbstorage.binding.OperationTimeout;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.config.SecretMasker;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * The binding's configuration, read and validated from YCSB properties before anything connects.
 * Every key of the {@code mongodb.} namespace, ours and YCSB 0.17.0's, is declared here ({@link #KEYS}).
 * Immutable and thread-safe; {@link #toString()} masks the password of the URL.
 *
 * @param url                    the connection string ({@code mongodb.url})
 * @param database               the database ({@code mongodb.database}, else the URL's, else {@code ycsb})
 * @param table                  the collection of {@link MongoDbClient#datasetSize()} (YCSB's {@code table})
 * @param fieldType              how values are stored ({@code mongodb.fieldtype})
 * @param upsert                 inserts replace existing documents ({@code mongodb.upsert})
 * @param batchSize              inserts per round trip, 1 = unbatched ({@code mongodb.batchsize} or {@code batchsize})
 * @param writeConcern           override of the URL's write concern ({@code mongodb.writeconcern}, else
 *                               YCSB's {@code mongodb.writeConcern})
 * @param readPreference         override of the URL's read preference ({@code mongodb.readpreference},
 *                               else YCSB's {@code mongodb.readPreference})
 * @param readConcern            override of the URL's read concern
 * @param serverSelectionTimeout how long an operation waits for a usable server
 * @param connectTimeout         how long opening one connection may take
 * @param operationTimeout       how long an operation may wait for a pooled connection and for the server's
 *                               answer (the URL's {@code timeoutMS}, which makes it the driver's bound for
 *                               the operation as a whole, else {@code storage.operation.timeout})
 * @param maxConnections         override of the URL's {@code maxPoolSize} (YCSB's {@code mongodb.maxconnections})
 * @param threads                YCSB's {@code threadcount}: the pool holds at least this many connections
 */
public record MongoDbSettings(
    ConnectionString url,
    String database,
    String table,
    FieldType fieldType,
    boolean upsert,
    int batchSize,
    Optional<WriteConcern> writeConcern,
    Optional<ReadPreference> readPreference,
    Optional<ReadConcern> readConcern,
    Duration serverSelectionTimeout,
    Duration connectTimeout,
    Duration operationTimeout,
    Optional<Integer> maxConnections,
    int threads) {

  public static final String PREFIX = "mongodb.";
  public static final String URL = "mongodb.url";
  public static final String DATABASE = "mongodb.database";
  public static final String FIELD_TYPE = "mongodb.fieldtype";
  public static final String UPSERT = "mongodb.upsert";
  public static final String BATCH_SIZE = "mongodb.batchsize";
  /** YCSB's own binding reads this spelling; {@link #BATCH_SIZE} wins when both are set. */
  public static final String YCSB_BATCH_SIZE = "batchsize";
  public static final String WRITE_CONCERN = "mongodb.writeconcern";
  public static final String READ_PREFERENCE = "mongodb.readpreference";
  public static final String READ_CONCERN = "mongodb.readconcern";
  public static final String SERVER_SELECTION_TIMEOUT = "mongodb.serverselectiontimeout";
  public static final String CONNECT_TIMEOUT = "mongodb.connecttimeout";
  /** YCSB 0.17.0's names, read when our key for the same setting is not set. */
  public static final String YCSB_WRITE_CONCERN = "mongodb.writeConcern";
  public static final String YCSB_READ_PREFERENCE = "mongodb.readPreference";
  public static final String YCSB_MAX_CONNECTIONS = "mongodb.maxconnections";
  /**
   * YCSB 0.17.0's limit of threads waiting for a connection (driver 3's wait queue), as a multiple
   * of the pool size. The pool here holds a connection per thread, so no thread waits: the limit
   * can never be reached, and only its value is checked.
   */
  public static final String YCSB_WAIT_QUEUE_MULTIPLIER = "mongodb.threadsAllowedToBlockForConnectionMultiplier";

  /** Every key of the {@code mongodb.} namespace (YCSB's {@code batchsize} has no prefix). */
  public static final Set<String> KEYS = Set.of(URL, DATABASE, FIELD_TYPE, UPSERT, BATCH_SIZE, WRITE_CONCERN,
      READ_PREFERENCE, READ_CONCERN, SERVER_SELECTION_TIMEOUT, CONNECT_TIMEOUT, YCSB_WRITE_CONCERN,
      YCSB_READ_PREFERENCE, YCSB_MAX_CONNECTIONS, YCSB_WAIT_QUEUE_MULTIPLIER);

  public static final String DEFAULT_URL = "mongodb://localhost:27017/ycsb?w=1";
  public static final String DEFAULT_DATABASE = "ycsb";

  private static final String WRITE_CONCERNS = "unacknowledged (or errors_ignored, w0), acknowledged (or w1), w2"
      + " (or replica_acknowledged), w3, journaled, majority";
  private static final String READ_PREFERENCES = "primary, primaryPreferred (or primary_preferred), secondary,"
      + " secondaryPreferred (or secondary_preferred), nearest";
  private static final String READ_CONCERNS = "local, available, majority, linearizable, snapshot";

  public MongoDbSettings {
    if (url == null || database == null || database.isBlank() || table == null || fieldType == null
        || writeConcern == null || readPreference == null || readConcern == null
        || serverSelectionTimeout == null || connectTimeout == null || operationTimeout == null
        || maxConnections == null) {
      throw new IllegalArgumentException("every setting must be given");
    }
    Check.argument(batchSize >= 1 && threads >= 1, "batchSize and threads must be positive");
  }

  /**
   * Reads the settings.
   *
   * @throws InvalidPropertyException naming the first unusable property, its value and what is accepted
   */
  public static MongoDbSettings from(Properties properties) {
    var reader = new PropertyReader(properties);
    var url = connectionString(reader.string(URL, DEFAULT_URL));
    var database = reader.string(DATABASE)
        .or(() -> Optional.ofNullable(url.getDatabase()))
        .orElse(DEFAULT_DATABASE);
    checkDatabase(reader.string(DATABASE).isPresent() ? DATABASE : URL, database, url);
    checkApplicationName(url);
    var batchKey = reader.aliased(BATCH_SIZE, YCSB_BATCH_SIZE);
    var writeConcernKey = reader.aliased(WRITE_CONCERN, YCSB_WRITE_CONCERN);
    var readPreferenceKey = reader.aliased(READ_PREFERENCE, YCSB_READ_PREFERENCE);
    var operationTimeout = OperationTimeout.from(properties);
    return new MongoDbSettings(
        url,
        database,
        reader.string(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT),
        reader.choice(FIELD_TYPE, FieldType.BINARY),
        reader.bool(UPSERT, false),
        reader.integer(batchKey, 1, 1, 1_000_000),
        reader.string(writeConcernKey).map(value -> writeConcern(writeConcernKey, value)),
        reader.string(readPreferenceKey).map(value -> readPreference(readPreferenceKey, value)),
        reader.string(READ_CONCERN).map(MongoDbSettings::readConcern),
        positive(reader, SERVER_SELECTION_TIMEOUT, url.getServerSelectionTimeout(), operationTimeout),
        positive(reader, CONNECT_TIMEOUT, url.getConnectTimeout(), operationTimeout),
        url.getTimeout() == null || url.getTimeout() == 0 ? operationTimeout : Duration.ofMillis(url.getTimeout()),
        reader.string(YCSB_MAX_CONNECTIONS).map(v -> reader.integer(YCSB_MAX_CONNECTIONS, 0, 0, 1_000_000)),
        waitQueueChecked(reader, reader.integer(Client.THREAD_COUNT_PROPERTY, 1, 1, Integer.MAX_VALUE)));
  }

  /** {@code threads}, once YCSB's wait-queue multiplier has been checked to be a whole number. */
  private static int waitQueueChecked(PropertyReader reader, int threads) {
    reader.integer(YCSB_WAIT_QUEUE_MULTIPLIER, 5, 0, 1_000_000);
    return threads;
  }

  private static ConnectionString connectionString(String text) {
    var accepted = "a MongoDB connection string: mongodb://[user:password@]host[:port][/database][?options]"
        + " or mongodb+srv://...";
    if (text.chars().anyMatch(Character::isWhitespace)) {
      // the driver would take part of it for a host, or pass it to DNS
      throw new InvalidPropertyException(URL, text, accepted, "it holds a blank (encode one in a password as %20)");
    }
    ConnectionString url;
    try {
      url = new ConnectionString(text);
    } catch (IllegalArgumentException | MongoClientException e) {
      // MongoClientException: a mongodb+srv:// host whose DNS records cannot be looked up
      throw new InvalidPropertyException(URL, text, accepted, e.getMessage());
    }
    UrlOptions.check(text);
    return url;
  }

  /** The driver's rule for database names, which it would otherwise apply only when the first operation runs. */
  private static void checkDatabase(String key, String database, ConnectionString url) {
    var accepted = "a database name without '.', ' ', '/', '\\', '\"' and of fewer than 64 bytes";
    var shown = key.equals(URL) ? url.getConnectionString() : database;
    try {
      com.mongodb.MongoNamespace.checkDatabaseNameValidity(database);
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException(key, shown, accepted,
          "database '" + database + "': " + e.getMessage().replace("state should be: ", ""));
    }
    // the server's limit, which the driver leaves to the server
    Check.input(database.getBytes(java.nio.charset.StandardCharsets.UTF_8).length < 64,
        key, shown, accepted, "the database name is too long");
  }

  /** The driver refuses an appName over 128 bytes when the client is built, with a bare exception. */
  private static void checkApplicationName(ConnectionString url) {
    var name = url.getApplicationName();
    if (name != null && name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > 128) {
      throw new InvalidPropertyException(URL, url.getConnectionString(), "an appName of at most 128 bytes (UTF-8)",
          "its appName has " + name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + " bytes");
    }
  }

  /** The property if set, else the URL's option, else {@code storage.operation.timeout}. */
  private static Duration positive(PropertyReader reader, String key, Integer fromUrlMillis, Duration operationTimeout) {
    var fallback = fromUrlMillis == null ? operationTimeout : Duration.ofMillis(fromUrlMillis);
    return reader.duration(key, fallback, Duration.ofMillis(1), DurationFormat.UNBOUNDED);
  }

  /** Our names and YCSB 0.17.0's ({@code errors_ignored}, {@code replica_acknowledged}), any case. */
  private static WriteConcern writeConcern(String key, String name) {
    var concern = switch (name.toLowerCase(Locale.ROOT)) {
      case "unacknowledged", "errors_ignored", "w0" -> WriteConcern.UNACKNOWLEDGED;
      case "acknowledged", "w1" -> WriteConcern.W1;
      case "w2", "replica_acknowledged" -> WriteConcern.W2;
      case "w3" -> WriteConcern.W3;
      case "journaled" -> WriteConcern.JOURNALED;
      case "majority" -> WriteConcern.MAJORITY;
      default -> null;
    };
    Check.input(concern != null, key, name, WRITE_CONCERNS);
    return concern;
  }

  /** The driver's names ({@code primaryPreferred}) and YCSB 0.17.0's ({@code primary_preferred}), any case. */
  private static ReadPreference readPreference(String key, String name) {
    return switch (name.toLowerCase(Locale.ROOT).replace("_", "")) {
      case "primary" -> ReadPreference.primary();
      case "primarypreferred" -> ReadPreference.primaryPreferred();
      case "secondary" -> ReadPreference.secondary();
      case "secondarypreferred" -> ReadPreference.secondaryPreferred();
      case "nearest" -> ReadPreference.nearest();
      default -> throw new InvalidPropertyException(key, name, READ_PREFERENCES);
    };
  }

  private static ReadConcern readConcern(String name) {
    try {
      return new ReadConcern(ReadConcernLevel.fromString(name));
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException(READ_CONCERN, name, READ_CONCERNS);
    }
  }

  /** The URL with its password hidden, for messages. */
  public String maskedUrl() {
    return SecretMasker.maskText(url.getConnectionString());
  }

  /** The hosts of the URL, for messages. */
  public String hosts() {
    return String.join(",", url.getHosts());
  }

  /** Whether inserts are buffered. */
  public boolean batching() {
    return batchSize > 1;
  }

  @Override
  public String toString() {
    return "MongoDbSettings[url=" + maskedUrl() + ", database=" + database + ", table=" + table
        + ", fieldType=" + fieldType + ", upsert=" + upsert + ", batchSize=" + batchSize
        + ", writeConcern=" + writeConcern.map(Object::toString).orElse("from URL")
        + ", readPreference=" + readPreference.map(ReadPreference::getName).orElse("from URL")
        + ", readConcern=" + readConcern.flatMap(c -> Optional.ofNullable(c.getLevel()))
            .map(ReadConcernLevel::getValue).orElse("from URL")
        + ", serverSelectionTimeout=" + serverSelectionTimeout + ", connectTimeout=" + connectTimeout
        + ", operationTimeout=" + operationTimeout
        + ", maxConnections=" + maxConnections.map(String::valueOf).orElse("from URL")
        + ", threads=" + threads + "]";
  }
}
