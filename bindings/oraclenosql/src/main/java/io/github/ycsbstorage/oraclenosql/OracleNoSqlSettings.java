package io.github.ycsbstorage.oraclenosql;

import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.BULK_PUT;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.BULK_PUT_BATCH_SIZE;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.BULK_PUT_PARALLELISM;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.CONSISTENCY;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.DURABILITY;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.FIELD_TYPE;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.HELPER_HOSTS;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.LAYOUT;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.LEGACY_CONSISTENCY;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.LEGACY_DURABILITY;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.LEGACY_HELPER_HOST;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.LEGACY_REQUEST_TIMEOUT;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.LEGACY_STORE_NAME;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.PASSWORD;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.REQUEST_TIMEOUT;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.SECURITY;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.STORE_NAME;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.TABLE;
import static io.github.ycsbstorage.oraclenosql.OracleNoSqlNamespace.USERNAME;

import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;
import oracle.kv.Durability;

/**
 * Everything the binding reads from YCSB's properties, validated before any connection is made.
 * Each {@code oraclenosql.*} key wins over YCSB's old {@code nosqldb} name for the same setting.
 * The password is a {@link Secret}, so {@link #toString()} never shows it. Immutable.
 *
 * @param storeName      the store's name
 * @param helperHosts    host:port of storage nodes to bootstrap from
 * @param table          the table the workload uses
 * @param requestTimeout kvclient's request timeout; empty keeps kvclient's default
 * @param username       user of a secure store
 * @param securityFile   a login/security properties file for a secure store
 * @param password       the user's password, when no security file holds the login
 * @param schema         table layout and field names
 * @param consistency    read consistency
 * @param durability     write durability; empty keeps kvclient's default
 * @param bulkPut        bulk put load settings, empty when {@code oraclenosql.bulkput} is off
 * @param threads        YCSB's client threads ({@code threadcount}), which share one store handle
 */
record ClientSettings(String storeName, List<String> helperHosts, String table, Optional<Duration> requestTimeout,
                      Optional<String> username, Optional<Path> securityFile, Optional<Secret> password,
                      TableSchema schema, ReadConsistency consistency, Optional<Durability> durability,
                      Optional<BulkPutSettings> bulkPut, int threads) {
  static final String DEFAULT_STORE = "kvstore";
  static final String DEFAULT_HELPER_HOSTS = "localhost:5000";

  private static final Pattern HOST_PORT = Pattern.compile("[A-Za-z0-9.\\-]+:\\d{1,5}|\\[[0-9A-Fa-f:]+]:\\d{1,5}");
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
  static ClientSettings from(Properties properties) {
    var reader = new PropertyReader(properties);
    var storeName = reader.firstOf(STORE_NAME, LEGACY_STORE_NAME).orElse(DEFAULT_STORE);
    var hostsKey = reader.string(HELPER_HOSTS).isPresent() ? HELPER_HOSTS : LEGACY_HELPER_HOST;
    var hostsText = reader.string(hostsKey, DEFAULT_HELPER_HOSTS);
    var hosts = Arrays.stream(hostsText.split(",")).map(String::trim).filter(h -> !h.isEmpty()).toList();
    if (hosts.isEmpty() || !hosts.stream().allMatch(h -> HOST_PORT.matcher(h).matches())) {
      throw new InvalidPropertyException(hostsKey, hostsText, "comma-separated host:port pairs, e.g. node1:5000,node2:5000");
    }
    var table = reader.string(TABLE).orElse(reader.string("table", "usertable"));
    if (!TABLE_NAME.matcher(table).matches()) {
      throw new InvalidPropertyException(reader.string(TABLE).isPresent() ? TABLE : "table", table,
          "a table name: a letter, then letters, digits or '_' (optionally parent.child)");
    }
    var requestTimeout = requestTimeout(reader);

    var username = reader.string(USERNAME);
    var securityFile = reader.string(SECURITY).map(file -> PropertyReader.parsePath(SECURITY, file));
    var password = reader.string(PASSWORD).map(Secret::new);
    if (securityFile.isPresent() && !Files.isReadable(securityFile.get())) {
      throw new InvalidPropertyException(SECURITY, securityFile.get().toString(),
          "a readable login/security properties file (e.g. $KVROOT/security/client.security)", "not readable");
    }
    if (password.isPresent() && username.isEmpty()) {
      throw new InvalidPropertyException(USERNAME, null, "the user that " + PASSWORD + " belongs to",
          PASSWORD + " is set");
    }
    if (username.isPresent() && password.isEmpty() && securityFile.isEmpty()) {
      throw new InvalidPropertyException(SECURITY, null,
          "a login/security properties file, or set " + PASSWORD, USERNAME + " is set for a secure store");
    }

    var layout = reader.choice(LAYOUT, TableLayout.COLUMNS);
    var fieldType = reader.choice(FIELD_TYPE, FieldType.STRING);
    if (layout == TableLayout.JSON && fieldType == FieldType.BINARY) {
      throw new InvalidPropertyException(FIELD_TYPE, reader.string(FIELD_TYPE).orElse("binary"), "string",
          "the json layout stores field values as JSON strings; use layout=columns for binary columns");
    }
    var fieldCount = reader.integer("fieldcount", 10, 1, 1000);
    var prefix = reader.string("fieldnameprefix", "field");
    var names = new ArrayList<String>();
    for (int i = 0; i < fieldCount; i++) {
      names.add(prefix + i);
    }
    TableSchema schema;
    try {
      schema = new TableSchema(layout, fieldType, names);
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException("fieldnameprefix", prefix, "a letter, then letters, digits or '_'",
          e.getMessage());
    }

    var consistencyKey = reader.string(CONSISTENCY).isPresent() ? CONSISTENCY : LEGACY_CONSISTENCY;
    var consistency = reader.string(consistencyKey).map(v -> ReadConsistency.parse(consistencyKey, v))
        .orElse(ReadConsistency.DEFAULT);
    var durabilityKey = reader.string(DURABILITY).isPresent() ? DURABILITY : LEGACY_DURABILITY;
    var durability = reader.string(durabilityKey).map(v -> WriteDurability.parse(durabilityKey, v));

    Optional<BulkPutSettings> bulkPut = Optional.empty();
    if (reader.bool(BULK_PUT, false)) {
      bulkPut = Optional.of(new BulkPutSettings(reader.integer(BULK_PUT_PARALLELISM, 4, 1, 256),
          reader.integer(BULK_PUT_BATCH_SIZE, 5000, 1, 10_000_000)));
    }
    return new ClientSettings(storeName, hosts, table, requestTimeout, username, securityFile, password, schema,
        consistency, durability, bulkPut, reader.integer("threadcount", 1, 1, Integer.MAX_VALUE));
  }

  /**
   * Whether an instance with these settings can share a session opened with {@code other}: same
   * store, login and table shape. Per-operation settings (consistency, durability, timeout, bulk
   * put) may differ: each instance applies its own.
   */
  boolean sameStoreAndTable(ClientSettings other) {
    return storeName.equals(other.storeName) && helperHosts.equals(other.helperHosts) && table.equals(other.table)
        && username.equals(other.username) && securityFile.equals(other.securityFile)
        && password.map(Secret::value).equals(other.password.map(Secret::value)) && schema.equals(other.schema);
  }

  /** {@code oraclenosql.requesttimeout} takes a duration; YCSB's {@code requestTimeout} counted seconds. */
  private static Optional<Duration> requestTimeout(PropertyReader reader) {
    var key = reader.string(REQUEST_TIMEOUT).isPresent() ? REQUEST_TIMEOUT : LEGACY_REQUEST_TIMEOUT;
    var timeout = reader.string(key);
    if (timeout.isEmpty()) {
      return Optional.empty();
    }
    Duration parsed;
    try {
      parsed = DurationFormat.parse(timeout.get());
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException(key, timeout.get(), DurationFormat.ACCEPTED);
    }
    if (parsed.toMillis() < 1) {
      throw new InvalidPropertyException(key, timeout.get(), "at least 1ms; " + DurationFormat.ACCEPTED);
    }
    return Optional.of(parsed);
  }
}
