package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.MemoryFigure;
import io.github.ycsbstorage.spi.ServerInfo;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.Document;

/**
 * Reads what a MongoDB server says about itself ({@code buildInfo}, {@code serverStatus},
 * {@code hostInfo}, {@code getCmdLineOpts}) and about the loaded collection ({@code collStats},
 * falling back to {@code dbStats}). A command the server refuses or lacks leaves its figures
 * unknown; nothing is guessed. Stateless and thread-safe.
 */
final class ServerFacts {
  private static final long MIB = 1024L * 1024L;

  private ServerFacts() {
  }

  static ServerInfo serverInfo(MongoClient client) {
    var admin = client.getDatabase("admin");
    var buildInfo = command(admin, "buildInfo");
    var serverStatus = command(admin, "serverStatus");
    var hostInfo = command(admin, "hostInfo");
    var cmdLine = command(admin, "getCmdLineOpts");

    var builder = ServerInfo.builder("MongoDB");
    buildInfo.flatMap(d -> string(d, "version")).ifPresent(builder::version);
    serverStatus.flatMap(d -> string(d, "storageEngine", "name")).ifPresent(builder::storageEngine);
    hostInfo.flatMap(d -> number(d, "system", "memSizeMB")).filter(mb -> mb > 0)
        .ifPresent(mb -> builder.ram(new MemoryFigure(mb * MIB, "hostInfo.system.memSizeMB")));
    serverStatus.flatMap(d -> number(d, "wiredTiger", "cache", "maximum bytes configured"))
        .filter(bytes -> bytes > 0)
        .ifPresent(bytes -> builder.cache(
            new MemoryFigure(bytes, "serverStatus.wiredTiger.cache[maximum bytes configured]")));
    cmdLine.flatMap(d -> string(d, "parsed", "storage", "dbPath")).ifPresent(builder::dataPath);

    var reportedHost = serverStatus.flatMap(d -> string(d, "host"))
        .or(() -> hostInfo.flatMap(d -> string(d, "system", "hostname")));
    var addresses = client.getClusterDescription().getServerDescriptions().stream()
        .map(description -> description.getAddress().getHost()).toList();
    var locality = locality(addresses, reportedHost);
    builder.locality(locality);
    if (locality == Locality.LOCAL) {
      serverStatus.flatMap(d -> number(d, "pid")).ifPresent(builder::pid);
    }
    reportedHost.ifPresent(host -> builder.detail("host", host));
    serverStatus.flatMap(d -> string(d, "process")).ifPresent(p -> builder.detail("process", p));
    builder.detail("topology", client.getClusterDescription().getType().name());
    builder.detail("addresses", String.join(",", addresses));
    return builder.build();
  }

  /**
   * LOCAL when every address the client talks to is one of this host's and the server does not name
   * another host (a tunnel or container would); REMOTE when an address is another machine's;
   * UNKNOWN when an address cannot be resolved or the evidence disagrees.
   */
  static Locality locality(List<String> addresses, Optional<String> reportedHost) {
    if (addresses.isEmpty()) {
      return Locality.UNKNOWN;
    }
    try {
      for (var host : addresses) {
        for (var address : InetAddress.getAllByName(host)) {
          if (!address.isLoopbackAddress() && !address.isAnyLocalAddress()
              && NetworkInterface.getByInetAddress(address) == null) {
            return Locality.REMOTE;
          }
        }
      }
    } catch (UnknownHostException | SocketException e) {
      return Locality.UNKNOWN;
    }
    if (reportedHost.isEmpty()) {
      return Locality.LOCAL;
    }
    var name = reportedHost.get().replaceFirst(":\\d+$", "");
    return isThisHost(name) ? Locality.LOCAL : Locality.UNKNOWN;
  }

  private static boolean isThisHost(String name) {
    try {
      var local = InetAddress.getLocalHost();
      if (name.equalsIgnoreCase(local.getHostName()) || name.equalsIgnoreCase(local.getCanonicalHostName())
          || name.equalsIgnoreCase("localhost")) {
        return true;
      }
      for (var address : InetAddress.getAllByName(name)) {
        if (address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null) {
          return true;
        }
      }
      return false;
    } catch (UnknownHostException | SocketException e) {
      return false;
    }
  }

  static DatasetSize datasetSize(MongoDatabase database, String collection) {
    var collStats = command(database, new Document("collStats", collection));
    if (collStats.isPresent()) {
      var stats = collStats.get();
      return new DatasetSize(optional(number(stats, "count")), optional(number(stats, "size")),
          optional(sum(number(stats, "storageSize"), number(stats, "totalIndexSize"))),
          "collStats storageSize + totalIndexSize");
    }
    var dbStats = command(database, new Document("dbStats", 1));
    if (dbStats.isPresent()) {
      var stats = dbStats.get();
      return new DatasetSize(optional(number(stats, "objects")), optional(number(stats, "dataSize")),
          optional(sum(number(stats, "storageSize"), number(stats, "indexSize"))),
          "dbStats storageSize + indexSize (whole database " + database.getName() + ")");
    }
    return new DatasetSize(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
        "unknown: collStats and dbStats refused");
  }

  /**
   * Asks the server to flush every pending write to its data files ({@code fsync}), so that the data
   * directory's size is the dataset's. Needs the {@code fsync} privilege (e.g. the {@code hostManager}
   * role).
   *
   * @throws MongoException when the server refuses or lacks the command
   */
  static void fsync(MongoClient client) {
    client.getDatabase("admin").runCommand(new Document("fsync", 1));
  }

  private static Optional<Long> sum(Optional<Long> data, Optional<Long> indexes) {
    return data.map(d -> d + indexes.orElse(0L));
  }

  private static OptionalLong optional(Optional<Long> value) {
    return value.map(OptionalLong::of).orElse(OptionalLong.empty());
  }

  private static Optional<Document> command(MongoDatabase database, String name) {
    return command(database, new Document(name, 1));
  }

  private static Optional<Document> command(MongoDatabase database, Document command) {
    try {
      return Optional.of(database.runCommand(command));
    } catch (MongoException e) {
      return Optional.empty();
    }
  }

  private static Optional<Object> value(Document document, String... path) {
    Object current = document;
    for (var key : path) {
      if (!(current instanceof Document nested)) {
        return Optional.empty();
      }
      current = nested.get(key);
    }
    return Optional.ofNullable(current);
  }

  static Optional<String> string(Document document, String... path) {
    return value(document, path).filter(String.class::isInstance).map(String.class::cast)
        .filter(s -> !s.isBlank());
  }

  static Optional<Long> number(Document document, String... path) {
    return value(document, path).filter(Number.class::isInstance).map(n -> ((Number) n).longValue());
  }
}
