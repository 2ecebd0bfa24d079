package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.binding.OperationTimeout;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import oracle.kv.Durability;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * Everything the binding reads from YCSB's properties, validated before any connection is made.
 * Each {@code oraclenosql.*} key wins over YCSB's old {@code nosqldb} name for the same setting; the keys
 * of the namespace ({@link #KEYS}) and those old names are declared here.
 * The password is a {@link Secret}, so {@link #toString()} never shows it. Immutable.
 *
 * @param storeName      the store's name
 * @param helperHosts    host:port of storage nodes to bootstrap from
 * @param table          the table the workload uses
 * @param requestTimeout kvclient's request timeout ({@code oraclenosql.requesttimeout}, else
 *                       {@code storage.operation.timeout} or 250 ms per client thread, the longer)
 * @param username       user of a secure store
 * @param securityFile   a login/security properties file for a secure store
 * @param password       the user's password, when no security file holds the login
 * @param schema         table layout and field names
 * @param consistency    read consistency
 * @param durability     write durability; empty keeps kvclient's default
 * @param bulkPut        bulk put load settings, empty when {@code oraclenosql.bulkput} is off
 * @param threads        YCSB's client threads ({@code threadcount}), which share one store handle
 */
record OracleNoSqlSettings(String storeName, List<String> helperHosts, String table,
                           Duration requestTimeout, Optional<String> username, Optional<Path> securityFile,
                           Optional<Secret> password, TableSchema schema, ReadConsistency consistency,
                           Optional<Durability> durability, Optional<BulkPutSettings> bulkPut, int threads) {
  public static final String PREFIX = "oraclenosql.";
  public static final String STORE_NAME = PREFIX + "storename";
  public static final String HELPER_HOSTS = PREFIX + "helperhosts";
  public static final String TABLE = PREFIX + "table";
  public static final String REQUEST_TIMEOUT = PREFIX + "requesttimeout";
  public static final String USERNAME = PREFIX + "username";
  public static final String SECURITY = PREFIX + "security";
  public static final String PASSWORD = PREFIX + "password";
  public static final String LAYOUT = PREFIX + "layout";
  public static final String FIELD_TYPE = PREFIX + "fieldtype";
  public static final String CONSISTENCY = PREFIX + "consistency";
  public static final String DURABILITY = PREFIX + "durability";
  public static final String BULK_PUT = PREFIX + "bulkput";
  public static final String BULK_PUT_PARALLELISM = PREFIX + "bulkput.parallelism";
  public static final String BULK_PUT_BATCH_SIZE = PREFIX + "bulkput.batchsize";

  /** YCSB's {@code nosqldb} binding names, accepted as fallbacks so its users can switch. */
  public static final String LEGACY_STORE_NAME = "storeName";
  public static final String LEGACY_HELPER_HOST = "helperHost";
  public static final String LEGACY_CONSISTENCY = "consistency";
  public static final String LEGACY_DURABILITY = "durability";
  public static final String LEGACY_REQUEST_TIMEOUT = "requestTimeout";
  /** The default request timeout per client thread, when longer than the operation timeout. */
  static final long TIMEOUT_PER_THREAD_MS = 250;

  /** Every key of the {@code oraclenosql.} namespace. */
  static final Set<String> KEYS = Set.of(STORE_NAME, HELPER_HOSTS, TABLE, REQUEST_TIMEOUT, USERNAME,
      SECURITY, PASSWORD, LAYOUT, FIELD_TYPE, CONSISTENCY, DURABILITY, BULK_PUT, BULK_PUT_PARALLELISM,
      BULK_PUT_BATCH_SIZE);

  static final String DEFAULT_STORE = "kvstore";
  static final String DEFAULT_HELPER_HOSTS = "localhost:5000";

  private static final Pattern HOST_PORT = Pattern.compile("[A-Za-z0-9.\\-]+:\\d{1,5}|\\[[0-9A-Fa-f:]+]:\\d{1,5}");
  private static final Pattern STORE = Pattern.compile("[A-Za-z0-9_-]+");
  private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)?");

  /**
   * How bulk put loads.
   *
   * @param parallelism how many entry streams one batch is split into (kvclient's stream parallelism)
   * @param batchSize   rows a client thread buffers before handing them to one bulk put
   */
  record BulkPutSettings(int parallelism, int batchSize) {
  }

  /**
   * Reads and checks the binding's properties.
   *
   * @throws InvalidPropertyException naming the first bad property
   */
  static OracleNoSqlSettings from(Properties properties) {
    var reader = new PropertyReader(properties);
    var storeKey = reader.aliased(STORE_NAME, LEGACY_STORE_NAME);
    var storeName = reader.string(storeKey, DEFAULT_STORE);
    Check.input(STORE.matcher(storeName).matches(), storeKey, storeName,
        "a store name of letters, digits, '-' and '_', e.g. kvstore (KVLite's default)");
    var hostsKey = reader.aliased(HELPER_HOSTS, LEGACY_HELPER_HOST);
    var hosts = reader.list(hostsKey, DEFAULT_HELPER_HOSTS);
    var hostsAccepted = "comma-separated host:port pairs with ports from 1 to 65535, e.g. node1:5000,node2:5000";
    for (var host : hosts) {
      Check.input(HOST_PORT.matcher(host).matches(),
          hostsKey, reader.string(hostsKey, DEFAULT_HELPER_HOSTS), hostsAccepted);
      PropertyReader.parseLong(hostsKey + " (port of " + host + ")", host.substring(host.lastIndexOf(':') + 1), 1, 65_535);
    }
    var tableKey = reader.aliased(TABLE, CoreWorkload.TABLENAME_PROPERTY);
    var table = reader.string(tableKey, CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
    Check.input(TABLE_NAME.matcher(table).matches(), tableKey, table,
        "a table name: a letter, then letters, digits or '_' (optionally parent.child)");
    var requestTimeout = requestTimeout(reader, properties);

    var username = reader.string(USERNAME);
    var securityFile = reader.string(SECURITY).map(file -> PropertyReader.parsePath(SECURITY, file));
    var password = reader.string(PASSWORD).map(Secret::new);
    if (securityFile.isPresent() && !Files.isReadable(securityFile.get())) {
      throw new InvalidPropertyException(SECURITY, securityFile.get().toString(),
          "a readable login/security properties file (e.g. $KVROOT/security/client.security)", "not readable");
    }
    Check.input(password.isEmpty() || username.isPresent(), USERNAME, null, "the user that " + PASSWORD + " belongs to",
        PASSWORD + " is set");
    Check.input(username.isEmpty() || password.isPresent() || securityFile.isPresent(), SECURITY, null,
        "a login/security properties file, or set " + PASSWORD, USERNAME + " is set for a secure store");

    var layout = reader.choice(LAYOUT, TableLayout.COLUMNS);
    var fieldType = reader.choice(FIELD_TYPE, FieldType.STRING);
    if (layout == TableLayout.JSON && fieldType == FieldType.BINARY) {
      throw new InvalidPropertyException(FIELD_TYPE, reader.string(FIELD_TYPE).orElse("binary"), "string",
          "the json layout stores field values as JSON strings; use layout=columns for binary columns");
    }
    var fieldCount = reader.integer(CoreWorkload.FIELD_COUNT_PROPERTY,
        Integer.parseInt(CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT), 1, 1000);
    var prefix = reader.string(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT);
    var names = new ArrayList<String>();
    for (int i = 0; i < fieldCount; i++) {
      names.add(prefix + i);
    }
    TableSchema schema;
    try {
      schema = new TableSchema(layout, fieldType, names);
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException(CoreWorkload.FIELD_NAME_PREFIX, prefix, "a letter, then letters, digits or '_'",
          e.getMessage());
    }

    var consistencyKey = reader.aliased(CONSISTENCY, LEGACY_CONSISTENCY);
    var consistency = reader.string(consistencyKey).map(v -> ReadConsistency.parse(consistencyKey, v))
        .orElse(ReadConsistency.DEFAULT);
    var durabilityKey = reader.aliased(DURABILITY, LEGACY_DURABILITY);
    var durability = reader.string(durabilityKey).map(v -> WriteDurability.parse(durabilityKey, v));

    Optional<BulkPutSettings> bulkPut = Optional.empty();
    if (reader.bool(BULK_PUT, false)) {
      bulkPut = Optional.of(new BulkPutSettings(reader.integer(BULK_PUT_PARALLELISM, 4, 1, 256),
          reader.integer(BULK_PUT_BATCH_SIZE, 5000, 1, 10_000_000)));
    }
    return new OracleNoSqlSettings(storeName, hosts, table, requestTimeout, username, securityFile, password, schema,
        consistency, durability, bulkPut, reader.integer(Client.THREAD_COUNT_PROPERTY, 1, 1, Integer.MAX_VALUE));
  }

  /**
   * Whether an instance with these settings can share a session opened with {@code other}: same
   * store, login and table shape. Per-operation settings (consistency, durability, timeout, bulk
   * put) may differ: each instance applies its own.
   */
  boolean sameStoreAndTable(OracleNoSqlSettings other) {
    return storeName.equals(other.storeName) && helperHosts.equals(other.helperHosts) && table.equals(other.table)
        && username.equals(other.username) && securityFile.equals(other.securityFile)
        && password.map(Secret::value).equals(other.password.map(Secret::value)) && schema.equals(other.schema);
  }

  /**
   * {@code oraclenosql.requesttimeout} takes a duration; YCSB's {@code requestTimeout} counted seconds.
   * Unset, {@code storage.operation.timeout} (the one setting every binding's timeouts derive from),
   * raised to {@value #TIMEOUT_PER_THREAD_MS} ms per client thread when that is longer (64 threads:
   * 16 s), since a scan reads every partition and its requests queue behind every other thread's on a
   * small store (workload E, 64 threads, 5 s, a 2-core KVLite: 7 % of scans timed out).
   */
  private static Duration requestTimeout(PropertyReader reader, Properties properties) {
    var key = reader.aliased(REQUEST_TIMEOUT, LEGACY_REQUEST_TIMEOUT);
    if (reader.string(key).isPresent()) {
      return reader.duration(key, Duration.ZERO, Duration.ofMillis(1), DurationFormat.UNBOUNDED);
    }
    var sized = Duration.ofMillis(TIMEOUT_PER_THREAD_MS * reader.integer(Client.THREAD_COUNT_PROPERTY, 1, 1,
        Integer.MAX_VALUE));
    var operation = OperationTimeout.from(properties);
    return sized.compareTo(operation) > 0 ? sized : operation;
  }
}
