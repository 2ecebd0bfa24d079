package io.github.ycsbstorage.collector.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.Fixtures;
import io.github.ycsbstorage.result.LoopDevice;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Exact classification of every device class, on fixture trees laid out like real sysfs. */
class DeviceResolverFixtureTest {

  private static PathInventory resolve(String fixture, String path) {
    return new DeviceResolver(Fixtures.files(fixture)).resolve(path);
  }

  private static List<String> types(PathInventory inventory) {
    return inventory.devices().stream().map(device -> device.name() + "=" + device.type().label()).toList();
  }

  @Test
  void virtioDiskClaimingRotationalIsVirtioWithUntrustedFlag() {
    var inventory = resolve("virtio", "/var/lib/mongodb");
    assertEquals(List.of("vda=virtio"), types(inventory));
    var vda = inventory.devices().get(0);
    assertEquals(Optional.of("virtio-blk"), vda.transport());
    assertEquals(Optional.of(Boolean.TRUE), vda.rotational());
    assertFalse(vda.rotationalTrusted());
    assertEquals(Optional.of("virtual disk: the hypervisor does not tell what backs it"), vda.rotationalNote());
    assertEquals(Optional.of("mq-deadline"), vda.scheduler());
    assertEquals(Optional.of(256L), vda.nrRequests());
    assertEquals(Optional.of(128L), vda.readAheadKb());
    assertEquals(Optional.of(512L), vda.logicalBlockSize());
    assertEquals(Optional.of(4096L), vda.physicalBlockSize());
    assertEquals(Optional.of("write back"), vda.writeCache());
    assertEquals(Optional.of(Boolean.TRUE), vda.discard());
    assertEquals(Optional.of(104857600L * 512), vda.sizeBytes());
    assertEquals(Optional.of("0x1af4"), vda.vendor());
    assertEquals(Optional.of(128L), vda.queueDepth());
    assertEquals(Optional.of("/"), inventory.mountPoint());
    assertEquals(Optional.of("ext4"), inventory.fsType());
    assertEquals(Optional.of("rw,relatime (rw,discard)"), inventory.mountOptions());
    assertEquals(List.of("vda"), inventory.blockDevices());
  }

  @Test
  void partitionOnSataHddResolvesToTrustedHdd() {
    var inventory = resolve("hdd-partition", "/data disk/mongo");
    assertEquals(Optional.of("/data disk"), inventory.mountPoint());
    assertEquals(List.of("sda=hdd"), types(inventory));
    assertEquals(List.of("sda1 (partition of sda)"), inventory.stack());
    assertEquals(List.of("sda1", "sda"), inventory.blockDevices());
    var sda = inventory.devices().get(0);
    assertEquals(Optional.of("ata"), sda.transport());
    assertTrue(sda.rotationalTrusted());
    assertEquals(Optional.of("ST4000NM0035-1V4"), sda.model());
    assertEquals(Optional.of("TN02"), sda.firmware());
    assertEquals(Optional.of(32L), sda.queueDepth());
    assertEquals(Optional.of(Boolean.FALSE), sda.discard());
  }

  @Test
  void lvmOnDmCryptOnNvmeResolvesToTheNvmeNamespace() {
    var inventory = resolve("lvm-crypt-nvme", "/var/lib/mongodb/journal");
    assertEquals(List.of("nvme0n1=nvme"), types(inventory));
    assertEquals(List.of("dm-1 (lvm vg0-data over dm-0)", "dm-0 (crypt luks-7f3a over nvme0n1p2)",
        "nvme0n1p2 (partition of nvme0n1)"), inventory.stack());
    assertEquals(List.of("dm-1", "dm-0", "nvme0n1p2", "nvme0n1"), inventory.blockDevices());
    var nvme = inventory.devices().get(0);
    assertEquals(Optional.of("pcie"), nvme.transport());
    assertEquals(Optional.of("Samsung SSD 980 PRO 1TB"), nvme.model());
    assertEquals(Optional.of("5B2QGXA7"), nvme.firmware());
    assertEquals(Optional.of(1023L), nvme.queueDepth());
    assertEquals(Optional.of("none"), nvme.scheduler());
    assertEquals(Optional.of(Boolean.FALSE), nvme.rotational());
    assertTrue(nvme.rotationalTrusted());
  }

  @Test
  void mdRaid1OverTwoSataSsdsResolvesToBothMembers() {
    var inventory = resolve("md-raid1-sata-ssd", "/srv/db");
    assertEquals(List.of("sda=ssd-sata", "sdb=ssd-sata"), types(inventory));
    assertEquals("md0 (md raid1 over sda1, sdb1)", inventory.stack().get(0));
    assertEquals(List.of("md0", "sda1", "sda", "sdb1", "sdb"), inventory.blockDevices());
    assertEquals(Optional.of("Samsung SSD 860"), inventory.devices().get(1).model());
  }

  @Test
  void nvmeOverTcpIsNvmeOfWithItsTransport() {
    var inventory = resolve("nvme-of-tcp", "/mnt/fabric");
    assertEquals(List.of("nvme1n1=nvme-of"), types(inventory));
    var device = inventory.devices().get(0);
    assertEquals(Optional.of("tcp"), device.transport());
    assertFalse(device.rotationalTrusted());
  }

  @Test
  void scsiDiskUnderAnIscsiSessionIsIscsi() {
    var inventory = resolve("iscsi", "/mnt/iscsi/db");
    assertEquals(List.of("sdb=iscsi"), types(inventory));
    assertEquals(Optional.of("LIO-ORG"), inventory.devices().get(0).vendor());
    assertFalse(inventory.devices().get(0).rotationalTrusted());
    assertEquals(Optional.of(128L), inventory.devices().get(0).queueDepth());
  }

  @Test
  void zramIsRam() {
    assertEquals(List.of("zram0=ram"), types(resolve("zram", "/mnt/zram")));
  }

  @Test
  void loopDeviceIsFollowedToTheDeviceHoldingItsBackingFile() {
    var inventory = resolve("loop-file", "/mnt/img/data");
    assertEquals(List.of("sda=ssd-sata"), types(inventory));
    assertEquals(List.of("loop0 (loop over /srv/images/disk.img)"), inventory.stack());
    assertEquals(List.of("loop0", "sda"), inventory.blockDevices());
    assertEquals(Optional.empty(), inventory.pageCache(), "loop/dio = 1: direct I/O reaches the backing device");
    // loop0/size says 2,097,152 sectors: 1 GiB, its own; sda under the file has 937,703,088 (480 GB)
    var loop = inventory.loop().orElseThrow();
    assertEquals(new LoopDevice("loop0", java.util.OptionalLong.of(2_097_152L * 512), "/srv/images/disk.img",
        Optional.of("ext4"), Optional.of("/srv"), Optional.of("sda")), loop);
    assertEquals("loop0 of 1,073,741,824 bytes over /srv/images/disk.img (ext4 on sda)", loop.describe());
  }

  @Test
  void aFileSystemWithoutABlockDeviceIsKnownByItsDeviceNumberToo() {
    // the validation rig's device: ext4 on a loop device over a file on a FUSE pass-through (DelayFs);
    // its A/A run has two such mounts, which share the source name and must not be one device
    var inventory = resolve("loop-on-fuse", "/mnt/img/data");
    assertEquals(List.of("DelayFs (0:52)=unknown"), types(inventory));
    assertEquals(List.of("loop0"), inventory.blockDevices());
    assertEquals(Optional.of("fuse.DelayFs"), inventory.loop().orElseThrow().backingFsType());
  }

  @Test
  void loopDeviceWithoutDirectIoIsNotedAsReadingThroughThePageCache() {
    var inventory = resolve("loop-buffered", "/mnt/img/data");
    assertEquals(List.of("vda=virtio"), types(inventory));
    assertEquals(List.of("loop0 (loop over /images/disk.img)"), inventory.stack());
    var reason = "loop0 reads its backing file through the page cache (loop/dio = 0): O_DIRECT reads cannot"
        + " see the medium below";
    assertEquals(Optional.of(reason), inventory.pageCache());
    assertTrue(inventory.notes().contains(reason), inventory.notes().toString());
  }

  @Test
  void tmpfsIsRamWithoutBlockDevice() {
    var inventory = resolve("tmpfs", "/mnt/ram/db");
    assertEquals(List.of("tmpfs=ram"), types(inventory));
    assertEquals(List.of(), inventory.blockDevices());
    assertEquals(Optional.of("tmpfs"), inventory.fsType());
  }

  @Test
  void nfsIsNetworkFsNamedByItsSource() {
    var inventory = resolve("nfs", "/mnt/nfs/db");
    assertEquals(List.of("filer:/export/db=network-fs"), types(inventory));
    assertEquals(Optional.of("nfs4"), inventory.fsType());
    assertEquals(Optional.empty(), inventory.devices().get(0).rotational());
  }

  @Test
  void sasSsdXenAndHardwareRaid() {
    assertEquals(List.of("sdc=ssd-sas"), types(resolve("sas-ssd", "/data")));
    var xen = resolve("xen", "/");
    assertEquals(List.of("xvdb=xen"), types(xen));
    assertFalse(xen.devices().get(0).rotationalTrusted());
    var raid = resolve("hardware-raid", "/var/lib");
    assertEquals(List.of("sda=unknown"), types(raid));
    assertFalse(raid.devices().get(0).rotationalTrusted());
    assertTrue(raid.devices().get(0).reason().orElseThrow().startsWith("hardware RAID volume"),
        raid.devices().get(0).reason().toString());
  }

  @Test
  void devicesNamedDirectlyResolveLikePaths() {
    var resolver = new DeviceResolver(Fixtures.files("md-raid1-sata-ssd"));
    assertEquals(List.of("sda=ssd-sata", "sdb=ssd-sata"), types(resolver.resolveDevice("/dev/md0")));
    var missing = resolver.resolveDevice("sdz");
    assertEquals(List.of("sdz=unknown"), types(missing));
    assertEquals(List.of("no block device sdz in /sys/class/block"), missing.notes());
  }

  @Test
  void containerWithoutSysDegradesToUnknownWithReason() {
    var inventory = resolve("no-sys", "/data");
    assertEquals(List.of("overlay=unknown"), types(inventory));
    assertEquals(List.of("overlay mount /: its upper directory /var/lib/docker/u is not visible from here (container?)"),
        inventory.notes());
    var empty = new DeviceResolver(Fixtures.files("does-not-exist")).resolve("/data");
    assertEquals(List.of("/data=unknown"), types(empty));
    assertEquals(List.of("/proc/self/mountinfo not readable"), empty.notes());
  }

  @Test
  void hostTuningIsReadWithActiveChoices() {
    var tuning = HostTuning.read(Fixtures.files("virtio"));
    assertEquals("20", tuning.get("vm.dirty_ratio"));
    assertEquals("60", tuning.get("vm.swappiness"));
    assertEquals("madvise", tuning.get("transparent_hugepage.enabled"));
    assertEquals("madvise", tuning.get("transparent_hugepage.defrag"));
    assertNull(HostTuning.read(Fixtures.files("nfs")).get("vm.swappiness"));
  }
}
