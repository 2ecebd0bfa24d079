package io.github.ycsbstorage.oraclenosql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * What a store says about itself through the documented admin commands: {@code ping -json} (versions,
 * storage types), {@code show topology -json} (zones, storage nodes with capacity and root directory,
 * shards) and {@code show parameters -service <sn|rn> -json} (a storage node's {@code memoryMB} and
 * storage directories, a replication node's {@code cacheSize}, {@code rnCachePercent}, heap and mount
 * point). Immutable.
 *
 * @param storeName         the store's name
 * @param version           the software version of the first storage node, e.g. {@code 25.3.21}
 * @param versionLine       its full version line (build, edition)
 * @param partitions        partitions of the store
 * @param replicationFactor sum of the zones' replication factors
 * @param shards            replication groups
 * @param zones             zone names
 * @param storageNodes      storage nodes in topology order
 * @param repNodes          replication nodes in topology order
 */
record StoreDescription(String storeName, String version, String versionLine, int partitions, int replicationFactor,
                        int shards, List<String> zones, List<StorageNode> storageNodes, List<RepNode> repNodes) {
  /** The zone name KVLite gives its one zone; KVLite runs its services as threads of one JVM. */
  static final String KVLITE_ZONE = "KVLite";
  private static final Pattern HEAP = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)");
  private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([KMGT]?B)?", Pattern.CASE_INSENSITIVE);

  StoreDescription {
    zones = List.copyOf(zones);
    storageNodes = List.copyOf(storageNodes);
    repNodes = List.copyOf(repNodes);
  }

  /**
   * A storage node.
   *
   * @param id          e.g. {@code sn1}
   * @param host        its host name
   * @param capacity    replication nodes it is meant to host
   * @param memoryMb    its {@code memoryMB} parameter; 0 when not set
   * @param cpus        its {@code numCPUs} parameter
   * @param rootDir     its root directory
   * @param storageDirs its storage directories with their declared sizes
   */
  record StorageNode(String id, String host, int capacity, long memoryMb, int cpus, String rootDir,
                     List<Directory> storageDirs) {
    StorageNode {
      storageDirs = List.copyOf(storageDirs);
    }
  }

  /** A storage directory and its declared size, when declared. */
  record Directory(String path, OptionalLong sizeBytes) {
  }

  /**
   * A replication node.
   *
   * @param id           e.g. {@code rg1-rn1}
   * @param storageNode  the storage node hosting it
   * @param cacheSize    its {@code cacheSize} parameter in bytes; 0: a percentage of its heap
   * @param cachePercent its {@code rnCachePercent} parameter
   * @param heapBytes    the {@code -Xmx} of its JVM parameters, when set
   * @param mountPoint   its storage directory ({@code rnMountPoint}); empty: under the root directory
   * @param storageType  the storage type that {@code ping} reports (HD, SSD, NVME, UNKNOWN)
   * @param clearsEnvStats its {@code collectEnvStats} parameter (default true): it then collects its JE
   *                     statistics every {@code statsInterval} and clears them as it does
   */
  record RepNode(String id, String storageNode, long cacheSize, int cachePercent, OptionalLong heapBytes,
                 Optional<String> mountPoint, Optional<String> storageType, boolean clearsEnvStats) {
  }

  /** The commands of the first admin call, whose answers name the nodes the second call asks about. */
  static List<String> overviewCommands() {
    return List.of("ping -json", "show topology -json");
  }

  /** The commands of the second admin call: every storage node's and replication node's parameters. */
  static List<String> parameterCommands(JsonNode topology) {
    var commands = new ArrayList<String>();
    topology.path("sns").forEach(sn -> commands.add("show parameters -service " + sn.path("resourceId").asText() + " -json"));
    topology.path("sns").forEach(sn -> sn.path("rns").forEach(
        rn -> commands.add("show parameters -service " + rn.path("resourceId").asText() + " -json")));
    return commands;
  }

  /** Asks the store through its admin shell: two invocations. */
  static StoreDescription read(AdminShell shell) throws AdminShell.AdminException {
    var overview = shell.run(overviewCommands());
    var commands = parameterCommands(overview.get(1));
    var answers = shell.run(commands);
    var parameters = new LinkedHashMap<String, JsonNode>();
    for (int i = 0; i < commands.size(); i++) {
      parameters.put(commands.get(i).split(" ")[3], answers.get(i));
    }
    return parse(overview.get(0), overview.get(1), parameters);
  }

  /**
   * The description from the commands' {@code returnValue}s.
   *
   * @param parameters each service's parameters by its id ({@code sn1}, {@code rg1-rn1})
   */
  static StoreDescription parse(JsonNode ping, JsonNode topology, Map<String, JsonNode> parameters) {
    var storageTypes = new LinkedHashMap<String, String>();
    ping.path("snStatus").forEach(sn -> sn.path("rnStatus").forEach(
        rn -> storageTypes.put(rn.path("resourceId").asText(), rn.path("storageType").asText(null))));
    var versionLine = ping.path("snStatus").path(0).path("version").asText(ping.path("topology").path("version").asText(""));
    var version = versionLine.isBlank() ? "" : versionLine.trim().split("\\s+")[0];

    var zones = new ArrayList<String>();
    int replicationFactor = 0;
    for (var zone : topology.path("zns")) {
      zones.add(zone.path("name").asText());
      replicationFactor += zone.path("repFactor").asInt();
    }
    var storageNodes = new ArrayList<StorageNode>();
    var repNodes = new ArrayList<RepNode>();
    for (var sn : topology.path("sns")) {
      var id = sn.path("resourceId").asText();
      var params = parameters.getOrDefault(id, sn);
      var dirs = new ArrayList<Directory>();
      params.path("storageDirs").forEach(dir -> dirs.add(new Directory(dir.path("path").asText(),
          size(dir.path("size").asText("")))));
      storageNodes.add(new StorageNode(id, sn.path("hostname").asText(), sn.path("capacity").asInt(params.path("capacity").asInt()),
          params.path("memoryMB").asLong(0), params.path("numCPUs").asInt(0),
          sn.path("rootDirPath").asText(params.path("rootDirPath").asText("")), dirs));
      for (var rn : sn.path("rns")) {
        var rnId = rn.path("resourceId").asText();
        var rnParams = parameters.getOrDefault(rnId, rn);
        var jvm = rnParams.path("javaMiscParams").asText("") + " " + rnParams.path("javaRnParamsOverride").asText("");
        var mount = rnParams.path("rnMountPoint").asText("");
        repNodes.add(new RepNode(rnId, id, rnParams.path("cacheSize").asLong(0), rnParams.path("rnCachePercent").asInt(0),
            heap(jvm), mount.isBlank() ? Optional.empty() : Optional.of(mount),
            Optional.ofNullable(storageTypes.get(rnId)),
            !"false".equalsIgnoreCase(rnParams.path("collectEnvStats").asText("true"))));
      }
    }
    return new StoreDescription(topology.path("storeName").asText(ping.path("topology").path("storeName").asText()),
        version, versionLine.trim(), topology.path("numPartitions").asInt(), replicationFactor,
        topology.path("shards").size(), zones, storageNodes, repNodes);
  }

  /** Whether this is a KVLite: its services run as threads of the kvlite JVM, not with their own heaps. */
  boolean kvlite() {
    return zones.equals(List.of(KVLITE_ZONE)) && storageNodes.size() == 1;
  }

  /** The storage node with this id. */
  Optional<StorageNode> storageNode(String id) {
    return storageNodes.stream().filter(sn -> sn.id().equals(id)).findFirst();
  }

  /** The last {@code -Xmx} in JVM arguments (the JVM uses the last), in bytes. */
  static OptionalLong heap(String jvmArguments) {
    var matcher = HEAP.matcher(jvmArguments);
    OptionalLong last = OptionalLong.empty();
    while (matcher.find()) {
      long value = Long.parseLong(matcher.group(1));
      last = OptionalLong.of(value << switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
        case "k" -> 10;
        case "m" -> 20;
        case "g" -> 30;
        case "t" -> 40;
        default -> 0;
      });
    }
    return last;
  }

  /** A size as the admin prints it ({@code 10 GB}; Oracle NoSQL's units are binary), or a byte count. */
  static OptionalLong size(String text) {
    var matcher = SIZE.matcher(text.trim());
    if (!matcher.matches()) {
      return OptionalLong.empty();
    }
    long value = Long.parseLong(matcher.group(1));
    var unit = matcher.group(2) == null ? "B" : matcher.group(2).toUpperCase(Locale.ROOT);
    return OptionalLong.of(value << switch (unit) {
      case "KB" -> 10;
      case "MB" -> 20;
      case "GB" -> 30;
      case "TB" -> 40;
      default -> 0;
    });
  }
}
