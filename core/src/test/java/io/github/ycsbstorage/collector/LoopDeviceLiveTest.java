package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real loop device (root only): a 64 MiB file in a temporary folder, attached with losetup, ext4 on
 * it, mounted in the temporary folder. The collector must report the loop device's own size (checked
 * against {@code blockdev --getsize64}) and its backing file, never the disk under that file. Touches
 * only what it made, and undoes it on every path.
 */
class LoopDeviceLiveTest {
  private static final long SIZE = 64L << 20;

  private static String run(String... command) throws Exception {
    try (var child = ProcessRun.start(new ProcessBuilder(command))) {
      int status = child.finish();
      if (status != 0) {
        throw new AssertionError(String.join(" ", command) + " exited " + status + ": " + child.describe());
      }
      return child.stdout().strip();
    }
  }

  @Test
  void aLoopBackedFileSystemReportsTheLoopDevicesOwnSizeAndBackingFile(@TempDir Path temp) throws Exception {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
        "not root: losetup and mount need root");
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/losetup"))
        && Files.isExecutable(Path.of("/usr/sbin/mkfs.ext4")), "no losetup or mkfs.ext4");
    var image = temp.resolve("disk.img");
    var mountPoint = Files.createDirectory(temp.resolve("mnt"));
    try (var file = new java.io.RandomAccessFile(image.toFile(), "rw")) {
      file.setLength(SIZE);
    }
    var undo = new ArrayList<List<String>>();
    try {
      var device = run("losetup", "-f", "--show", image.toString());
      undo.add(0, List.of("losetup", "-d", device));
      run("mkfs.ext4", "-q", device);
      run("mount", device, mountPoint.toString());
      undo.add(0, List.of("umount", mountPoint.toString()));

      var inventory = new DeviceResolver(HostFiles.live()).resolve(mountPoint.toString());
      var loop = inventory.loop().orElseThrow(() -> new AssertionError(inventory.toString()));
      // independent: the kernel's answer through blockdev, and the file's length
      long blockdev = Long.parseLong(run("blockdev", "--getsize64", device));
      assertEquals(SIZE, blockdev);
      assertEquals(OptionalLong.of(blockdev), loop.sizeBytes(), inventory.toString());
      assertEquals(device.substring("/dev/".length()), loop.name());
      assertEquals(image.toRealPath().toString(), loop.backingFile());
      assertEquals(Optional.of(Files.getFileStore(image).type()), loop.backingFsType(), inventory.toString());
      var under = inventory.devices().get(0);
      assertTrue(loop.backingDevice().isPresent(), inventory.toString());
      assertTrue(under.sizeBytes().isEmpty() || under.sizeBytes().get() != SIZE,
          "the disk under the file is another size: " + under);
      // PKB's whole GB: 64 MiB would round to 0, which is not its size: left out
      var seen = new CollectorReport.Observations("local server host", true, List.of(inventory), java.util.Map.of(),
          null, new io.github.ycsbstorage.collector.sample.Sampler.Result("test", 0, 0, List.of(),
              new io.github.ycsbstorage.collector.sample.RunTotals(), List.of()),
          new io.github.ycsbstorage.result.OperationCount(null, "test"), io.github.ycsbstorage.result.Io.ServerSide.LOCAL,
          List.of(), null, io.github.ycsbstorage.result.Io.ProcessTotals.Role.SERVER, List.of(), List.of());
      var record = new io.github.ycsbstorage.result.RunRecord();
      CollectorReport.addTo(record, seen);
      assertTrue(record.summaryLines().stream().noneMatch(line -> line.metric().equals("data_disk_0_size")),
          record.summaryLines().toString());
      assertTrue(loop.describe().startsWith(loop.name() + " of 67,108,864 bytes over " + loop.backingFile()),
          loop.describe());
    } finally {
      for (var command : undo) {
        try {
          run(command.toArray(String[]::new));
        } catch (Exception | AssertionError e) {
          System.err.println("cleanup: " + e.getMessage());
        }
      }
    }
  }
}
