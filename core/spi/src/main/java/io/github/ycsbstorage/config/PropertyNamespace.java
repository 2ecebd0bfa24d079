package io.github.ycsbstorage.config;

import java.util.Set;

/**
 * The keys one component understands under its prefix (e.g. {@code mongodb.}). Components declare
 * themselves through {@link java.util.ServiceLoader} ({@code META-INF/services}), so that the
 * launcher can reject misspelt keys before a run starts, whichever bindings are on the classpath.
 *
 * <p>Implementations must be stateless.
 */
public interface PropertyNamespace {
  /** The prefix including the dot, e.g. {@code "storage."}. */
  String prefix();

  /** Every full key accepted under the prefix, e.g. {@code "storage.dataset.ratio"}. */
  Set<String> keys();

  /** Keys outside the prefix that the component reads too, e.g. YCSB's older {@code batchsize}. */
  default Set<String> otherKeys() {
    return Set.of();
  }

  /**
   * Checks the values of the component's keys without touching any server or file, so that a bad
   * value is refused before anything runs (also for a study, before its first cell).
   *
   * @throws InvalidPropertyException naming the first bad property
   */
  default void check(java.util.Properties properties) {
  }

  /**
   * Whether {@link #check} applies to these properties: a binding's combined settings (a password
   * needs a user) only matter when it is the {@code db}. The keys are checked whatever the db.
   */
  default boolean checked(java.util.Properties properties) {
    return true;
  }
}
