package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Properties;
import java.util.Set;

/**
 * Every key of the {@code oraclenosql.} namespace. YCSB's old {@code nosqldb} names
 * ({@code storeName}, {@code helperHost}, ...) have no prefix and are therefore not listed here; the
 * binding reads them as fallbacks. Stateless.
 */
public final class OracleNoSqlNamespace implements PropertyNamespace {
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

  private static final Set<String> KEYS = Set.of(STORE_NAME, HELPER_HOSTS, TABLE, REQUEST_TIMEOUT, USERNAME,
      SECURITY, PASSWORD, LAYOUT, FIELD_TYPE, CONSISTENCY, DURABILITY, BULK_PUT, BULK_PUT_PARALLELISM,
      BULK_PUT_BATCH_SIZE);

  @Override
  public String prefix() {
    return PREFIX;
  }

  @Override
  public Set<String> keys() {
    return KEYS;
  }

  @Override
  public Set<String> otherKeys() {
    return Set.of(LEGACY_STORE_NAME, LEGACY_HELPER_HOST, LEGACY_CONSISTENCY, LEGACY_DURABILITY, LEGACY_REQUEST_TIMEOUT);
  }

  @Override
  public boolean checked(Properties properties) {
    return OracleNoSqlClient.class.getName().equals(properties.getProperty("db", "").trim());
  }

  @Override
  public void check(Properties properties) {
    try {
      ClientSettings.from(properties);
    } catch (NoClassDefFoundError e) {
      // no kvclient.jar on this classpath: the oraclenosql launcher says what is missing
    }
  }
}
