package io.github.ycsbstorage.collector.device;

import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.result.DeviceInfo;
import io.github.ycsbstorage.result.DeviceType;
import io.github.ycsbstorage.result.LoopDevice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Resolves a data path to the physical devices under it: path → mount ({@code /proc/self/mountinfo},
 * longest mount point) → {@code major:minor} → {@code /sys/dev/block} → partitions to their disk,
 * device-mapper and md to their slaves (recursively), loop devices to the device holding their
 * backing file (noting when the loop device reads that file through the page cache), overlayfs to
 * its upper directory. File systems without a block device are
 * classified from their type (tmpfs → ram, nfs/cifs → network-fs). Whatever cannot be followed is
 * recorded as a note, never thrown. Thread-safe (it holds no mutable state).
 */
public final class DeviceResolver {
  private static final Set<String> MEMORY_FS = Set.of("tmpfs", "ramfs", "devtmpfs", "hugetlbfs");
  private static final Set<String> NETWORK_FS = Set.of("nfs", "nfs4", "cifs", "smb3", "smbfs",
      "ceph", "glusterfs", "fuse.glusterfs", "fuse.sshfs", "9p", "lustre", "beegfs", "gpfs");
  private static final int MAX_DEPTH = 16;

  private final HostFiles files;
  private final DeviceClassifier classifier;

  public DeviceResolver(HostFiles files) {
    this.files = files;
    this.classifier = new DeviceClassifier(files);
  }

  /** Resolves a host path (absolute; relative paths are taken from the working directory). */
  public PathInventory resolve(String path) {
    var state = new State();
    var absolute = absolute(path);
    state.path = absolute;
    resolveFileSystem(absolute, state, 0);
    return new PathInventory(absolute, Optional.ofNullable(state.mountPoint), Optional.ofNullable(state.fsType),
        Optional.ofNullable(state.source), Optional.ofNullable(state.mountOptions), state.stack, state.devices,
        List.copyOf(state.blockDevices), state.notes, Optional.ofNullable(state.pageCache),
        Optional.ofNullable(state.loop));
  }

  /**
   * Resolves a block device named directly ({@code collector.devices}), e.g. {@code sda} or
   * {@code /dev/sda}.
   */
  public PathInventory resolveDevice(String device) {
    var state = new State();
    var name = device.startsWith("/dev/") ? device.substring(device.lastIndexOf('/') + 1) : device;
    state.path = device;
    if (files.realPath("/sys/class/block/" + name).isEmpty()) {
      state.notes.add("no block device " + name + " in /sys/class/block");
      state.devices.add(DeviceInfo.withoutBlockDevice(name, DeviceType.UNKNOWN,
          "no block device " + name + " in /sys/class/block"));
    } else {
      expand(name, state, 0);
    }
    return new PathInventory(device, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
        state.stack, state.devices, List.copyOf(state.blockDevices), state.notes,
        Optional.ofNullable(state.pageCache), Optional.ofNullable(state.loop));
  }

  private String absolute(String path) {
    if (files.root().equals(Path.of("/"))) {
      try {
        return Path.of(path).toRealPath().toString();
      } catch (Exception e) {
        return Path.of(path).toAbsolutePath().normalize().toString();
      }
    }
    return files.realPath(path).orElse(Path.of(path).normalize().toString());
  }

  private static final class State {
    String path;
    String mountPoint;
    String fsType;
    String source;
    String mountOptions;
    final List<String> stack = new ArrayList<>();
    final List<DeviceInfo> devices = new ArrayList<>();
    final Set<String> blockDevices = new LinkedHashSet<>();
    final List<String> notes = new ArrayList<>();
    String pageCache;
    LoopDevice loop;
    /** Whether {@link #loop}'s backing file system is still to be found. */
    boolean loopPending;
  }

  private void resolveFileSystem(String path, State state, int depth) {
    var mountinfo = files.read("/proc/self/mountinfo");
    if (mountinfo.isEmpty()) {
      unknown(state, path, "/proc/self/mountinfo not readable");
      return;
    }
    var mounts = MountTable.parse(mountinfo.get());
    var found = mounts.mountOf(path);
    if (found.isEmpty()) {
      unknown(state, path, "no mount holds " + path);
      return;
    }
    var mount = found.get();
    if (state.loopPending) {
      state.loopPending = false;
      state.loop = onFileSystem(state.loop, mount, blockDeviceOf(mount));
    }
    if (state.mountPoint == null) {
      state.mountPoint = mount.mountPoint();
      state.fsType = mount.fsType();
      state.source = mount.source();
      state.mountOptions = mount.mountOptions()
          + (mount.superOptions().isEmpty() ? "" : " (" + mount.superOptions() + ")");
    }
    if (MEMORY_FS.contains(mount.fsType())) {
      state.devices.add(DeviceInfo.withoutBlockDevice(mount.fsType(), DeviceType.RAM,
          mount.fsType() + " keeps its files in memory"));
      return;
    }
    if (NETWORK_FS.contains(mount.fsType())) {
      state.devices.add(DeviceInfo.withoutBlockDevice(mount.source(), DeviceType.NETWORK_FS,
          mount.fsType() + " file system served by " + mount.source()));
      return;
    }
    if (mount.fsType().equals("overlay") && depth < MAX_DEPTH) {
      var upper = option(mount.superOptions(), "upperdir");
      if (upper.isPresent() && mounts.mountOf(upper.get()).filter(mount::equals).isPresent()) {
        unknown(state, "overlay", "overlay mount " + mount.mountPoint() + ": its upper directory "
            + upper.get() + " is not visible from here (container?)");
        return;
      }
      if (upper.isPresent()) {
        state.stack.add("overlay (upper " + upper.get() + ")");
        resolveFileSystem(upper.get(), state, depth + 1);
        return;
      }
    }
    var name = blockDeviceOf(mount);
    if (name.isEmpty()) {
      // known by its device number too: mounts of one FUSE file system share a source (e.g. DelayFs),
      // and two of them are two devices, not one
      unknown(state, mount.source() + " (" + mount.deviceNumber() + ")", "no block device for " + mount.fsType() + " mount "
          + mount.mountPoint() + " (" + mount.deviceNumber() + ", source " + mount.source() + ")");
      return;
    }
    expand(name.get(), state, depth);
  }

  /** The loop device with the file system its backing file lies on, and that file system's device. */
  private static LoopDevice onFileSystem(LoopDevice loop, Mount mount, Optional<String> device) {
    return new LoopDevice(loop.name(), loop.sizeBytes(), loop.backingFile(), Optional.of(mount.fsType()),
        Optional.of(mount.mountPoint()), device.or(() -> Optional.of(mount.source())));
  }

  private Optional<String> blockDeviceOf(Mount mount) {
    if (mount.major() != 0) {
      var byNumber = files.realPath("/sys/dev/block/" + mount.deviceNumber()).map(DeviceResolver::lastComponent);
      if (byNumber.isPresent()) {
        return byNumber;
      }
    }
    // btrfs and some others report an anonymous 0:N device: fall back to the mount source
    var source = mount.source();
    if (source.startsWith("/dev/mapper/")) {
      var wanted = source.substring("/dev/mapper/".length());
      return files.list("/sys/block").stream()
          .filter(dm -> files.attribute("/sys/block/" + dm + "/dm/name").map(wanted::equals).orElse(false))
          .findFirst();
    }
    if (source.startsWith("/dev/")) {
      var name = lastComponent(source);
      return files.exists("/sys/class/block/" + name) ? Optional.of(name) : Optional.empty();
    }
    return Optional.empty();
  }

  private void expand(String name, State state, int depth) {
    if (depth > MAX_DEPTH) {
      state.notes.add("device stack deeper than " + MAX_DEPTH + " at " + name + ": not followed");
      return;
    }
    var dir = files.realPath("/sys/class/block/" + name).or(() -> files.realPath("/sys/block/" + name));
    if (dir.isEmpty()) {
      unknown(state, name, "no sysfs entry for block device " + name);
      return;
    }
    state.blockDevices.add(name);
    if (files.exists(dir.get() + "/partition")) {
      var disk = lastComponent(parent(dir.get()));
      state.stack.add(name + " (partition of " + disk + ")");
      expand(disk, state, depth + 1);
      return;
    }
    var slaves = files.list(dir.get() + "/slaves");
    if (!slaves.isEmpty()) {
      state.stack.add(name + " (" + layerKind(name, dir.get()) + " over " + String.join(", ", slaves) + ")");
      for (var slave : slaves) {
        expand(slave, state, depth + 1);
      }
      return;
    }
    if (name.startsWith("loop")) {
      var backing = files.attribute(dir.get() + "/loop/backing_file");
      if (backing.isPresent()) {
        var file = backing.get().endsWith(" (deleted)")
            ? backing.get().substring(0, backing.get().length() - " (deleted)".length()) : backing.get();
        state.stack.add(name + " (loop over " + file + ")");
        if (state.loop == null) {
          // the file system's capacity is the loop device's own, not the disk's under its file
          state.loop = new LoopDevice(name, files.longAttribute(dir.get() + "/size")
              .map(sectors -> OptionalLong.of(sectors * 512)).orElse(OptionalLong.empty()), file, Optional.empty(),
              Optional.empty(), Optional.empty());
          state.loopPending = true;
        }
        buffered(name, dir.get()).ifPresent(reason -> {
          state.notes.add(reason);
          state.pageCache = state.pageCache == null ? reason : state.pageCache;
        });
        resolveFileSystem(file, state, depth + 1);
        return;
      }
      state.notes.add(name + ": loop/backing_file not readable");
    }
    if (name.startsWith("dm-") || name.startsWith("md")) {
      state.notes.add(name + ": " + layerKind(name, dir.get()) + " without slaves");
    }
    state.devices.add(classifier.describe(name, dir.get()));
  }

  /**
   * Why a loop device serves reads from its backing file's page cache, or empty when it does direct
   * I/O ({@code loop/dio} = 1). Without direct I/O the loop driver reads the file through the page
   * cache of the file system below, so an O_DIRECT read on the loop device returns at memory speed
   * whenever that file's pages are cached. Kernels before 4.4 have no {@code loop/dio} and no direct
   * I/O for loop devices.
   */
  private Optional<String> buffered(String name, String dir) {
    var dio = files.attribute(dir + "/loop/dio");
    if (dio.isPresent() && dio.get().equals("1")) {
      return Optional.empty();
    }
    return Optional.of(name + " reads its backing file through the page cache ("
        + (dio.isPresent() ? "loop/dio = " + dio.get() : "no loop/dio: kernel without direct I/O for loop devices")
        + "): O_DIRECT reads cannot see the medium below");
  }

  /** {@code lvm vg-data}, {@code crypt}, {@code md raid1}, ... for a layered device. */
  private String layerKind(String name, String dir) {
    if (name.startsWith("md")) {
      return "md " + files.attribute(dir + "/md/level").orElse("raid");
    }
    var uuid = files.attribute(dir + "/dm/uuid").orElse("");
    var dmName = files.attribute(dir + "/dm/name").orElse(name);
    var kind = Map.of("LVM-", "lvm", "CRYPT-", "crypt", "mpath-", "multipath", "part", "partition")
        .entrySet().stream().filter(entry -> uuid.startsWith(entry.getKey())).map(Map.Entry::getValue)
        .findFirst().orElse("device-mapper");
    return kind + " " + dmName;
  }

  private void unknown(State state, String name, String reason) {
    state.notes.add(reason);
    state.devices.add(DeviceInfo.withoutBlockDevice(name, DeviceType.UNKNOWN, reason));
  }

  private static Optional<String> option(String options, String key) {
    for (var option : options.split(",")) {
      if (option.startsWith(key + "=")) {
        return Optional.of(option.substring(key.length() + 1));
      }
    }
    return Optional.empty();
  }

  private static String lastComponent(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private static String parent(String path) {
    return path.substring(0, path.lastIndexOf('/'));
  }
}
