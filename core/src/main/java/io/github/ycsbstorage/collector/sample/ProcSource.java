package io.github.ycsbstorage.collector.sample;

import java.io.IOException;
import java.util.function.Predicate;

/** Where snapshots come from: this host's {@code /proc}, or a remote one. */
public interface ProcSource {
  /**
   * Reads one snapshot. Files that cannot be read are listed in {@link Snapshot#missing()}.
   *
   * @throws IOException when the source as a whole failed (e.g. ssh could not connect)
   */
  Snapshot take(Predicate<String> watchedDevices) throws IOException;

  /** For results, e.g. {@code local /proc} or {@code ssh db1}. */
  String describe();
}
