package io.github.ycsbstorage.collector.probe;

import io.github.ycsbstorage.result.ProbeResult;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** The medium a probe's reads suggest, and the {@link ProbeResult} of a probe that ran. Stateless. */
public final class ProbeMedium {
  private ProbeMedium() {
  }

  /**
   * A probe that ran: its figures, and the medium its median suggests unless the sample was contended
   * ({@link ProbeContention}: its rounds disagree or the CPUs were saturated).
   */
  public static ProbeResult measured(String directory, boolean directIo, Optional<String> reason, long fileBytes,
      long randomReads, double meanUs, long p50Us, long p90Us, long p99Us, long maxUs, double randomReadIops,
      double sequentialMBps, List<Long> roundP50Us, OptionalDouble cpuFreePercent) {
    var inconclusive = ProbeContention.judge(roundP50Us, cpuFreePercent);
    return new ProbeResult(directory, directIo, reason, fileBytes, randomReads, OptionalDouble.of(meanUs),
        OptionalLong.of(p50Us), OptionalLong.of(p90Us), OptionalLong.of(p99Us), OptionalLong.of(maxUs),
        OptionalDouble.of(randomReadIops), OptionalDouble.of(sequentialMBps),
        inconclusive.isPresent() ? Optional.empty() : Optional.of(inferMedium(p50Us)), roundP50Us, cpuFreePercent,
        inconclusive);
  }

  /**
   * The medium a median random-read latency suggests: below 20 µs nothing but memory answers (page
   * cache, RAM disk); below 2 ms flash (local NVMe ≈ 10–100 µs, SATA SSD ≈ 100–200 µs, network
   * flash volumes up to ≈ 1 ms); from 2 ms on, seek and rotation (7.2k rpm ≈ 4–12 ms).
   */
  public static String inferMedium(long medianMicros) {
    if (medianMicros < 20) {
      return "memory";
    }
    return medianMicros < 2000 ? "flash" : "spinning";
  }
}
