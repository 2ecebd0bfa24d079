package io.github.ycsbstorage.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;

/** The client host's facts for a result file; unknown ones are null. Stateless and thread-safe. */
final class HostFacts {
  private HostFacts() {
  }

  static Map<String, Object> describe() {
    var host = new LinkedHashMap<String, Object>();
    host.put("hostname", hostname());
    host.put("cores", Runtime.getRuntime().availableProcessors());
    host.put("memoryBytes", ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : null);
    host.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch"));
    return host;
  }

  private static String hostname() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return System.getenv("HOSTNAME");
    }
  }
}
