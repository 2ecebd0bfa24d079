package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonValue;

/** What kind of storage a physical device (or a file system without one) is. */
public enum DeviceType {
  HDD("hdd"),
  SSD_SATA("ssd-sata"),
  SSD_SAS("ssd-sas"),
  NVME("nvme"),
  /** NVMe over fabrics; the transport (rdma, tcp, fc) is recorded beside it. */
  NVME_OF("nvme-of"),
  ISCSI("iscsi"),
  VIRTIO("virtio"),
  XEN("xen"),
  /** zram, brd ramdisks, tmpfs. */
  RAM("ram"),
  /** nfs, cifs and similar: no local block device. */
  NETWORK_FS("network-fs"),
  /** A loop device whose backing file could not be followed. */
  LOOP("loop"),
  UNKNOWN("unknown");

  private final String label;

  DeviceType(String label) {
    this.label = label;
  }

  /** The name used in results, e.g. {@code ssd-sata}. */
  @JsonValue
  public String label() {
    return label;
  }

  /**
   * The medium in PerfKitBenchmarker's vocabulary ({@code data_disk_0_media}): {@code hdd},
   * {@code ssd}, {@code memory}, {@code network} or {@code unknown} where the type alone cannot tell.
   */
  public String media() {
    return switch (this) {
      case HDD -> "hdd";
      case SSD_SATA, SSD_SAS, NVME -> "ssd";
      case RAM -> "memory";
      case NETWORK_FS -> "network";
      default -> "unknown";
    };
  }

  @Override
  public String toString() {
    return label;
  }
}
