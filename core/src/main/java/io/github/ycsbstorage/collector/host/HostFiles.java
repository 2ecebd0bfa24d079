package io.github.ycsbstorage.collector.host;

import io.github.ycsbstorage.config.Check;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Read-only access to a host's {@code /proc} and {@code /sys} through one root directory: {@code /}
 * in production, a fixture tree in tests. Every read that fails yields empty instead of throwing,
 * because a missing entry (container, older kernel, non-Linux) must degrade to "unknown", never fail
 * the benchmark. Nothing here ever writes. Immutable and thread-safe.
 */
public final class HostFiles {
  private final Path root;

  public HostFiles(Path root) {
    Check.argument(root != null, "root must not be null");
    this.root = root;
  }

  /** The real host. */
  public static HostFiles live() {
    return new HostFiles(Path.of("/"));
  }

  public Path root() {
    return root;
  }

  /** The file for a host-absolute path such as {@code /proc/diskstats}. */
  public Path path(String hostPath) {
    var relative = hostPath.startsWith("/") ? hostPath.substring(1) : hostPath;
    return relative.isEmpty() ? root : root.resolve(relative);
  }

  /**
   * The whole file, or empty when it cannot be read. Read with large reads from offset 0: sysctl
   * files under {@code /proc/sys} answer only the first read ({@code Files.readString} probes one
   * byte first, and would see {@code "2"} of {@code "20"}).
   */
  public Optional<String> read(String hostPath) {
    try (var in = new FileInputStream(path(hostPath).toFile())) {
      return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The file's content trimmed (sysfs attributes end with a newline), or empty if unreadable or blank. */
  public Optional<String> attribute(String hostPath) {
    return read(hostPath).map(String::trim).filter(value -> !value.isEmpty());
  }

  public Optional<Long> longAttribute(String hostPath) {
    return attribute(hostPath).flatMap(value -> {
      try {
        return Optional.of(Long.parseLong(value));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    });
  }

  public boolean exists(String hostPath) {
    return Files.exists(path(hostPath));
  }

  /** Names in a directory, sorted; empty when it is absent. */
  public List<String> list(String hostPath) {
    try (Stream<Path> entries = Files.list(path(hostPath))) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /**
   * The host-absolute path a sysfs link finally points to (e.g. {@code /sys/dev/block/8:1} →
   * {@code /sys/devices/.../block/sda/sda1}), or empty when it does not resolve inside the root.
   */
  public Optional<String> realPath(String hostPath) {
    try {
      var real = path(hostPath).toRealPath();
      var realRoot = root.toRealPath();
      return real.startsWith(realRoot) ? Optional.of(hostPathUnder(realRoot, real)) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static String hostPathUnder(Path realRoot, Path real) {
    return "/" + realRoot.relativize(real).toString().replace('\\', '/');
  }

  @Override
  public String toString() {
    return "HostFiles[" + root + "]";
  }
}
