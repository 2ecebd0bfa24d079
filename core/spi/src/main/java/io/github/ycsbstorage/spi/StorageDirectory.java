package io.github.ycsbstorage.spi;

import java.util.OptionalLong;

/**
 * A directory on a server host where the database keeps its data (an Oracle NoSQL storage directory,
 * a MongoDB {@code dbPath}). Immutable.
 *
 * @param host      the host that holds it, as the server names it
 * @param path      the path on that host
 * @param locality  whether that host is this one (only then can its device be inspected from here)
 * @param sizeBytes the capacity the server was told the directory has, when it says
 * @param source    where the directory was learnt, e.g. {@code show parameters -service sn1: storageDirs}
 */
public record StorageDirectory(String host, String path, Locality locality, OptionalLong sizeBytes, String source) {
  public StorageDirectory {
    if (host == null || host.isBlank() || path == null || path.isBlank()) {
      throw new IllegalArgumentException("a storage directory needs a host and a path: " + host + ":" + path);
    }
    if (locality == null || sizeBytes == null) {
      throw new IllegalArgumentException("locality and sizeBytes must not be null (use UNKNOWN / empty)");
    }
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("source must be named");
    }
  }
}
