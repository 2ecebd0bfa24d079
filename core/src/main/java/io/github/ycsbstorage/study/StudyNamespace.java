package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Set;

/** Declares every {@code study.*} key, so that misspelt ones are rejected. Stateless. */
public final class StudyNamespace implements PropertyNamespace {
  @Override
  public String prefix() {
    return StudySettings.PREFIX;
  }

  @Override
  public Set<String> keys() {
    return StudySettings.KEYS;
  }
}
