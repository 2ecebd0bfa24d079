package io.github.ycsbstorage.collector.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real FUSE pass-through (the validation rig's {@code delayfs.py}) and a process holding a file open
 * on it: the daemon is found from this host's {@code /proc}. Needs root (the mount), {@code /dev/fuse},
 * {@code fusermount3} and python3-fusepy; skipped with the reason otherwise. It unmounts what it
 * mounted on every path.
 */
class FuseDaemonsLiveTest {
  private static final Path DELAYFS = Path.of("..", "scripts", "validate", "delayfs.py").toAbsolutePath().normalize();

  @Test
  void theDaemonOfAPassThroughHoldingAProcesssFileIsFound(@TempDir Path temp) throws Exception {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root to mount a FUSE file system");
    Assumptions.assumeTrue(Files.exists(Path.of("/dev/fuse")), "no /dev/fuse on this host");
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/fusermount3")), "no fusermount3 (Debian: fuse3)");
    Assumptions.assumeTrue(new ProcessBuilder("/usr/bin/python3", "-c", "import fusepy").start().waitFor() == 0,
        "no python3-fusepy under /usr/bin/python3");
    var source = Files.createDirectories(temp.resolve("source"));
    var mount = Files.createDirectories(temp.resolve("mount"));
    Files.write(source.resolve("data"), new byte[4096]);
    try (var daemon = ProcessRun.start(new ProcessBuilder("/usr/bin/python3", DELAYFS.toString(), source.toString(),
        mount.toString(), "0"))) {
      try {
        daemon.await(() -> Files.exists(mount.resolve("data")), "the mount of " + mount);
        try (var reader = ProcessRun.start(new ProcessBuilder("sh", "-c",
            "exec 3< '" + mount.resolve("data") + "'; echo ready; exec sleep 600"))) {
          reader.awaitOutput("ready");
          var daemons = FuseDaemons.of(HostFiles.live(), reader.process().pid());
          assertEquals(1, daemons.size(), daemons + "\n" + daemon.describe());
          assertEquals(mount.toString(), daemons.get(0).mountPoint());
          assertEquals(Optional.of(daemon.process().pid()), daemons.get(0).pid(), daemons.get(0).description());
        }
      } finally {
        unmount(mount);
      }
    }
  }

  private static void unmount(Path mount) throws IOException, InterruptedException {
    if (Files.readString(Path.of("/proc/self/mountinfo")).contains(" " + mount + " ")) {
      new ProcessBuilder("/usr/bin/fusermount3", "-u", "-z", mount.toString()).inheritIO().start().waitFor();
    }
  }
}
