package io.github.ycsbstorage.demo;

import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.device.PathInventory;
import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.result.DeviceInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where the demo keeps its data: a folder on the temporary folder's disk and, where the host has one
 * on another file system, a folder in RAM ({@code /dev/shm}), so that the demo compares two storage
 * locations that differ. When there is no such RAM folder the demo runs on the disk alone and says
 * why. Immutable.
 *
 * @param devices   label → data folder, in study order
 * @param described one line per location with its detected type, or why there is only one
 */
record DemoLocations(List<Location> devices, List<String> described) {
  /** The RAM-backed folder of Linux (tmpfs). */
  static final Path SHARED_MEMORY = Path.of("/dev/shm");

  /** One study device of the demo: its label and data folder. */
  record Location(String label, Path data) {
  }

  /** Where a disk folder is looked for when the temporary folder is in memory: the root disk's. */
  static final Path VAR_TMP = Path.of("/var/tmp");
  /** File systems that keep their files in memory: no device behind them. */
  private static final Set<String> IN_MEMORY = Set.of("tmpfs", "ramfs");

  /**
   * The disk folder under {@code temp} (under {@code /var/tmp} when {@code temp} is itself in memory, as
   * {@code /tmp} is on many distributions); a new folder in {@code /dev/shm} when it is usable and on
   * another mount. Both are removed by {@link #removeData()}.
   */
  static DemoLocations choose(Path temp) throws IOException {
    var resolver = new DeviceResolver(HostFiles.live());
    var disk = Files.createDirectories(temp.resolve("data"));
    var diskInventory = resolver.resolve(disk.toString());
    var note = "";
    if (diskInventory.fsType().filter(IN_MEMORY::contains).isPresent() && Files.isWritable(VAR_TMP)) {
      note = " (the temporary folder is on " + diskInventory.fsType().get() + ", in memory)";
      Files.delete(disk);
      disk = Files.createTempDirectory(VAR_TMP, "ycsb-demo-");
      diskInventory = resolver.resolve(disk.toString());
    }
    var devices = new ArrayList<>(List.of(new Location("disk", disk)));
    var described = new ArrayList<>(List.of("disk = " + disk + " " + kind(diskInventory) + note
        + ", removed at the end"));
    var why = whyNoRam(diskInventory);
    if (why.isEmpty()) {
      var ram = Files.createTempDirectory(SHARED_MEMORY, "ycsb-demo-");
      devices.add(new Location("ram", ram));
      described.add("ram = " + ram + " " + kind(resolver.resolve(ram.toString())) + ", removed at the end");
    } else {
      described.add("no second device: " + why.get() + "; the report shows this one device without a comparison");
    }
    return new DemoLocations(devices, described);
  }

  private static Optional<String> whyNoRam(PathInventory disk) {
    if (!Files.isDirectory(SHARED_MEMORY)) {
      return Optional.of(SHARED_MEMORY + " does not exist on this host (it is Linux's RAM-backed folder)");
    }
    if (!Files.isWritable(SHARED_MEMORY)) {
      return Optional.of(SHARED_MEMORY + " is not writable here");
    }
    if (disk.mountPoint().filter(SHARED_MEMORY.toString()::equals).isPresent()) {
      return Optional.of("the disk folder is itself in " + SHARED_MEMORY);
    }
    return Optional.empty();
  }

  /** E.g. {@code (virtio vda, ext4)}. */
  private static String kind(PathInventory inventory) {
    var devices = inventory.devices().stream().map(d -> d.type() + " " + d.name() + model(d))
        .collect(Collectors.joining(", "));
    return "(" + (devices.isEmpty() ? "device unknown" : devices) + inventory.fsType().map(type -> ", " + type).orElse("") + ")";
  }

  private static String model(DeviceInfo device) {
    return device.model().map(model -> " " + model).orElse("");
  }

  /** Removes the data folders (the RAM folder's data would hold memory until the next reboot). */
  void removeData() throws IOException {
    for (var location : devices) {
      if (Files.exists(location.data())) {
        try (var paths = Files.walk(location.data())) {
          for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(path);
          }
        }
      }
    }
  }
}
