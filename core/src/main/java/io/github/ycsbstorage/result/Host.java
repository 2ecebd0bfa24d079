package io.github.ycsbstorage.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@code host} section: the machine the client ran on. Immutable.
 *
 * @param hostname    its name, when it can be learnt
 * @param cores       processors available to the JVM
 * @param memoryBytes physical memory, when the JVM can tell
 * @param os          name, version and architecture
 */
public record Host(Optional<String> hostname, int cores, OptionalLong memoryBytes, String os) {

  /** This JVM's host. */
  public static Host local() {
    var memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
        ? OptionalLong.of(os.getTotalMemorySize()) : OptionalLong.empty();
    return new Host(localName(), Runtime.getRuntime().availableProcessors(), memory,
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
  }

  private static Optional<String> localName() {
    try {
      return Optional.of(InetAddress.getLocalHost().getHostName());
    } catch (UnknownHostException e) {
      return Optional.ofNullable(System.getenv("HOSTNAME"));
    }
  }
}
