package io.github.ycsbstorage.store;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Properties;
import java.util.Set;

/** Declares every {@code results.*} key, so that misspelt ones are rejected. Stateless. */
public final class StoreNamespace implements PropertyNamespace {
  @Override
  public String prefix() {
    return StoreSettings.PREFIX;
  }

  @Override
  public Set<String> keys() {
    return StoreSettings.KEYS;
  }

  @Override
  public void check(Properties properties) {
    StoreSettings.from(properties);
  }
}
