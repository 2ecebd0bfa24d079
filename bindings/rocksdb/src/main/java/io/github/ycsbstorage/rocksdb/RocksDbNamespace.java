package io.github.ycsbstorage.rocksdb;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;

/**
 * Declares every {@code rocksdb.*} key the binding reads (YCSB 0.17.0's {@code rocksdb.dir} and
 * {@code rocksdb.optionsfile} among them), so that misspelt ones are rejected. Stateless.
 */
public final class RocksDbNamespace implements PropertyNamespace {
  @Override
  public String prefix() {
    return RocksDbSettings.PREFIX;
  }

  @Override
  public Set<String> keys() {
    return RocksDbSettings.KEYS;
  }

  @Override
  public boolean checked(Properties properties) {
    return RocksDbClient.class.getName().equals(properties.getProperty(Client.DB_PROPERTY, "").trim());
  }

  @Override
  public void check(Properties properties) {
    RocksDbSettings.from(properties);
  }
}
