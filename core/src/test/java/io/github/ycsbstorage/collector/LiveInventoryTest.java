package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.device.HostTuning;
import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.result.DeviceType;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On the machine running the build: resolve the repository's own path and run the collector for real. */
class LiveInventoryTest {
  private static final Path REPOSITORY = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

  private static void assumeLinux() {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")) && Files.isDirectory(Path.of("/sys/dev/block")),
        "no /proc/self/mountinfo or /sys/dev/block: not a Linux host with sysfs");
  }

  @Test
  void repositoryPathResolvesToASaneInventory() {
    assumeLinux();
    var inventory = new DeviceResolver(HostFiles.live()).resolve(REPOSITORY.toString());
    assertTrue(REPOSITORY.toString().startsWith(inventory.mountPoint().orElseThrow()), inventory.toString());
    assertFalse(inventory.devices().isEmpty());
    for (var device : inventory.devices()) {
      if (device.name().matches("vd[a-z]+")) {
        // this project's CI machines: a virtio disk whose rotational flag says nothing
        assertEquals(DeviceType.VIRTIO, device.type());
        assertFalse(device.rotationalTrusted());
        assertTrue(device.scheduler().isPresent(), device.toString());
        assertTrue(device.sizeBytes().orElseThrow() > 0);
      }
      if (device.type() != DeviceType.RAM && device.type() != DeviceType.NETWORK_FS
          && device.type() != DeviceType.UNKNOWN) {
        assertTrue(inventory.blockDevices().contains(device.name()), inventory.toString());
        assertTrue(device.logicalBlockSize().isPresent(), device.toString());
      }
    }
  }

  @Test
  void hostTuningReadsWholeSysctlValues() throws Exception {
    var swappiness = Path.of("/proc/sys/vm/swappiness");
    Assumptions.assumeTrue(Files.isReadable(swappiness), "no /proc/sys/vm/swappiness");
    // BufferedReader reads 8 KiB at offset 0 in one call, which sysctl files answer in full
    var expected = Files.readAllLines(swappiness).get(0).trim();
    assertEquals(expected, HostTuning.read(HostFiles.live()).get("vm.swappiness"));
  }

  @Test
  void collectorOnTheRepositoryPathTagsTheResult(@TempDir Path temp) {
    assumeLinux();
    var properties = new Properties();
    properties.setProperty("collector.paths", REPOSITORY.toString());
    properties.setProperty("collector.interval", "50ms");
    properties.setProperty("collector.probe.size", "1MiB");
    properties.setProperty("collector.probe.time", "200ms");
    properties.setProperty("collector.pid", String.valueOf(ProcessHandle.current().pid()));
    properties.setProperty("collector.output", temp.resolve("live.storage.json").toString());
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(100L, "test"), properties);
    collector.start();
    var record = new RunRecord();
    collector.stop(record);
    var storage = record.facts().stream().filter(fact -> fact.group().equals("STORAGE"))
        .collect(Collectors.toMap(RunRecord.Fact::name, RunRecord.Fact::value));
    assertNotNull(storage.get("device.type"), storage.toString());
    assertNotNull(storage.get("data_disk_0_media"));
    assertNotNull(storage.get("probe.medium"), "probe ran on the repository's file system: " + storage);
    assertTrue(Files.exists(temp.resolve("live.storage.json")));
  }
}
