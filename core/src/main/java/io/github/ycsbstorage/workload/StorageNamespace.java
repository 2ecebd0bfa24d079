package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Set;

/** The {@code storage.*} keys, for the launcher's unknown-key check. Stateless. */
public final class StorageNamespace implements PropertyNamespace {
  @Override
  public String prefix() {
    return StorageSettings.PREFIX;
  }

  @Override
  public Set<String> keys() {
    return StorageSettings.KEYS;
  }
}
