package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.EngineCounters;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.MemoryFigure;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerNode;
import io.github.ycsbstorage.spi.StorageDirectory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import oracle.kv.KVStore;
import oracle.kv.KVVersion;

/**
 * What the binding tells the storage-aware workload about the store, each figure with its source:
 * documented admin commands first ({@link StoreDescription}), the internal interface only for what
 * nothing documented gives (exact JE cache size, log size: {@link StoreInternals}), a figure computed
 * from documented parameters labelled as computed, and an unknown figure with the reason. The
 * description costs two admin-shell JVM starts, so it is made once per store session; the dataset
 * size is asked afresh. Thread-safe.
 */
final class ServerFacts {
  static final String PRODUCT = "Oracle NoSQL Database";
  /** How the names of KV's pause-detector threads begin ({@code KV Pause Checker 1}, ...). */
  static final String PAUSE_CHECKER = "KV Pause Checker";
  /**
   * A log that did not grow for this long has a current total: JE's cleaner wakes every 10 s and
   * refreshes the total when it finds no writes since its previous wakeup.
   */
  static final Duration QUIET_REFRESH = Duration.ofSeconds(21);
  /** How long {@link #datasetSize()} waits at most for a current total. */
  static final Duration LOG_SIZE_WAIT = Duration.ofSeconds(45);
  private static final String ADMIN = "kvstore.jar runadmin";

  /** Reads a replication node's environment; the internal interface, replaced in tests. */
  @FunctionalInterface
  interface Environments {
    StoreInternals.Environment of(String repNodeId) throws StoreInternals.Unavailable;
  }

  private final KVStore store;
  private final OracleNoSqlSettings settings;
  private final Environments environments;
  private final LongSupplier clock;
  private ServerInfo described;
  private Optional<String> countersUnknown;

  ServerFacts(KVStore store, OracleNoSqlSettings settings) {
    this(store, settings, id -> StoreInternals.environment(store, id), System::nanoTime);
  }

  ServerFacts(KVStore store, OracleNoSqlSettings settings, Environments environments, LongSupplier clock) {
    this.store = store;
    this.settings = settings;
    this.environments = environments;
    this.clock = clock;
  }

  /** The store's description, made on the first call. */
  synchronized ServerInfo serverInfo() {
    if (described == null) {
      Optional<StoreDescription> description;
      String adminWhy = "";
      try {
        description = Optional.of(StoreDescription.read(AdminShell.of(settings)));
      } catch (AdminShell.AdminException e) {
        description = Optional.empty();
        adminWhy = e.getMessage();
      }
      described = describe(description, adminWhy, StoreInternals.topology(store));
      countersUnknown = countersUnknown(description, adminWhy);
    }
    return described;
  }

  /**
   * Why the replication nodes' JE counters cannot be differenced over a phase: a node that collects its
   * environment statistics ({@code collectEnvStats}, the default) clears them every {@code statsInterval},
   * so a phase's difference would lose what came before the last clearing. Empty when none does.
   */
  synchronized Optional<String> countersUnknown() {
    serverInfo();
    return countersUnknown;
  }

  static Optional<String> countersUnknown(Optional<StoreDescription> description, String adminWhy) {
    if (description.isEmpty()) {
      return Optional.of("whether the replication nodes clear their JE statistics is unknown: the store's admin"
          + " shell gave no answer: " + adminWhy);
    }
    var clearing = description.get().repNodes().stream().filter(StoreDescription.RepNode::clearsEnvStats)
        .map(StoreDescription.RepNode::id).toList();
    return clearing.isEmpty() ? Optional.empty() : Optional.of("the replication nodes " + String.join(", ", clearing)
        + " collect their JE statistics (collectEnvStats=true) and clear them every statsInterval; with"
        + " 'plan change-parameters -all-rns -params collectEnvStats=false' the phase records JE's cache misses");
  }

  /**
   * The replication nodes' JE counters now: their cache misses (log entries read from files) summed;
   * every counter unknown when a node cannot be asked.
   */
  EngineCounters engineCounters() {
    return engineCounters(StoreInternals.topology(store).repNodes());
  }

  EngineCounters engineCounters(List<String> repNodes) {
    var none = OptionalLong.empty();
    try {
      long misses = 0;
      for (var environment : environments(repNodes).values()) {
        misses += environment.cacheMisses();
      }
      return new EngineCounters(none, repNodes.isEmpty() ? none : OptionalLong.of(misses), none, none, none, none,
          none, none, none);
    } catch (StoreInternals.Unavailable e) {
      return new EngineCounters(none, none, none, none, none, none, none, none, none);
    }
  }

  /**
   * Assembles the description from what the admin shell said (or why it said nothing) and the client's
   * topology.
   */
  ServerInfo describe(Optional<StoreDescription> description, String adminWhy, StoreTopology clientTopology) {
    var info = ServerInfo.builder(PRODUCT).storageEngine("Berkeley DB Java Edition")
        // KV's JVM pause detectors (oracle.kv.impl.measurement.JVMStats.PauseChecker) sleep 1 ms in a loop,
        // about 900 wake-ups a second each, and wait for a CPU at every one while other work holds the cores
        .backgroundThread(PAUSE_CHECKER)
        .detail("store", settings.storeName())
        .detail("helperHosts", String.join(",", settings.helperHosts()))
        .detail("kvclient.version", KVVersion.CURRENT_VERSION.getNumericVersionString())
        .detail("kvclient.jar", IncompatibleClient.clientLocation());
    if (description.isEmpty()) {
      describeFromClient(info, adminWhy, clientTopology);
      return info.build();
    }
    var store = description.get();
    info.version(store.version()).detail("versionLine", store.versionLine())
        .detail("shards", Integer.toString(store.shards()))
        .detail("replicationFactor", Integer.toString(store.replicationFactor()))
        .detail("partitions", Integer.toString(store.partitions()))
        .detail("zones", String.join(",", store.zones()))
        .detail("capacity", Integer.toString(store.storageNodes().stream().mapToInt(StoreDescription.StorageNode::capacity).sum()))
        .detail("storageNodes", String.join(",", store.storageNodes().stream().map(StoreDescription.StorageNode::host).toList()));
    if (store.kvlite()) {
      info.detail("kvlite", "true");
    }
    var hosts = store.storageNodes().stream().map(StoreDescription.StorageNode::host).toList();
    info.locality(HostLocality.ofAll(hosts));

    var rams = new ArrayList<Optional<MemoryFigure>>();
    var caches = new ArrayList<Optional<MemoryFigure>>();
    var ramWhy = new ArrayList<String>();
    var cacheWhy = new ArrayList<String>();
    var localEnvironments = new ArrayList<Path>();
    for (var sn : store.storageNodes()) {
      var locality = HostLocality.of(sn.host());
      var ram = sn.memoryMb() > 0
          ? Optional.of(new MemoryFigure(sn.memoryMb() << 20, sn.id() + " memoryMB=" + sn.memoryMb()
              + " (show parameters -service " + sn.id() + ", " + ADMIN + ")"))
          : Optional.<MemoryFigure>empty();
      if (ram.isEmpty()) {
        ramWhy.add(sn.id() + " memoryMB is 0 (not set" + (store.kvlite() ? "; KVLite runs its services in one JVM" : "")
            + ")");
      }
      rams.add(ram);
      var snCaches = new ArrayList<Optional<MemoryFigure>>();
      for (var rn : store.repNodes().stream().filter(rn -> rn.storageNode().equals(sn.id())).toList()) {
        var cache = cache(rn, store.kvlite(), cacheWhy);
        snCaches.add(cache);
        caches.add(cache);
        var directory = rn.mountPoint().orElse(sn.rootDir() + "/" + store.storeName() + "/" + sn.id());
        if (locality == Locality.LOCAL) {
          localEnvironments.add(Path.of(directory, rn.id(), "env"));
        }
      }
      info.node(new ServerNode(sn.id(), sn.host(), locality, ram,
          sum(snCaches, 1, "JE caches of " + sn.id() + "'s replication nodes"),
          OptionalInt.of(sn.capacity()), "show topology, show parameters -service " + sn.id() + " (" + ADMIN + ")"));
      if (sn.cpus() > 0) {
        info.detail(sn.id() + ".numCPUs", Integer.toString(sn.cpus()));
      }
      var directories = sn.storageDirs().isEmpty()
          ? List.of(new StoreDescription.Directory(sn.rootDir() + "/" + store.storeName() + "/" + sn.id(), OptionalLong.empty()))
          : sn.storageDirs();
      for (var dir : directories) {
        info.storageDirectory(new StorageDirectory(sn.host(), dir.path(), locality, dir.sizeBytes(),
            sn.storageDirs().isEmpty() ? sn.id() + " root directory, no storage directory configured (show topology)"
                : "show parameters -service " + sn.id() + ": storageDirs (" + ADMIN + ")"));
      }
    }
    int copies = Math.max(1, store.replicationFactor());
    sum(rams, copies, "memoryMB of the storage nodes").ifPresentOrElse(info::ram,
        () -> info.unknown("ram", String.join("; ", ramWhy)));
    sum(caches, copies, "JE caches of the replication nodes").ifPresentOrElse(info::cache,
        () -> info.unknown("cache", String.join("; ", cacheWhy)));
    dataPath(localEnvironments).ifPresent(info::dataPath);
    if (!localEnvironments.isEmpty()) {
      // the store's own CPU and I/O per operation need its process (KVLite: one JVM)
      var roots = store.storageNodes().stream().filter(sn -> HostLocality.of(sn.host()) == Locality.LOCAL)
          .map(StoreDescription.StorageNode::rootDir).toList();
      var pid = LocalServerProcess.port(settings.helperHosts())
          .map(port -> LocalServerProcess.live().find(port, roots)).orElse(OptionalLong.empty());
      pid.ifPresentOrElse(info::pid, () -> info.unknown("pid", "no process on this host listens on the helper host's"
          + " port that this user may inspect (root may), and no live kvlite.pid beside the storage node's root"));
    }
    store.repNodes().forEach(rn -> rn.storageType().ifPresent(type -> info.detail(rn.id() + ".storageType", type)));
    return info.build();
  }

  /**
   * Without the admin shell: the client's topology for locality, every documented store figure unknown,
   * and the exact JE caches from the internal interface, which kvclient.jar holds too (a client-only
   * installation has no admin shell).
   */
  private void describeFromClient(ServerInfo.Builder info, String adminWhy, StoreTopology topology) {
    info.locality(HostLocality.ofAll(topology.storageNodeHosts()));
    topology.shards().ifPresent(n -> info.detail("shards", Integer.toString(n)));
    topology.replicationFactor().ifPresent(n -> info.detail("replicationFactor", Integer.toString(n)));
    topology.partitions().ifPresent(n -> info.detail("partitions", Integer.toString(n)));
    if (!topology.storageNodeHosts().isEmpty()) {
      info.detail("storageNodes", String.join(",", topology.storageNodeHosts()));
    }
    var why = "the store's admin shell gave no answer: " + adminWhy;
    for (var figure : List.of("version", "ram", "storageDirectories")) {
      info.unknown(figure, why);
    }
    var cacheWhy = new ArrayList<String>(List.of(why));
    if (topology.repNodes().isEmpty()) {
      cacheWhy.add("the client's topology names no replication node");
    }
    var caches = topology.repNodes().stream().map(id -> exactCache(id, cacheWhy)).toList();
    sum(caches, topology.replicationFactor().orElse(1), "JE caches of the replication nodes")
        .ifPresentOrElse(info::cache, () -> info.unknown("cache", String.join("; ", cacheWhy)));
  }

  /**
   * A replication node's JE cache: exact from its environment, else its {@code cacheSize} parameter,
   * else computed as {@code rnCachePercent} of the {@code -Xmx} in its JVM parameters (not on KVLite,
   * whose replication node shares the kvlite JVM's heap), else unknown with the reasons.
   */
  private Optional<MemoryFigure> cache(StoreDescription.RepNode rn, boolean kvlite, List<String> why) {
    var reasons = new ArrayList<String>();
    var exact = exactCache(rn.id(), reasons);
    if (exact.isPresent()) {
      return exact;
    }
    var internalWhy = String.join("; ", reasons);
    if (rn.cacheSize() > 0) {
      return Optional.of(new MemoryFigure(rn.cacheSize(), rn.id() + " cacheSize parameter (show parameters -service "
          + rn.id() + ", " + ADMIN + ")"));
    }
    if (!kvlite && rn.heapBytes().isPresent() && rn.cachePercent() > 0) {
      long heap = rn.heapBytes().getAsLong();
      return Optional.of(new MemoryFigure(heap * rn.cachePercent() / 100, "computed: " + rn.id() + " rnCachePercent "
          + rn.cachePercent() + " % of its -Xmx " + (heap >> 20) + " MB (show parameters -service " + rn.id() + ", "
          + ADMIN + "); exact size unknown: " + internalWhy));
    }
    why.add(rn.id() + ": " + internalWhy + (kvlite
        ? "; KVLite runs " + rn.id() + " in its own JVM, whose JE cache is rnCachePercent (" + rn.cachePercent()
            + " %) of that JVM's heap (-Xmx of the kvlite command), which the store does not report"
        : "; cacheSize is 0 and no -Xmx is set in its JVM parameters"));
    return Optional.empty();
  }

  /** A replication node's exact JE cache from its environment; empty with the reason added to {@code why}. */
  private Optional<MemoryFigure> exactCache(String repNodeId, List<String> why) {
    try {
      long bytes = environments.of(repNodeId).cacheBytes();
      if (bytes > 0) {
        return Optional.of(new MemoryFigure(bytes, repNodeId + " JE cache size (" + StoreInternals.SOURCE + ")"));
      }
      why.add(repNodeId + " reported a JE cache of 0 B");
    } catch (StoreInternals.Unavailable e) {
      why.add(e.getMessage());
    }
    return Optional.empty();
  }

  /**
   * The memory that holds one copy of the data: the sum over nodes divided by the number of copies
   * (the replication factor); the figure itself when there is one node and one copy. Empty when any
   * node's figure is unknown.
   */
  static Optional<MemoryFigure> sum(List<Optional<MemoryFigure>> figures, int copies, String what) {
    if (figures.isEmpty() || figures.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    if (figures.size() == 1 && copies == 1) {
      return figures.get(0);
    }
    long total = figures.stream().mapToLong(f -> f.orElseThrow().bytes()).sum();
    var sources = new LinkedHashSet<String>();
    figures.forEach(f -> sources.add(f.orElseThrow().source()));
    return Optional.of(new MemoryFigure(total / copies, "sum of the " + what + (copies > 1
        ? " / replication factor " + copies : "") + ": " + String.join("; ", sources)));
  }

  /**
   * The JE environment folder ({@code <storage directory>/<rn>/env}, Oracle NoSQL's layout) when one
   * replication node's is on this host, else the storage directory of the first local one.
   */
  private static Optional<String> dataPath(List<Path> localEnvironments) {
    if (localEnvironments.size() == 1) {
      return Optional.of(localEnvironments.get(0).toString());
    }
    return localEnvironments.stream().findFirst().map(env -> env.getParent().getParent().toString());
  }

  /**
   * The store's size on disk: the JE log files of every replication node divided by the replication
   * factor, i.e. one copy of the whole store (all tables, not only the workload's). JE refreshes its
   * total only now and then, so this polls until the figure is current: it changed after the call, or
   * it covers the log's end (a one-file log), or the log did not grow for {@link #QUIET_REFRESH} (a
   * timed cleaner wakeup then refreshed it); after {@link #LOG_SIZE_WAIT} it says how stale it may be.
   */
  DatasetSize datasetSize() {
    var topology = StoreInternals.topology(store);
    if (topology.repNodes().isEmpty()) {
      return unknownSize("the client's topology names no replication node");
    }
    int copies = topology.replicationFactor().orElse(1);
    try {
      long start = clock.getAsLong();
      var first = environments(topology.repNodes());
      var latest = first;
      var endOfLog = endsOfLog(first);
      long quietSince = start;
      while (!current(first, latest, clock.getAsLong() - quietSince)
          && clock.getAsLong() - start < LOG_SIZE_WAIT.toNanos()) {
        Thread.sleep(250);
        latest = environments(topology.repNodes());
        if (!endsOfLog(latest).equals(endOfLog)) {
          endOfLog = endsOfLog(latest);
          quietSince = clock.getAsLong();
        }
      }
      long total = latest.values().stream().mapToLong(StoreInternals.Environment::totalLogBytes).sum();
      var stale = current(first, latest, clock.getAsLong() - quietSince) ? ""
          : "; as of JE's last refresh: the store was written to throughout " + LOG_SIZE_WAIT.toSeconds() + " s";
      return new DatasetSize(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.of(total / copies),
          "JE log files of " + String.join(", ", latest.keySet()) + (copies > 1 ? " / replication factor " + copies : "")
              + ", the whole store (totalLogSize from " + StoreInternals.SOURCE + ")" + stale);
    } catch (StoreInternals.Unavailable e) {
      return unknownSize(e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return unknownSize("interrupted while reading the log size");
    }
  }

  /** Whether every replication node's total log size is current; see {@link #datasetSize()}. */
  private static boolean current(Map<String, StoreInternals.Environment> first,
                                 Map<String, StoreInternals.Environment> latest, long quietNanos) {
    if (quietNanos >= QUIET_REFRESH.toNanos()) {
      return true;
    }
    return latest.entrySet().stream().allMatch(e -> e.getValue().totalCoversEndOfLog()
        || e.getValue().totalLogBytes() != first.get(e.getKey()).totalLogBytes());
  }

  private Map<String, StoreInternals.Environment> environments(List<String> repNodes)
      throws StoreInternals.Unavailable {
    var all = new LinkedHashMap<String, StoreInternals.Environment>();
    for (var id : repNodes) {
      all.put(id, environments.of(id));
    }
    return all;
  }

  private static List<Long> endsOfLog(Map<String, StoreInternals.Environment> environments) {
    return environments.values().stream().map(StoreInternals.Environment::endOfLog).toList();
  }

  private static DatasetSize unknownSize(String why) {
    return new DatasetSize(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
        "unknown: the store's size on disk comes only from " + StoreInternals.SOURCE + ": " + why);
  }
}
