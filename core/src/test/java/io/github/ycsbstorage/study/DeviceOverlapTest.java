package io.github.ycsbstorage.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.host.HostFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two study "devices" that are folders on one disk are named as such; this host's own mounts. */
class DeviceOverlapTest {
  private static final DeviceResolver LIVE = new DeviceResolver(HostFiles.live());

  @Test
  void twoFoldersOnOneFileSystemAreOneDevice(@TempDir Path dir) {
    assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")), "needs Linux /proc/self/mountinfo");
    var devices = List.of(new Device("hdd", dir.resolve("hdd")), new Device("ssd", dir.resolve("ssd")),
        new Device("nvme", dir.resolve("nvme/not-created-yet")));
    var warnings = DeviceOverlap.warnings(devices, LIVE);
    assertEquals(3, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).startsWith("study devices hdd (" + dir.resolve("hdd") + ") and ssd ("
        + dir.resolve("ssd") + ") are on the same physical device "), warnings.get(0));
    assertTrue(warnings.get(0).endsWith(": comparing them compares that device with itself"), warnings.get(0));
  }

  @Test
  void pathsOnDifferentFileSystemsWithoutASharedDeviceAreNotWarnedAbout(@TempDir Path dir) throws Exception {
    var shm = Path.of("/dev/shm");
    assumeTrue(Files.isDirectory(shm) && !Files.getFileStore(shm).equals(Files.getFileStore(dir)),
        "needs /dev/shm on a file system of its own");
    assumeTrue(!Files.getFileStore(dir).type().equals("tmpfs"), "the temporary folder must be on a disk");
    var warnings = DeviceOverlap.warnings(List.of(new Device("ram", shm.resolve("db")),
        new Device("disk", dir.resolve("db"))), LIVE);
    assertEquals(List.of(), warnings);
  }
}
