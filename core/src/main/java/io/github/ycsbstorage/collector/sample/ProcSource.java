package io.github.ycsbstorage.collector.sample;

import java.io.IOException;
import java.util.Map;
import java.util.function.Predicate;

/** Where snapshots come from: this host's {@code /proc}, or a remote one. */
public interface ProcSource {
  /**
   * Reads one snapshot. Files that cannot be read are listed in {@link Snapshot#missing()}.
   *
   * @throws IOException when the source as a whole failed (e.g. ssh could not connect)
   */
  Snapshot take(Predicate<String> watchedDevices) throws IOException;

  /**
   * The observed process's threads now: thread id → its name as the kernel keeps it ({@code comm}, at
   * most 15 bytes). Empty where the source observes no process or cannot tell (the default).
   *
   * @throws IOException when the source as a whole failed
   */
  default Map<Long, String> threadNames() throws IOException {
    return Map.of();
  }

  /** For results, e.g. {@code local /proc} or {@code ssh db1}. */
  String describe();
}
