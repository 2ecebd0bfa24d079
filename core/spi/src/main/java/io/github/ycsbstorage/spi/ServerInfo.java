package io.github.ycsbstorage.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a binding could learn about the database server. Every figure is optional: an absent value
 * (empty, or {@code null} when read from a file) means "unknown" and is written as such in results,
 * never guessed. Immutable.
 *
 * @param product       the database product, e.g. {@code MongoDB}
 * @param version       server version as the server reports it
 * @param storageEngine e.g. {@code wiredTiger}
 * @param ram           the server's memory: its host's physical memory, or for a server of several nodes
 *                      the memory that holds one copy of the data (the figure's source says which)
 * @param cache         the database's own cache (WiredTiger cache, JE cache), counted as {@code ram}
 * @param dataPath      the data directory on the server host
 * @param locality      whether the server runs on this host
 * @param pid           the server's process id, when local
 * @param nodes         the server's nodes and what each told about itself, when it describes them
 * @param storageDirectories every directory holding the server's data, with its host
 * @param backgroundThreads the names of the server process's threads that serve no operation (e.g. a
 *                      pause detector that sleeps a millisecond in a loop), as the thread names begin: their
 *                      wait for a CPU is no operation's, and the collector leaves it out of the server's
 * @param details       further facts worth recording (topology, replication factor, ...)
 * @param unknown       why a figure is unknown, by its name ({@code version}, {@code ram}, {@code cache},
 *                      {@code storageDirectories}, ...): shown where the figure would be
 */
public record ServerInfo(
    String product,
    Optional<String> version,
    Optional<String> storageEngine,
    Optional<MemoryFigure> ram,
    Optional<MemoryFigure> cache,
    Optional<String> dataPath,
    Locality locality,
    OptionalLong pid,
    List<ServerNode> nodes,
    List<StorageDirectory> storageDirectories,
    List<String> backgroundThreads,
    Map<String, String> details,
    Map<String, String> unknown) {

  public ServerInfo {
    if (product == null || product.isBlank()) {
      throw new IllegalArgumentException("product must be named");
    }
    version = version == null ? Optional.empty() : version;
    storageEngine = storageEngine == null ? Optional.empty() : storageEngine;
    ram = ram == null ? Optional.empty() : ram;
    cache = cache == null ? Optional.empty() : cache;
    dataPath = dataPath == null ? Optional.empty() : dataPath;
    locality = locality == null ? Locality.UNKNOWN : locality;
    pid = pid == null ? OptionalLong.empty() : pid;
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    storageDirectories = storageDirectories == null ? List.of() : List.copyOf(storageDirectories);
    backgroundThreads = backgroundThreads == null ? List.of() : List.copyOf(backgroundThreads);
    details = details == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(details));
    unknown = unknown == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(unknown));
  }

  public static Builder builder(String product) {
    return new Builder(product);
  }

  /** Assembles a {@link ServerInfo} from the facts a binding happened to find. Not thread-safe. */
  public static final class Builder {
    private final String product;
    private String version;
    private String storageEngine;
    private MemoryFigure ram;
    private MemoryFigure cache;
    private String dataPath;
    private Locality locality = Locality.UNKNOWN;
    private Long pid;
    private final List<ServerNode> nodes = new ArrayList<>();
    private final List<StorageDirectory> storageDirectories = new ArrayList<>();
    private final List<String> backgroundThreads = new ArrayList<>();
    private final Map<String, String> details = new LinkedHashMap<>();
    private final Map<String, String> unknown = new LinkedHashMap<>();

    private Builder(String product) {
      this.product = product;
    }

    public Builder version(String value) {
      this.version = value;
      return this;
    }

    public Builder storageEngine(String value) {
      this.storageEngine = value;
      return this;
    }

    public Builder ram(MemoryFigure value) {
      this.ram = value;
      return this;
    }

    public Builder cache(MemoryFigure value) {
      this.cache = value;
      return this;
    }

    public Builder dataPath(String value) {
      this.dataPath = value;
      return this;
    }

    public Builder locality(Locality value) {
      this.locality = value;
      return this;
    }

    public Builder pid(long value) {
      this.pid = value;
      return this;
    }

    public Builder detail(String key, String value) {
      if (value != null) {
        details.put(key, value);
      }
      return this;
    }

    public Builder node(ServerNode value) {
      nodes.add(value);
      return this;
    }

    public Builder storageDirectory(StorageDirectory value) {
      storageDirectories.add(value);
      return this;
    }

    /** Names a thread of the server's process that serves no operation, by how its name begins. */
    public Builder backgroundThread(String namePrefix) {
      if (namePrefix == null || namePrefix.isBlank()) {
        throw new IllegalArgumentException("a background thread must be named");
      }
      backgroundThreads.add(namePrefix);
      return this;
    }

    /** Records why {@code figure} is unknown; a later reason for the same figure replaces it. */
    public Builder unknown(String figure, String why) {
      unknown.put(figure, why);
      return this;
    }

    public ServerInfo build() {
      return new ServerInfo(product, Optional.ofNullable(version), Optional.ofNullable(storageEngine),
          Optional.ofNullable(ram), Optional.ofNullable(cache), Optional.ofNullable(dataPath),
          locality, pid == null ? OptionalLong.empty() : OptionalLong.of(pid), nodes, storageDirectories, backgroundThreads,
          details,
          unknown);
    }
  }
}
