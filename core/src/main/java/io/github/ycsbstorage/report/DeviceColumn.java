package io.github.ycsbstorage.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A device as the report's columns name it: the user's label with what the collector detected,
 * e.g. {@code hdd-a (hdd, ST500DM002)}. Immutable.
 *
 * @param label    the study's device label (a standalone result's device name)
 * @param detected type and model (or kernel name) per physical device, e.g. {@code hdd, ST500DM002};
 *                 empty when no result of the device carries a device inventory
 * @param physical the physical devices under its data paths, for spotting two labels on one device
 */
record DeviceColumn(String label, List<String> detected, Set<String> physical) {
  DeviceColumn {
    detected = List.copyOf(detected);
    physical = Set.copyOf(physical);
  }

  static DeviceColumn of(String label, List<ReportCell> cells) {
    var detected = new LinkedHashSet<String>();
    var physical = new LinkedHashSet<String>();
    for (var cell : cells) {
      cell.dataDevices().forEach(entry -> detected.add(entry.device().type() + ", "
          + entry.device().model().map(String::strip).orElse(entry.device().name())));
      physical.addAll(cell.physicalDevices());
    }
    return new DeviceColumn(label, List.copyOf(detected), physical);
  }

  /** The physical devices both columns' data paths lie on: comparing them compares those with themselves. */
  Set<String> sharedWith(DeviceColumn other) {
    var shared = new LinkedHashSet<>(physical);
    shared.retainAll(other.physical);
    return shared;
  }

  /** E.g. {@code hdd-a (hdd, ST500DM002)}; {@code hdd-a (type unknown: no device inventory)}. */
  String title() {
    return label + " (" + (detected.isEmpty() ? "type unknown: no device inventory" : String.join("; ", detected))
        + ")";
  }
}
