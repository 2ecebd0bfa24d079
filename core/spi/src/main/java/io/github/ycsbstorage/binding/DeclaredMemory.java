package io.github.ycsbstorage.binding;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.PropertyReader;
import java.util.Optional;
import java.util.Properties;

/**
 * The server memory a user declared ({@code storage.server.memory}): the storage-aware workload sizes
 * datasets against it, and an embedded engine sizes its own cache from it, so both mean the same
 * memory. Stateless.
 */
public final class DeclaredMemory {
  /** The property; {@code auto} (or absent) declares nothing. */
  public static final String KEY = "storage.server.memory";

  private DeclaredMemory() {
  }

  /** The declared size; empty for {@code auto} or absent. */
  public static Optional<ByteSize> from(Properties properties) {
    var reader = new PropertyReader(properties);
    return reader.string(KEY).filter(value -> !value.equalsIgnoreCase("auto"))
        .map(value -> reader.byteSize(KEY).orElseThrow());
  }
}
