package io.github.ycsbstorage.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * A small tmpfs of the test's own, for tests that need a file system they can fill: mounted on an
 * empty folder the test made, unmounted on {@link #close()} (use it in try-with-resources, so every
 * path unmounts). Mounting needs root: elsewhere, or where the mount is refused, the test is skipped
 * with the reason. It touches no mount but its own.
 */
public final class Tmpfs implements AutoCloseable {
  private final Path mountPoint;

  private Tmpfs(Path mountPoint) {
    this.mountPoint = mountPoint;
  }

  /**
   * Mounts a tmpfs of {@code size} (as {@code mount -o size=} takes it, e.g. {@code 64m}) on
   * {@code mountPoint}, which must be an empty folder.
   */
  public static Tmpfs mount(Path mountPoint, String size) throws IOException, InterruptedException {
    return mountWith(mountPoint, "size=" + size);
  }

  /**
   * Mounts an empty, read-only tmpfs on {@code mountPoint}, which must be an empty folder: a location
   * that accepts no new file, whoever runs (root included, whom permission bits do not stop).
   */
  public static Tmpfs mountReadOnly(Path mountPoint) throws IOException, InterruptedException {
    return mountWith(mountPoint, "ro,size=1m");
  }

  private static Tmpfs mountWith(Path mountPoint, String options) throws IOException, InterruptedException {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "not root: mounting a tmpfs needs root");
    try (var entries = Files.list(mountPoint)) {
      if (entries.findAny().isPresent()) {
        throw new IllegalArgumentException(mountPoint + " is not empty: a tmpfs would hide its files");
      }
    }
    try (var mount = ProcessRun.start(new ProcessBuilder(List.of("mount", "-t", "tmpfs", "-o", options,
        "ycsb-storage-test", mountPoint.toString())))) {
      int status = mount.finish();
      Assumptions.assumeTrue(status == 0, () -> "cannot mount a tmpfs here (needs CAP_SYS_ADMIN): " + mount.describe());
    }
    return new Tmpfs(mountPoint);
  }

  /** Where it is mounted. */
  public Path path() {
    return mountPoint;
  }

  /** Unmounts it; a mount left behind fails the test, saying why. */
  @Override
  public void close() throws IOException, InterruptedException {
    try (var umount = ProcessRun.start(new ProcessBuilder(List.of("umount", mountPoint.toString())))) {
      int status = umount.finish();
      if (status != 0) {
        throw new AssertionError("could not unmount the test's tmpfs at " + mountPoint + ": " + umount.describe());
      }
    }
  }
}
