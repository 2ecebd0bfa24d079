package io.github.ycsbstorage.oraclenosql;

import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalInt;
import oracle.kv.KVStore;

/**
 * The store's topology as the client sees it: shards, replication factor, partitions and storage
 * node hosts. kvclient's public API does not expose the topology, so this reads the client's own
 * topology copy reflectively ({@code KVStoreImpl.getTopology()}, present from 18.3 to 25.3); when the
 * internals differ, every figure stays unknown instead of failing. Immutable.
 *
 * @param shards            replication groups
 * @param replicationFactor sum of the zones' replication factors
 * @param partitions        partitions of the store
 * @param storageNodeHosts  host names of the storage nodes
 */
record StoreTopology(OptionalInt shards, OptionalInt replicationFactor, OptionalInt partitions,
                     List<String> storageNodeHosts) {
  static final StoreTopology UNKNOWN =
      new StoreTopology(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(), List.of());

  StoreTopology {
    storageNodeHosts = List.copyOf(storageNodeHosts);
  }

  static StoreTopology of(KVStore store) {
    Object topology;
    try {
      topology = call(store, "getTopology");
    } catch (ReflectiveOperationException | RuntimeException e) {
      return UNKNOWN;
    }
    return new StoreTopology(size(topology, "getRepGroupMap"), replicationFactor(topology),
        size(topology, "getPartitionMap"), hosts(topology));
  }

  /** Whether every storage node runs on this machine; false when no host is known. */
  boolean allLocal() {
    if (storageNodeHosts.isEmpty()) {
      return false;
    }
    for (var host : storageNodeHosts) {
      try {
        var address = InetAddress.getByName(host);
        if (!address.isLoopbackAddress() && !isThisHost(address)) {
          return false;
        }
      } catch (UnknownHostException e) {
        return false;
      }
    }
    return true;
  }

  private static boolean isThisHost(InetAddress address) {
    try {
      return java.net.NetworkInterface.getByInetAddress(address) != null;
    } catch (java.net.SocketException e) {
      return false;
    }
  }

  private static OptionalInt size(Object topology, String map) {
    try {
      return OptionalInt.of((Integer) call(call(topology, map), "size"));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return OptionalInt.empty();
    }
  }

  private static OptionalInt replicationFactor(Object topology) {
    try {
      int total = 0;
      for (var zone : (Collection<?>) call(call(topology, "getDatacenterMap"), "getAll")) {
        total += (Integer) call(zone, "getRepFactor");
      }
      return total > 0 ? OptionalInt.of(total) : OptionalInt.empty();
    } catch (ReflectiveOperationException | RuntimeException e) {
      return OptionalInt.empty();
    }
  }

  private static List<String> hosts(Object topology) {
    var hosts = new ArrayList<String>();
    try {
      for (var node : (Collection<?>) call(call(topology, "getStorageNodeMap"), "getAll")) {
        hosts.add((String) call(node, "getHostname"));
      }
      return hosts;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return List.of();
    }
  }

  private static Object call(Object target, String method) throws ReflectiveOperationException {
    try {
      var handle = target.getClass().getMethod(method);
      handle.setAccessible(true);
      return handle.invoke(target);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw e;
    }
  }
}
