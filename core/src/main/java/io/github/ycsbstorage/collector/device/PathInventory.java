package io.github.ycsbstorage.collector.device;

import io.github.ycsbstorage.result.DeviceInfo;
import io.github.ycsbstorage.result.LoopDevice;
import java.util.List;
import java.util.Optional;

/**
 * What lies under one data path: its mount, the block-device stack from the file system down, and
 * the physical devices at the bottom. Immutable.
 *
 * @param path         the watched path as resolved (absolute)
 * @param mountPoint   its mount point, when known
 * @param fsType       file-system type, when known
 * @param source       mount source, when known
 * @param mountOptions per-mount and per-superblock options, when known
 * @param stack        the layers from the file system's device down, e.g.
 *                     {@code ["dm-1 (lvm vg-data)", "dm-0 (crypt)", "nvme0n1p2 (partition of nvme0n1)"]}
 * @param devices      the physical devices at the bottom
 * @param blockDevices every kernel block device name met (layers and physical), for diskstats
 * @param notes        what could not be resolved, and why
 * @param pageCache    why reads of this path that bypass the page cache (O_DIRECT) still come from
 *                     it, e.g. a loop device without direct I/O; empty when nothing in the
 *                     stack buffers them. The read-latency probe then cannot see the medium.
 * @param loop         the loop device the path's file system lies on (the first met), when it does
 */
public record PathInventory(String path, Optional<String> mountPoint, Optional<String> fsType,
    Optional<String> source, Optional<String> mountOptions, List<String> stack, List<DeviceInfo> devices,
    List<String> blockDevices, List<String> notes, Optional<String> pageCache, Optional<LoopDevice> loop) {

  public PathInventory {
    stack = List.copyOf(stack);
    devices = List.copyOf(devices);
    blockDevices = List.copyOf(blockDevices);
    notes = List.copyOf(notes);
  }
}
