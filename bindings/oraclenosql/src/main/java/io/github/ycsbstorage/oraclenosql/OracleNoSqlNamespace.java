package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;

/**
 * Declares every {@code oraclenosql.*} key, so that misspelt ones are rejected. YCSB's old
 * {@code nosqldb} names ({@code storeName}, {@code helperHost}, ...) have no prefix and are therefore
 * not listed; the binding reads them as fallbacks. Stateless.
 */
public final class OracleNoSqlNamespace implements PropertyNamespace {
  @Override
  public String prefix() {
    return OracleNoSqlSettings.PREFIX;
  }

  @Override
  public Set<String> keys() {
    return OracleNoSqlSettings.KEYS;
  }

  @Override
  public Set<String> otherKeys() {
    return Set.of(OracleNoSqlSettings.LEGACY_STORE_NAME, OracleNoSqlSettings.LEGACY_HELPER_HOST,
        OracleNoSqlSettings.LEGACY_CONSISTENCY, OracleNoSqlSettings.LEGACY_DURABILITY,
        OracleNoSqlSettings.LEGACY_REQUEST_TIMEOUT);
  }

  @Override
  public boolean checked(Properties properties) {
    return OracleNoSqlClient.class.getName().equals(properties.getProperty(Client.DB_PROPERTY, "").trim());
  }

  @Override
  public void check(Properties properties) {
    try {
      OracleNoSqlSettings.from(properties);
    } catch (NoClassDefFoundError e) {
      // no kvclient.jar on this classpath: the oraclenosql launcher says what is missing
    }
  }
}
