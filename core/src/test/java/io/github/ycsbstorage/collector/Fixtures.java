package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.collector.host.HostFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** Locates the fake host roots under {@code src/test/resources/fixtures/roots} (read in place). */
public final class Fixtures {
  private Fixtures() {
  }

  public static Path root(String name) {
    return Path.of(System.getProperty("basedir", "."), "src/test/resources/fixtures/roots", name);
  }

  public static HostFiles files(String name) {
    return new HostFiles(root(name));
  }

  /** Copies a fixture root, keeping its symlinks as links, so that a test may add /proc files. */
  public static Path copy(String name, Path target) throws IOException {
    var source = root(name);
    try (Stream<Path> paths = Files.walk(source)) {
      for (var path : paths.toList()) {
        var destination = target.resolve(source.relativize(path).toString());
        if (Files.isSymbolicLink(path)) {
          Files.createDirectories(destination.getParent());
          Files.createSymbolicLink(destination, Files.readSymbolicLink(path));
        } else if (Files.isDirectory(path)) {
          Files.createDirectories(destination);
        } else {
          Files.copy(path, destination);
        }
      }
    }
    return target;
  }

  /** Replaces a file atomically, so that a concurrent sampler never reads half of it. */
  public static void write(Path root, String hostPath, String content) throws IOException {
    var file = root.resolve(hostPath.substring(1));
    Files.createDirectories(file.getParent());
    var temporary = Files.createTempFile(file.getParent(), ".fixture", ".tmp");
    Files.writeString(temporary, content);
    Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
