package io.github.ycsbstorage.spi;

import java.util.Map;

/**
 * A server host's Linux system files at one moment, in {@code /proc}'s own text format, so that the
 * collector parses a remote host exactly as it parses this one. Immutable.
 *
 * @param epochMillis when the server read them (its clock), so that intervals are the server's
 * @param procFiles   {@code stat}, {@code meminfo}, {@code vmstat} and {@code diskstats} (the names
 *                    under {@code /proc}) → their text; a file the server did not report is absent
 *                    and becomes a recorded gap. {@code stat}'s cpu times are in {@link #USER_HZ}
 *                    ticks; {@code diskstats} lines may carry 0 as major and minor numbers.
 */
public record HostReading(long epochMillis, Map<String, String> procFiles) {
  /** The unit of {@code /proc/stat} times: 100 ticks per second on every Linux architecture. */
  public static final int USER_HZ = 100;

  public HostReading {
    procFiles = Map.copyOf(procFiles);
  }
}
