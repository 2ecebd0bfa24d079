package io.github.ycsbstorage.collector.device;

import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.result.DeviceInfo;
import io.github.ycsbstorage.result.DeviceType;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Classifies one whole-disk block device from its sysfs directory: the driver (from the name and
 * the device path: {@code /virtio}, {@code /ata1/}, {@code /end_device-}, {@code /session1/}),
 * NVMe transport from {@code transport}, and the rotational flag where it can be trusted. Reads
 * only; stateless apart from the host files. Thread-safe.
 */
public final class DeviceClassifier {
  /** Vendor or model fragments of hardware RAID volumes: their rotational flag is made up. */
  private static final List<String> RAID_MARKERS = List.of("megaraid", "perc", "smart array",
      "logical volume", "avago", "lsi", "adaptec", "raid", "areca");
  /** Model fragments of cloud and hypervisor volumes: the medium behind them is not visible. */
  private static final List<String> VIRTUAL_MARKERS = List.of("elastic block store",
      "persistentdisk", "virtual disk", "vmware", "qemu", "virtual_disk", "block storage");

  private final HostFiles files;

  public DeviceClassifier(HostFiles files) {
    Check.argument(files != null, "files must not be null");
    this.files = files;
  }

  /**
   * Describes a whole disk.
   *
   * @param name kernel name, e.g. {@code sda}
   * @param dir  host path of its sysfs directory (link target of {@code /sys/class/block/<name>})
   */
  public DeviceInfo describe(String name, String dir) {
    var device = dir + "/device";
    var vendor = files.attribute(device + "/vendor");
    var model = files.attribute(device + "/model");
    var rotational = files.longAttribute(dir + "/queue/rotational").map(value -> value != 0);
    var kind = classify(name, dir, rotational, (vendor.orElse("") + " " + model.orElse("")).toLowerCase(Locale.ROOT));
    // SCSI reports its queue depth, NVMe its submission queue size; any blk-mq device its tag count
    var queueDepth = files.longAttribute(device + "/queue_depth")
        .or(() -> nvmeController(name).flatMap(ctrl -> files.longAttribute("/sys/class/nvme/" + ctrl + "/sqsize")))
        .or(() -> files.longAttribute(dir + "/mq/0/nr_tags"));
    return DeviceInfo.builder(name, kind.type, kind.reason)
        .transport(Optional.ofNullable(kind.transport))
        .vendor(vendor)
        .model(model)
        .firmware(files.attribute(device + "/firmware_rev").or(() -> files.attribute(device + "/rev")))
        .sizeBytes(files.longAttribute(dir + "/size").map(sectors -> sectors * 512))
        .rotational(rotational, kind.trustNote == null && rotational.isPresent(),
            rotational.isEmpty() ? Optional.of("queue/rotational not readable") : Optional.ofNullable(kind.trustNote))
        .scheduler(files.attribute(dir + "/queue/scheduler").map(DeviceClassifier::activeChoice))
        .nrRequests(files.longAttribute(dir + "/queue/nr_requests"))
        .readAheadKb(files.longAttribute(dir + "/queue/read_ahead_kb"))
        .queueDepth(queueDepth)
        .blockSizes(files.longAttribute(dir + "/queue/logical_block_size"),
            files.longAttribute(dir + "/queue/physical_block_size"))
        .writeCache(files.attribute(dir + "/queue/write_cache"))
        .discard(files.longAttribute(dir + "/queue/discard_max_bytes").map(bytes -> bytes > 0))
        .build();
  }

  /** {@code none [mq-deadline] kyber} → {@code mq-deadline}; a single value is returned as is. */
  public static String activeChoice(String value) {
    int open = value.indexOf('[');
    int close = value.indexOf(']', open + 1);
    return open >= 0 && close > open ? value.substring(open + 1, close) : value.trim();
  }

  private record Kind(DeviceType type, String transport, String reason, String trustNote) {
  }

  /**
   * The device's type, transport (null when not known), why, and why its rotational flag is not to
   * be trusted (null when it is).
   *
   * @param identity vendor and model, lower case
   */
  private Kind classify(String name, String dir, Optional<Boolean> rotational, String identity) {
    if (name.startsWith("zram")) {
      return new Kind(DeviceType.RAM, "zram", "compressed RAM disk (zram)", "memory device");
    }
    if (name.matches("ram\\d+")) {
      return new Kind(DeviceType.RAM, "brd", "RAM disk (brd)", "memory device");
    }
    if (name.startsWith("loop")) {
      return new Kind(DeviceType.LOOP, null, "loop device whose backing file could not be followed",
          "loop device: the flag describes nothing physical");
    }
    if (name.startsWith("nvme")) {
      return nvme(name, dir);
    }
    if (dir.contains("/virtio")) {
      var transport = name.startsWith("vd") ? "virtio-blk" : "virtio-scsi";
      return new Kind(DeviceType.VIRTIO, transport, "virtual disk (" + transport + ")",
          "virtual disk: the hypervisor does not tell what backs it");
    }
    if (name.startsWith("xvd") || dir.contains("/vbd-")) {
      return new Kind(DeviceType.XEN, "xen-blkfront", "Xen virtual block device",
          "virtual disk: the hypervisor does not tell what backs it");
    }
    if (hasComponent(dir, "session")) {
      return new Kind(DeviceType.ISCSI, "iscsi", "SCSI disk under an iSCSI session",
          "network target: the flag is the target's claim about its backstore");
    }
    if (!name.startsWith("sd")) {
      return new Kind(DeviceType.UNKNOWN, null, "driver of " + name + " not recognised",
          "unrecognised driver");
    }
    var transport = hasComponent(dir, "ata") ? "ata"
        : dir.contains("/end_device-") ? "sas"
        : dir.contains("/usb") ? "usb" : null;
    if (RAID_MARKERS.stream().anyMatch(identity::contains)) {
      return new Kind(DeviceType.UNKNOWN, transport,
          "hardware RAID volume (" + identity.trim() + "): the member disks are not visible",
          "RAID controller volume: the flag does not describe the member disks");
    }
    if (VIRTUAL_MARKERS.stream().anyMatch(identity::contains)) {
      return new Kind(DeviceType.UNKNOWN, transport,
          "virtual or cloud volume (" + identity.trim() + ")",
          "cloud or hypervisor volume: the medium behind it is not visible");
    }
    if (rotational.isEmpty()) {
      return new Kind(DeviceType.UNKNOWN, transport, "queue/rotational not readable", null);
    }
    if (rotational.get()) {
      return new Kind(DeviceType.HDD, transport, "rotational SCSI/SATA disk", null);
    }
    if ("ata".equals(transport)) {
      return new Kind(DeviceType.SSD_SATA, transport, "non-rotational disk on an ATA port", null);
    }
    if ("sas".equals(transport)) {
      return new Kind(DeviceType.SSD_SAS, transport, "non-rotational disk on a SAS port", null);
    }
    return new Kind(DeviceType.UNKNOWN, transport,
        "non-rotational SCSI disk on transport " + (transport == null ? "unknown" : transport), null);
  }

  private Kind nvme(String name, String dir) {
    var transport = files.attribute(dir + "/device/transport")
        .or(() -> nvmeController(name).flatMap(ctrl -> files.attribute("/sys/class/nvme/" + ctrl + "/transport")));
    if (transport.isEmpty()) {
      return new Kind(DeviceType.NVME, null, "NVMe namespace; transport not readable, assumed local",
          null);
    }
    return switch (transport.get()) {
      case "pcie" -> new Kind(DeviceType.NVME, "pcie", "NVMe namespace on PCIe", null);
      case "rdma", "tcp", "fc", "loop" -> new Kind(DeviceType.NVME_OF, transport.get(),
          "NVMe over fabrics (" + transport.get() + ")",
          "network target: the medium behind it is not visible");
      default -> new Kind(DeviceType.NVME, transport.get(),
          "NVMe namespace on transport " + transport.get(), null);
    };
  }

  /** {@code nvme0n1} → {@code nvme0} (the controller of a non-multipath namespace). */
  static Optional<String> nvmeController(String name) {
    int n = name.indexOf('n', 4);
    return name.startsWith("nvme") && n > 4 ? Optional.of(name.substring(0, n)) : Optional.empty();
  }

  /** Whether a path has a component made of {@code prefix} followed by digits, e.g. {@code ata1}. */
  private static boolean hasComponent(String path, String prefix) {
    for (var component : path.split("/")) {
      if (component.length() > prefix.length() && component.startsWith(prefix)
          && component.substring(prefix.length()).chars().allMatch(Character::isDigit)) {
        return true;
      }
    }
    return false;
  }
}
