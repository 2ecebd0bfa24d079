package io.github.ycsbstorage.collector.sample;

import io.github.ycsbstorage.result.CpuShares;
import io.github.ycsbstorage.result.IoRates;
import java.util.List;
import java.util.Map;

/**
 * What happened during one sampling interval; one entry of the time-series file. Components are
 * {@code null} when their source was not readable at either end of the interval. Immutable.
 *
 * @param epochMillis    end of the interval
 * @param seconds        interval length
 * @param full           whether the interval is long enough to count toward maxima (see {@link Sampler})
 * @param devices        iostat figures per watched device
 * @param cpu            host CPU shares
 * @param memory         memory state at the end of the interval
 * @param majorFaultsPerSec major page faults per second
 * @param swapInPerSec   pages swapped in per second
 * @param swapOutPerSec  pages swapped out per second
 * @param process        the server process's figures, when observed
 * @param gaps           what is missing from this interval, and why
 */
public record IntervalSample(long epochMillis, double seconds, boolean full, Map<String, IoRates> devices,
    CpuShares cpu, MemoryState memory, Double majorFaultsPerSec, Double swapInPerSec,
    Double swapOutPerSec, ProcessRates process, List<String> gaps) {

  public IntervalSample {
    devices = Map.copyOf(devices);
    gaps = List.copyOf(gaps);
  }

  /**
   * Memory gauges in bytes: used = MemTotal − MemAvailable (as procps {@code free} reports it),
   * page cache = Cached, Dirty, Writeback, swap used = SwapTotal − SwapFree.
   */
  public record MemoryState(Long usedBytes, Long pageCacheBytes, Long dirtyBytes,
      Long writebackBytes, Long swapUsedBytes) {

    /** From {@link ProcParsers#meminfo} values (kB, -1 = absent). */
    public static MemoryState of(long[] kb) {
      return new MemoryState(difference(kb[0], kb[2]), bytes(kb[4]), bytes(kb[5]), bytes(kb[6]),
          difference(kb[7], kb[8]));
    }

    private static Long bytes(long kb) {
      return kb < 0 ? null : kb * 1024;
    }

    private static Long difference(long a, long b) {
      return a < 0 || b < 0 ? null : (a - b) * 1024;
    }
  }

  /**
   * The server process over the interval.
   *
   * @param cpuPercent       CPU time as percent of one core (user + system)
   * @param readBytesPerSec  bytes it caused to be read from storage ({@code read_bytes})
   * @param writeBytesPerSec bytes it caused to be written to storage ({@code write_bytes})
   * @param rcharPerSec      bytes read through syscalls, cache hits included ({@code rchar})
   * @param wcharPerSec      bytes written through syscalls ({@code wchar})
   */
  public record ProcessRates(Double cpuPercent, Double readBytesPerSec, Double writeBytesPerSec,
      Double rcharPerSec, Double wcharPerSec) {
  }
}
