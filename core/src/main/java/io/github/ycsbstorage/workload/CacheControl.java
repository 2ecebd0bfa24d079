package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import site.ycsb.WorkloadException;

/**
 * Puts the server into the cache state a run asks for: runs {@code storage.server.restart} and, for
 * {@code storage.cache=cold}, drops the OS page cache — only where that is possible (server on this
 * host, running as root); otherwise it refuses rather than pretend. Stateless and thread-safe.
 */
final class CacheControl {
  static final String ACCEPTED_COLD = "warm, or cold when the server runs on this host and ycsb runs as root";

  private CacheControl() {
  }

  /**
   * Runs the restart command through {@code sh -c}, printing its output line by line with secrets
   * masked (a command that echoes {@code db.password=…} must not show it); a failure stops the phase.
   */
  static void restart(String command) throws WorkloadException {
    System.err.println("Restarting the server: " + SecretMasker.maskText(command));
    try {
      var process = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
          .redirectInput(ProcessBuilder.Redirect.INHERIT).start();
      try (var output = new BufferedReader(new InputStreamReader(process.getInputStream(), Charset.defaultCharset()))) {
        output.lines().forEach(line -> System.err.println(SecretMasker.maskText(line)));
      }
      int status = process.waitFor();
      if (status != 0) {
        // before any operation: the command is bad input, as a bad property is (exit 2)
        throw new InvalidPropertyException(StorageSettings.SERVER_RESTART, command,
            "a command that restarts the server and exits with status 0", "it exited with status " + status);
      }
    } catch (IOException e) {
      throw new InvalidPropertyException(StorageSettings.SERVER_RESTART, command, "a command that sh can run",
          e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted while restarting the server", e);
    }
  }

  /**
   * Checks that the page cache can be dropped for this server.
   *
   * @throws InvalidPropertyException naming {@code storage.cache} with the reason it cannot
   */
  static void checkColdPossible(Optional<ServerInfo> server, boolean root) {
    var locality = server.map(ServerInfo::locality).orElse(Locality.UNKNOWN);
    Check.input(locality == Locality.LOCAL, StorageSettings.CACHE, "cold", ACCEPTED_COLD,
        "the server is not known to run on this host (locality " + locality
            + "), so its page cache cannot be dropped from here");
    Check.input(root, StorageSettings.CACHE, "cold", ACCEPTED_COLD,
        "dropping the page cache (/proc/sys/vm/drop_caches) needs root");
  }

  /** Whether this process runs as root (the owner of /proc/self). */
  static boolean runningAsRoot() {
    try {
      return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** Writes dirty pages, then drops page cache, dentries and inodes. */
  static void dropPageCache() throws WorkloadException {
    try {
      var sync = new ProcessBuilder("sync").inheritIO().start();
      if (sync.waitFor() != 0) {
        throw new WorkloadException("sync failed before dropping the page cache");
      }
      Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
      System.err.println("Dropped the OS page cache (storage.cache=cold)");
    } catch (IOException e) {
      throw new WorkloadException("could not drop the page cache: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted while dropping the page cache", e);
    }
  }
}
