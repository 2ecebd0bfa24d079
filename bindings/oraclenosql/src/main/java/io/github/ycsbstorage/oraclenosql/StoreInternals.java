package io.github.ycsbstorage.oraclenosql;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalInt;
import java.util.logging.Logger;
import oracle.kv.KVStore;

/**
 * The only place that uses Oracle NoSQL's internal classes, for what no documented interface gives:
 * the client's own copy of the topology ({@code KVStoreImpl.getTopology()}, for stores whose admin
 * cannot be asked), and a replication node's exact JE cache size and total log size (its environment's
 * configuration and statistics, from kvstore.jar's {@code RegistryUtils} → {@code RepNodeAdmin.getInfo()},
 * logged in as the client is). Everything is reached reflectively (present from 18.3 to 25.3), so that
 * an installation whose classes differ, or a classpath without kvstore.jar, makes the figures unknown
 * with the reason instead of failing. Stateless.
 */
final class StoreInternals {
  /** The source named for figures read here. */
  static final String SOURCE = "kvstore.jar RepNodeAdmin.getInfo(), an internal interface";

  private StoreInternals() {
  }

  /** Why an internal figure could not be read. */
  static final class Unavailable extends Exception {
    Unavailable(String message) {
      super(message);
    }
  }

  /**
   * A replication node's JE environment as it reports itself.
   *
   * @param cacheBytes    the JE cache size ({@code EnvironmentConfig.getCacheSize()}, the environment's budget)
   * @param totalLogBytes bytes of the environment's log files ({@code EnvironmentStats.getTotalLogSize()}),
   *                      refreshed by JE only at checkpoints, after a cleaner-bytes interval of writing,
   *                      and when a timed cleaner wakeup (every 10 s) finds no writes since the previous one
   * @param endOfLog      the log's current end ({@code EnvironmentStats.getEndOfLog()}, a JE LSN: file
   *                      number in the upper 32 bits, offset in that file in the lower), always current
   * @param cacheMisses   log entries read from the log files because neither the JE cache nor the log
   *                      buffers held them ({@code EnvironmentStats.getNCacheMiss()}): each one a file read;
   *                      counted since the replication node last cleared its statistics
   */
  record Environment(long cacheBytes, long totalLogBytes, long endOfLog, long cacheMisses) {
    /** Whether the log is one file whose whole length the total already counts: then it is current. */
    boolean totalCoversEndOfLog() {
      return (endOfLog >>> 32) == 0 && totalLogBytes >= (endOfLog & 0xFFFF_FFFFL);
    }
  }

  /** The client's copy of the topology; every figure unknown when it cannot be read. */
  static StoreTopology topology(KVStore store) {
    Object topology;
    try {
      topology = call(store, "getTopology");
    } catch (ReflectiveOperationException | RuntimeException e) {
      return StoreTopology.UNKNOWN;
    }
    return new StoreTopology(size(topology, "getRepGroupMap"), replicationFactor(topology),
        size(topology, "getPartitionMap"), hosts(topology), repNodes(topology));
  }

  /**
   * The JE environment of replication node {@code repNodeId} (e.g. {@code rg1-rn1}).
   *
   * @throws Unavailable with the reason: kvstore.jar not on the classpath, other internals, refused, unreachable
   */
  static Environment environment(KVStore store, String repNodeId) throws Unavailable {
    Class<?> registryUtils;
    Class<?> repNodeIdClass;
    try {
      registryUtils = Class.forName("oracle.kv.impl.util.registry.RegistryUtils", true, store.getClass().getClassLoader());
      repNodeIdClass = Class.forName("oracle.kv.impl.topo.RepNodeId", true, store.getClass().getClassLoader());
      Class.forName("oracle.kv.impl.rep.admin.RepNodeAdminAPI", false, store.getClass().getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new Unavailable("kvstore.jar's admin classes are not on the classpath (" + e.getMessage()
          + "); bin/ycsb puts $KVHOME/lib/* there");
    }
    try {
      var topology = call(store, "getTopology");
      var storeImpl = Class.forName("oracle.kv.impl.api.KVStoreImpl", true, store.getClass().getClassLoader());
      var loginManager = storeImpl.getMethod("getLoginManager", KVStore.class).invoke(null, store);
      var loginClass = Class.forName("oracle.kv.impl.security.login.LoginManager", true,
          store.getClass().getClassLoader());
      var registry = registryUtils.getConstructor(topology.getClass(), loginClass, Logger.class)
          .newInstance(topology, loginManager, Logger.getLogger(StoreInternals.class.getName()));
      var id = repNodeIdClass.getMethod("parse", String.class).invoke(null, repNodeId);
      var admin = registryUtils.getMethod("getRepNodeAdmin", repNodeIdClass).invoke(registry, id);
      var info = call(admin, "getInfo");
      var config = call(info, "getEnvConfig");
      var stats = call(info, "getEnvStats");
      if (config == null || stats == null) {
        throw new Unavailable(repNodeId + " has no open environment");
      }
      return new Environment((Long) call(config, "getCacheSize"), (Long) call(stats, "getTotalLogSize"),
          (Long) call(stats, "getEndOfLog"), (Long) call(stats, "getNCacheMiss"));
    } catch (InvocationTargetException e) {
      var cause = e.getCause() == null ? e : e.getCause();
      throw new Unavailable(repNodeId + " did not answer: " + cause.getClass().getSimpleName() + ": "
          + cause.getMessage());
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new Unavailable("this installation's internal classes differ from 25.3's (" + e + ")");
    } catch (RuntimeException e) {
      throw new Unavailable(repNodeId + " did not answer: " + e.getClass().getSimpleName() + ": " + e.getMessage());
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

  private static List<String> repNodes(Object topology) {
    var ids = new ArrayList<String>();
    try {
      for (var shard : (Collection<?>) call(call(topology, "getRepGroupMap"), "getAll")) {
        for (var node : (Collection<?>) call(shard, "getRepNodes")) {
          ids.add(call(node, "getResourceId").toString());
        }
      }
      return ids;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return List.of();
    }
  }

  private static Object call(Object target, String method) throws ReflectiveOperationException {
    var handle = target.getClass().getMethod(method);
    handle.setAccessible(true);
    return handle.invoke(target);
  }
}
