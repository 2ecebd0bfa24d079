package io.github.ycsbstorage.collector.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.host.HostFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FUSE daemons told from a fixture {@code /proc}: a server with files on a pass-through, and its daemon. */
class FuseDaemonsTest {
  private static final String MOUNTINFO = """
      22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw
      40 22 7:1 / /rig/fast rw,relatime shared:2 - ext4 /dev/loop1 rw
      41 22 0:52 / /rig/fast-direct rw,nosuid,nodev,relatime shared:3 - fuse.delayfs delayfs rw,user_id=0,group_id=0
      """;
  private static final long SERVER = 100;

  private static void process(Path root, long pid, String comm, List<String> arguments, String cwd,
      List<String> openFiles) throws IOException {
    var folder = Files.createDirectories(root.resolve("proc/" + pid));
    Files.writeString(folder.resolve("mountinfo"), MOUNTINFO);
    Files.writeString(folder.resolve("comm"), comm + "\n");
    Files.writeString(folder.resolve("cmdline"), String.join("\0", arguments) + "\0");
    Files.createSymbolicLink(folder.resolve("cwd"), Path.of(cwd));
    var fds = Files.createDirectories(folder.resolve("fd"));
    for (int fd = 0; fd < openFiles.size(); fd++) {
      Files.createSymbolicLink(fds.resolve(Integer.toString(fd)), Path.of(openFiles.get(fd)));
    }
  }

  private static void server(Path root, String file) throws IOException {
    process(root, SERVER, "java", List.of("java", "-jar", "kvstore.jar"), "/", List.of("socket:[1]", file,
        "/rig/fast/kv/0.5/kvroot/config.xml (deleted)"));
  }

  @Test
  void theDaemonNamingTheMountOfTheServersFilesIsFound(@TempDir Path root) throws IOException {
    server(root, "/rig/fast-direct/kv/0.5.env/00000000.jdb");
    // the daemon names its mount point relative to its working folder; another daemon serves another mount
    process(root, 200, "python3", List.of("/usr/bin/python3", "delayfs.py", "/rig/fast", "fast-direct", "0",
        "--direct-reads"), "/rig", List.of("/dev/null", "/dev/fuse"));
    process(root, 300, "python3", List.of("/usr/bin/python3", "delayfs.py", "/rig/slow", "/rig/slow-direct"),
        "/", List.of("/dev/fuse"));
    var daemons = FuseDaemons.of(new HostFiles(root), SERVER);
    assertEquals(1, daemons.size(), daemons.toString());
    assertEquals("/rig/fast-direct", daemons.get(0).mountPoint());
    assertEquals(Optional.of(200L), daemons.get(0).pid());
    assertEquals("pid 200 (python3), the FUSE daemon of /rig/fast-direct", daemons.get(0).description());
  }

  @Test
  void aMountWhoseDaemonCannotBeToldIsSaidSo(@TempDir Path root) throws IOException {
    server(root, "/rig/fast-direct/kv/0.5.env/00000000.jdb");
    // two processes hold /dev/fuse and name the mount point: neither is taken for its daemon
    process(root, 200, "python3", List.of("python3", "delayfs.py", "/rig/fast", "/rig/fast-direct"), "/",
        List.of("/dev/fuse"));
    process(root, 201, "python3", List.of("python3", "delayfs.py", "/rig/fast", "/rig/fast-direct"), "/",
        List.of("/dev/fuse"));
    var daemons = FuseDaemons.of(new HostFiles(root), SERVER);
    assertEquals(1, daemons.size());
    assertEquals(Optional.empty(), daemons.get(0).pid());
    assertTrue(daemons.get(0).description().contains("could not be told (2 processes holding /dev/fuse name it)"),
        daemons.get(0).description());
  }

  @Test
  void aServerWithNoFilesOnFuseHasNoDaemon(@TempDir Path root) throws IOException {
    server(root, "/rig/fast/kv/0.5/kvroot/env/00000000.jdb");
    process(root, 200, "python3", List.of("python3", "delayfs.py", "/rig/fast", "/rig/fast-direct"), "/",
        List.of("/dev/fuse"));
    assertEquals(List.of(), FuseDaemons.of(new HostFiles(root), SERVER));
    assertEquals(List.of(), FuseDaemons.of(new HostFiles(root), 999), "a process that is gone");
  }
}
