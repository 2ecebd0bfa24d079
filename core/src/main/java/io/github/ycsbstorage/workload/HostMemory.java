package io.github.ycsbstorage.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/** This host's physical memory, from {@code /proc/meminfo}. Stateless and thread-safe. */
final class HostMemory {
  static final String SOURCE = "/proc/meminfo MemTotal (server is local)";
  private static final Pattern MEM_TOTAL = Pattern.compile("(?m)^MemTotal:\\s+(\\d+)\\s+kB$");

  private HostMemory() {
  }

  /** MemTotal in bytes, or empty when the file is missing or unreadable (not Linux). */
  static Optional<Long> total(Path meminfo) {
    try {
      var matcher = MEM_TOTAL.matcher(Files.readString(meminfo));
      return matcher.find() ? Optional.of(Long.parseLong(matcher.group(1)) * 1024) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
