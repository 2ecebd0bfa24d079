package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Set;

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
}
