package io.github.ycsbstorage.collector.sample;

import io.github.ycsbstorage.result.CpuShares;
import io.github.ycsbstorage.result.IoRates;
import io.github.ycsbstorage.result.MemoryState;
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
