package io.github.ycsbstorage.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.sample.ProcParsers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ssh source end to end with a stand-in for ssh that runs the remote script on this host
 * (so the real script, the real marker protocol and the real /proc parsers are exercised).
 */
class SshProcSourceTest {
  private static Path script(Path directory, String name, String body) throws IOException {
    var file = directory.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  @Test
  void readsProcThroughTheRemoteShell(@TempDir Path directory) throws Exception {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/diskstats")), "no /proc/diskstats: not Linux");
    // stands in for "ssh <target> <script>": drops the target and runs the script
    var fakeSsh = script(directory, "fake-ssh", "shift\nexec sh -c \"$1\"");
    var source = new SshProcSource(List.of(fakeSsh.toString()), "ycsb@db1",
        OptionalLong.of(ProcessHandle.current().pid()));
    var snapshot = source.take(ProcParsers.ALL_DEVICES);
    assertEquals(List.of(), snapshot.missing());
    assertNotNull(snapshot.cpu());
    assertNotNull(snapshot.processCpu());
    assertEquals(new String(Files.readAllBytes(Path.of("/proc/diskstats")), StandardCharsets.US_ASCII)
        .lines().filter(line -> line.trim().split("\\s+").length >= 14).count(), snapshot.disks().size());
    assertEquals("ssh ycsb@db1", source.describe());
  }

  @Test
  void missingRemoteFilesAreListedAndConnectionFailuresThrow(@TempDir Path directory) throws Exception {
    var fakeSsh = script(directory, "fake-ssh", "shift\nexec sh -c \"$1\"");
    var source = new SshProcSource(List.of(fakeSsh.toString()), "db1", OptionalLong.of(Integer.MAX_VALUE));
    var snapshot = source.take(ProcParsers.ALL_DEVICES);
    assertTrue(snapshot.missing().contains("/proc/<pid>/stat not readable"), snapshot.missing().toString());
    assertTrue(snapshot.missing().stream().anyMatch(m -> m.startsWith("/proc/<pid>/io not readable")),
        snapshot.missing().toString());
    var unreachable = script(directory, "unreachable", "exit 255");
    var failing = new SshProcSource(List.of(unreachable.toString()), "db1", OptionalLong.empty());
    var error = assertThrows(IOException.class, () -> failing.take(ProcParsers.ALL_DEVICES));
    assertEquals("ssh db1 failed (exit 255: connection or authentication)", error.getMessage());
  }

  @Test
  void splitsSectionsAtMarkers() {
    var output = (SshProcSource.MARKER + "diskstats\n8 0 sda 1\n" + SshProcSource.MARKER + "stat\n"
        + SshProcSource.MARKER + "missing\n" + SshProcSource.MARKER + "meminfo\nMemTotal: 1 kB\n")
        .getBytes(StandardCharsets.US_ASCII);
    var sections = SshProcSource.split(output);
    assertEquals(Set.of("diskstats", "meminfo"), sections.keySet());
    var disk = sections.get("diskstats");
    assertEquals("8 0 sda 1\n", new String(disk.data(), disk.offset(), disk.length(), StandardCharsets.US_ASCII));
    var mem = sections.get("meminfo");
    assertEquals("MemTotal: 1 kB\n", new String(mem.data(), mem.offset(), mem.length(), StandardCharsets.US_ASCII));
  }
}
