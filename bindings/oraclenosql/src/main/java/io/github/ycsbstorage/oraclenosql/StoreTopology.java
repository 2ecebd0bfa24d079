package io.github.ycsbstorage.oraclenosql;

import java.util.List;
import java.util.OptionalInt;

/**
 * The store's topology as the client sees it ({@link StoreInternals#topology}): shards, replication
 * factor, partitions, storage node hosts and replication nodes. Immutable.
 *
 * @param shards            replication groups
 * @param replicationFactor sum of the zones' replication factors
 * @param partitions        partitions of the store
 * @param storageNodeHosts  host names of the storage nodes
 * @param repNodes          replication node ids, e.g. {@code rg1-rn1}
 */
record StoreTopology(OptionalInt shards, OptionalInt replicationFactor, OptionalInt partitions,
                     List<String> storageNodeHosts, List<String> repNodes) {
  static final StoreTopology UNKNOWN =
      new StoreTopology(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(), List.of(), List.of());

  StoreTopology {
    storageNodeHosts = List.copyOf(storageNodeHosts);
    repNodes = List.copyOf(repNodes);
  }
}
