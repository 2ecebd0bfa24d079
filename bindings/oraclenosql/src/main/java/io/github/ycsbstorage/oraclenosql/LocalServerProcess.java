package io.github.ycsbstorage.oraclenosql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The process id of a store running on this host, so that the collector can count its own CPU and
 * I/O: the process listening on the store's port ({@code /proc/net/tcp} and {@code tcp6} name the
 * listening socket's inode, {@code /proc/<pid>/fd} the process holding it; another user's process
 * needs root), else the pid file {@code scripts/oraclenosql/kvlite.sh} leaves beside the store's root
 * ({@code <root>/kvlite.pid} for {@code <root>/kvroot}) when that process is alive. Stateless.
 */
final class LocalServerProcess {
  /** {@code st} of a listening TCP socket in {@code /proc/net/tcp}. */
  private static final String LISTEN = "0A";

  private final Path proc;

  /** @param proc the {@code /proc} to read (tests give a tree of their own) */
  LocalServerProcess(Path proc) {
    this.proc = proc;
  }

  static LocalServerProcess live() {
    return new LocalServerProcess(Path.of("/proc"));
  }

  /**
   * The store's process, or empty.
   *
   * @param port     a port the store listens on (its helper host's)
   * @param rootDirs the local storage nodes' root directories
   */
  OptionalLong find(int port, List<String> rootDirs) {
    var listening = listener(port);
    if (listening.isPresent()) {
      return listening;
    }
    for (var root : rootDirs) {
      var parent = Path.of(root).getParent();
      var pid = parent == null ? OptionalLong.empty() : pidFile(parent.resolve("kvlite.pid"));
      if (pid.isPresent()) {
        return pid;
      }
    }
    return OptionalLong.empty();
  }

  /** The process holding a socket that listens on {@code port}. */
  OptionalLong listener(int port) {
    var inodes = new HashSet<String>();
    for (var table : List.of("net/tcp", "net/tcp6")) {
      inodes.addAll(listeningInodes(proc.resolve(table), port));
    }
    if (inodes.isEmpty()) {
      return OptionalLong.empty();
    }
    try (Stream<Path> processes = Files.list(proc)) {
      for (var process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
        if (holds(process.resolve("fd"), inodes)) {
          return OptionalLong.of(Long.parseLong(process.getFileName().toString()));
        }
      }
    } catch (IOException e) {
      return OptionalLong.empty();
    }
    return OptionalLong.empty();
  }

  /** Inodes of sockets in {@code table} that listen on {@code port} (local address {@code addr:PORT} in hex). */
  static Set<String> listeningInodes(Path table, int port) {
    var inodes = new HashSet<String>();
    var wanted = String.format(Locale.ROOT, ":%04X", port);
    List<String> lines;
    try {
      lines = Files.readAllLines(table);
    } catch (IOException e) {
      return inodes;
    }
    for (var line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      var fields = line.trim().split("\\s+");
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      if (fields.length > 9 && fields[1].endsWith(wanted) && fields[3].equals(LISTEN)) {
        inodes.add(fields[9]);
      }
    }
    return inodes;
  }

  private static boolean holds(Path fds, Set<String> inodes) {
    try (Stream<Path> links = Files.list(fds)) {
      for (var link : links.toList()) {
        try {
          var target = Files.readSymbolicLink(link).toString();
          if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
            return true;
          }
        } catch (IOException | UnsupportedOperationException e) {
          // a descriptor closed meanwhile
        }
      }
    } catch (IOException e) {
      // another user's process: not readable without root
    }
    return false;
  }

  /** The pid in {@code file} when that process is alive. */
  private OptionalLong pidFile(Path file) {
    try {
      long pid = Long.parseLong(Files.readString(file).trim());
      return Files.isDirectory(proc.resolve(Long.toString(pid))) ? OptionalLong.of(pid) : OptionalLong.empty();
    } catch (IOException | NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /** The port of the first helper host ({@code host:port}), when it names one. */
  static Optional<Integer> port(List<String> helperHosts) {
    for (var helper : helperHosts) {
      int colon = helper.lastIndexOf(':');
      if (colon > 0) {
        try {
          return Optional.of(Integer.parseInt(helper.substring(colon + 1)));
        } catch (NumberFormatException e) {
          // no port: try the next one
        }
      }
    }
    return Optional.empty();
  }
}
