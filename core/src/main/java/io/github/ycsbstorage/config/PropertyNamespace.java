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
}
