package io.github.ycsbstorage.spi;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * One node of the database server (an Oracle NoSQL storage node, a replica set member) as the server
 * described it. Absent figures are unknown; {@link ServerInfo#unknown()} says why. Immutable.
 *
 * @param id       the server's own name for the node, e.g. {@code sn1}
 * @param host     the host it runs on, as the server names it
 * @param locality whether that host is this one
 * @param ram      the memory the node may use (e.g. a storage node's {@code memoryMB})
 * @param cache    the database cache of the node's processes (e.g. the JE caches of its replication nodes)
 * @param capacity how many database processes the node is meant to host (a storage node's capacity)
 * @param source   where the node's identity, host and capacity were learnt
 */
public record ServerNode(String id, String host, Locality locality, Optional<MemoryFigure> ram,
                         Optional<MemoryFigure> cache, OptionalInt capacity, String source) {
  public ServerNode {
    if (id == null || id.isBlank() || host == null || host.isBlank()) {
      throw new IllegalArgumentException("a node needs an id and a host: " + id + "@" + host);
    }
    if (locality == null || ram == null || cache == null || capacity == null) {
      throw new IllegalArgumentException("locality, ram, cache and capacity must not be null (use empty)");
    }
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("source must be named");
    }
  }
}
