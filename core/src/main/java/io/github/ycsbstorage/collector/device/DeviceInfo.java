package io.github.ycsbstorage.collector.device;

/**
 * One physical device behind a data path, with what sysfs says about it. A {@code null} component
 * means unknown (file absent or unreadable). Serial numbers are never recorded. Immutable.
 *
 * @param name               kernel name, e.g. {@code nvme0n1}; for devices without a block device
 *                           the mount source (e.g. {@code tmpfs}, {@code server:/export})
 * @param type               classification
 * @param transport          how it is attached, e.g. {@code pcie}, {@code tcp}, {@code ata},
 *                           {@code sas}, {@code virtio-blk}
 * @param reason             why this type was chosen, or why it is unknown
 * @param vendor             vendor string as the device reports it
 * @param model              model string as the device reports it
 * @param firmware           firmware revision
 * @param sizeBytes          capacity
 * @param rotational         the kernel's rotational flag
 * @param rotationalTrusted  false where the kernel cannot know (virtual, RAID, network, cloud)
 * @param rotationalNote     why the flag is not trusted
 * @param scheduler          active I/O scheduler
 * @param nrRequests         {@code queue/nr_requests}
 * @param readAheadKb        {@code queue/read_ahead_kb}
 * @param queueDepth         device queue depth (SCSI {@code queue_depth}, NVMe {@code sqsize},
 *                           else the blk-mq tag count {@code mq/0/nr_tags})
 * @param logicalBlockSize   bytes
 * @param physicalBlockSize  bytes
 * @param writeCache         {@code write back} or {@code write through}
 * @param discard            whether discard/TRIM is supported
 */
public record DeviceInfo(
    String name,
    DeviceType type,
    String transport,
    String reason,
    String vendor,
    String model,
    String firmware,
    Long sizeBytes,
    Boolean rotational,
    boolean rotationalTrusted,
    String rotationalNote,
    String scheduler,
    Long nrRequests,
    Long readAheadKb,
    Long queueDepth,
    Long logicalBlockSize,
    Long physicalBlockSize,
    String writeCache,
    Boolean discard) {

  public DeviceInfo {
    if (name == null || type == null) {
      throw new IllegalArgumentException("name and type are required");
    }
  }

  /** A device known only by its type, e.g. a tmpfs or an NFS export. */
  public static DeviceInfo withoutBlockDevice(String name, DeviceType type, String reason) {
    return new DeviceInfo(name, type, null, reason, null, null, null, null, null, false,
        "no block device", null, null, null, null, null, null, null, null);
  }
}
