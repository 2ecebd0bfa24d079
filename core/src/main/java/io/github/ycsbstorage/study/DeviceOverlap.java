package io.github.ycsbstorage.study;

import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.device.PathInventory;
import io.github.ycsbstorage.result.DeviceInfo;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds study devices whose data paths lie on the same physical device: their cells then compare a
 * device with itself (two folders on one disk showed "1.5 × speedups" that were noise). Paths are
 * resolved as the collector resolves them, down to the physical devices; a path without a block
 * device (tmpfs, a network file system) is known by its mount point. Stateless.
 */
final class DeviceOverlap {
  private DeviceOverlap() {
  }

  /** One warning per pair of study devices that share a physical device, naming it. */
  static List<String> warnings(List<Device> devices, DeviceResolver resolver) {
    var under = new ArrayList<Set<String>>();
    for (var device : devices) {
      under.add(physical(resolver.resolve(device.dataPath().toString())));
    }
    var warnings = new ArrayList<String>();
    for (int i = 0; i < devices.size(); i++) {
      for (int j = i + 1; j < devices.size(); j++) {
        var shared = new LinkedHashSet<>(under.get(i));
        shared.retainAll(under.get(j));
        if (!shared.isEmpty()) {
          warnings.add("study devices " + devices.get(i).name() + " (" + devices.get(i).dataPath() + ") and "
              + devices.get(j).name() + " (" + devices.get(j).dataPath() + ") are on the same physical device "
              + String.join(", ", shared) + ": comparing them compares that device with itself");
        }
      }
    }
    return warnings;
  }

  private static Set<String> physical(PathInventory inventory) {
    var names = new LinkedHashSet<String>();
    inventory.devices().stream().filter(d -> !inventory.blockDevices().isEmpty()).map(DeviceInfo::name)
        .forEach(names::add);
    if (names.isEmpty() && inventory.mountPoint().isPresent()) {
      names.add("mount " + inventory.mountPoint().get());
    }
    return names;
  }
}
