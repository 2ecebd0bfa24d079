package io.github.ycsbstorage.result;

import io.github.ycsbstorage.config.Check;
import java.util.Optional;

/**
 * One physical device behind a data path, with what sysfs says about it. An empty component means
 * unknown (file absent or unreadable). Serial numbers are never recorded. Built through
 * {@link #builder}. Immutable.
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
    Optional<String> transport,
    Optional<String> reason,
    Optional<String> vendor,
    Optional<String> model,
    Optional<String> firmware,
    Optional<Long> sizeBytes,
    Optional<Boolean> rotational,
    boolean rotationalTrusted,
    Optional<String> rotationalNote,
    Optional<String> scheduler,
    Optional<Long> nrRequests,
    Optional<Long> readAheadKb,
    Optional<Long> queueDepth,
    Optional<Long> logicalBlockSize,
    Optional<Long> physicalBlockSize,
    Optional<String> writeCache,
    Optional<Boolean> discard) {

  public DeviceInfo {
    Check.argument(name != null && type != null, "name and type are required");
    // A result file written before a figure existed reads it as null: unknown.
    transport = orEmpty(transport);
    reason = orEmpty(reason);
    vendor = orEmpty(vendor);
    model = orEmpty(model);
    firmware = orEmpty(firmware);
    sizeBytes = orEmpty(sizeBytes);
    rotational = orEmpty(rotational);
    rotationalNote = orEmpty(rotationalNote);
    scheduler = orEmpty(scheduler);
    nrRequests = orEmpty(nrRequests);
    readAheadKb = orEmpty(readAheadKb);
    queueDepth = orEmpty(queueDepth);
    logicalBlockSize = orEmpty(logicalBlockSize);
    physicalBlockSize = orEmpty(physicalBlockSize);
    writeCache = orEmpty(writeCache);
    discard = orEmpty(discard);
  }

  private static <T> Optional<T> orEmpty(Optional<T> value) {
    return value == null ? Optional.empty() : value;
  }

  /** A device as far as its type is known, and why; the builder adds what sysfs says. */
  public static Builder builder(String name, DeviceType type, String reason) {
    return new Builder(name, type, reason);
  }

  /** A device known only by its type, e.g. a tmpfs or an NFS export. */
  public static DeviceInfo withoutBlockDevice(String name, DeviceType type, String reason) {
    return builder(name, type, reason).rotationalNote(Optional.of("no block device")).build();
  }

  /** Collects a device's attributes one at a time; every one left unset is unknown. Not thread-safe. */
  public static final class Builder {
    private final String name;
    private final DeviceType type;
    private final String reason;
    private Optional<String> transport = Optional.empty();
    private Optional<String> vendor = Optional.empty();
    private Optional<String> model = Optional.empty();
    private Optional<String> firmware = Optional.empty();
    private Optional<Long> sizeBytes = Optional.empty();
    private Optional<Boolean> rotational = Optional.empty();
    private boolean rotationalTrusted;
    private Optional<String> rotationalNote = Optional.empty();
    private Optional<String> scheduler = Optional.empty();
    private Optional<Long> nrRequests = Optional.empty();
    private Optional<Long> readAheadKb = Optional.empty();
    private Optional<Long> queueDepth = Optional.empty();
    private Optional<Long> logicalBlockSize = Optional.empty();
    private Optional<Long> physicalBlockSize = Optional.empty();
    private Optional<String> writeCache = Optional.empty();
    private Optional<Boolean> discard = Optional.empty();

    private Builder(String name, DeviceType type, String reason) {
      this.name = name;
      this.type = type;
      this.reason = reason;
    }

    public Builder transport(Optional<String> value) {
      transport = value;
      return this;
    }

    public Builder vendor(Optional<String> value) {
      vendor = value;
      return this;
    }

    public Builder model(Optional<String> value) {
      model = value;
      return this;
    }

    public Builder firmware(Optional<String> value) {
      firmware = value;
      return this;
    }

    public Builder sizeBytes(Optional<Long> value) {
      sizeBytes = value;
      return this;
    }

    /** The kernel's flag, whether it can be trusted, and why not. */
    public Builder rotational(Optional<Boolean> value, boolean trusted, Optional<String> note) {
      rotational = value;
      rotationalTrusted = trusted;
      rotationalNote = note;
      return this;
    }

    public Builder rotationalNote(Optional<String> value) {
      rotationalNote = value;
      return this;
    }

    public Builder scheduler(Optional<String> value) {
      scheduler = value;
      return this;
    }

    public Builder nrRequests(Optional<Long> value) {
      nrRequests = value;
      return this;
    }

    public Builder readAheadKb(Optional<Long> value) {
      readAheadKb = value;
      return this;
    }

    public Builder queueDepth(Optional<Long> value) {
      queueDepth = value;
      return this;
    }

    public Builder blockSizes(Optional<Long> logical, Optional<Long> physical) {
      logicalBlockSize = logical;
      physicalBlockSize = physical;
      return this;
    }

    public Builder writeCache(Optional<String> value) {
      writeCache = value;
      return this;
    }

    public Builder discard(Optional<Boolean> value) {
      discard = value;
      return this;
    }

    public DeviceInfo build() {
      return new DeviceInfo(name, type, transport, Optional.of(reason), vendor, model, firmware, sizeBytes, rotational,
          rotationalTrusted, rotationalNote, scheduler, nrRequests, readAheadKb, queueDepth, logicalBlockSize,
          physicalBlockSize, writeCache, discard);
    }
  }
}
