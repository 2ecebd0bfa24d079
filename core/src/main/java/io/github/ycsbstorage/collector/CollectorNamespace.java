package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/** Declares every {@code collector.*} key, so that misspelt ones are rejected. Stateless. */
public final class CollectorNamespace implements PropertyNamespace {
  @Override
  public String prefix() {
    return CollectorSettings.PREFIX;
  }

  @Override
  public Set<String> keys() {
    return CollectorSettings.KEYS;
  }

  @Override
  public void check(Properties properties) {
    CollectorSettings.from(properties, Optional.empty());
  }
}
