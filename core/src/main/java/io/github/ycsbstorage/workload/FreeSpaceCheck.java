package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Before a load, checks that the server's data directory — when it is on this host — has room for the
 * planned dataset plus a margin. Stateless and thread-safe.
 */
final class FreeSpaceCheck {
  /** Room left beyond the plan, for indexes, journals and estimate error. */
  static final double MARGIN = 0.10;

  private FreeSpaceCheck() {
  }

  /** Free bytes under the server's data path when the server is local and the path exists here. */
  static OptionalLong usableSpace(Optional<ServerInfo> server) {
    if (server.isEmpty() || server.get().locality() != Locality.LOCAL || server.get().dataPath().isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Files.getFileStore(Path.of(server.get().dataPath().get())).getUsableSpace());
    } catch (IOException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * Refuses the plan when the data path lacks room.
   *
   * @param property the sizing property to name, and its value
   */
  static void check(SizingPlan plan, String dataPath, long usable, String property, String value) {
    long needed = Math.round(plan.expectedBytes() * (1 + MARGIN));
    if (usable < needed) {
      throw new InvalidPropertyException(property, value,
          "a dataset that fits the file system of the server's data path",
          "the data path " + dataPath + " has " + ByteSize.ofBytes(usable) + " free, the plan needs "
              + ByteSize.ofBytes(needed) + " (" + ByteSize.ofBytes(plan.expectedBytes()) + " + "
              + Math.round(MARGIN * 100) + " % margin)");
    }
  }
}
