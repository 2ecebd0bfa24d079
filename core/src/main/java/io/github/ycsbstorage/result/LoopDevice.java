package io.github.ycsbstorage.result;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A loop device a data path's file system lies on: its own size, and the file behind it with that
 * file's file system and device. The file system's capacity is the loop device's, never the disk's
 * under the backing file. Immutable.
 *
 * @param name              kernel name, e.g. {@code loop0}
 * @param sizeBytes         {@code /sys/block/loopN/size} × 512; empty when sysfs does not say
 * @param backingFile       {@code /sys/block/loopN/loop/backing_file}
 * @param backingFsType     the file system holding the backing file, when found
 * @param backingMountPoint that file system's mount point, when found
 * @param backingDevice     the block device (or source) that file system lies on, when found
 */
public record LoopDevice(String name, OptionalLong sizeBytes, String backingFile, Optional<String> backingFsType,
    Optional<String> backingMountPoint, Optional<String> backingDevice) {

  public LoopDevice {
    sizeBytes = sizeBytes == null ? OptionalLong.empty() : sizeBytes;
    backingFsType = backingFsType == null ? Optional.empty() : backingFsType;
    backingMountPoint = backingMountPoint == null ? Optional.empty() : backingMountPoint;
    backingDevice = backingDevice == null ? Optional.empty() : backingDevice;
  }

  /** E.g. {@code loop0 of 1,073,741,824 bytes over /srv/images/disk.img (ext4 on sda)}. */
  public String describe() {
    var size = sizeBytes.isPresent() ? String.format(Locale.ROOT, " of %,d bytes", sizeBytes.getAsLong())
        : " of unknown size";
    return name + size + " over " + backingFile
        + backingFsType.map(type -> " (" + type + backingDevice.map(d -> " on " + d).orElse("") + ")").orElse("");
  }
}
