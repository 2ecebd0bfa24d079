package io.github.ycsbstorage.collector.device;

/**
 * One line of {@code /proc/self/mountinfo}, with escapes ({@code \040} etc.) decoded. Immutable.
 *
 * @param major        device major number ({@code 0} for file systems without a block device)
 * @param minor        device minor number
 * @param mountPoint   where it is mounted
 * @param fsType       file-system type, e.g. {@code ext4}, {@code tmpfs}, {@code nfs4}
 * @param source       mount source, e.g. {@code /dev/nvme0n1p2} or {@code server:/export}
 * @param mountOptions per-mount options ({@code rw,noatime})
 * @param superOptions per-superblock options ({@code rw,discard,data=ordered})
 */
public record Mount(int major, int minor, String mountPoint, String fsType, String source,
    String mountOptions, String superOptions) {

  /** {@code major:minor} as used by {@code /sys/dev/block}. */
  public String deviceNumber() {
    return major + ":" + minor;
  }

  /** Whether {@code path} (absolute, normalised) lies on or under this mount point. */
  public boolean contains(String path) {
    if (mountPoint.equals("/")) {
      return path.startsWith("/");
    }
    return path.equals(mountPoint) || path.startsWith(mountPoint + "/");
  }
}
