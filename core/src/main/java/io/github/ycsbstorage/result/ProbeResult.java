package io.github.ycsbstorage.result;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What the read-latency probe measured. Latencies are in microseconds; empty when the probe did not
 * run ({@link #reason()} says why). Immutable.
 *
 * @param directory      the directory the scratch file was placed in
 * @param directIo       whether reads bypassed the page cache (O_DIRECT)
 * @param reason         why the probe did not run, or why its reads may not reach the medium
 *                       (buffered reads, a layer that reads through the page cache)
 * @param fileBytes      scratch file size
 * @param randomReads    4 KiB random reads performed (queue depth 1)
 * @param meanUs         mean random-read latency
 * @param p50Us          median
 * @param p90Us          90th percentile
 * @param p99Us          99th percentile
 * @param maxUs          maximum
 * @param randomReadIops random 4 KiB reads per second at queue depth 1
 * @param sequentialMBps sequential read throughput, MB/s (10^6 bytes)
 * @param inferredMedium {@code spinning}, {@code flash} or {@code memory}; empty when not measured, when
 *                       the reads cannot reach the medium or when the sample was contended
 * @param roundP50Us     the median of each round of random reads, µs, in order
 * @param cpuFreePercent the host's idle + iowait time during the random reads, % of all CPUs; empty if
 *                       {@code /proc/stat} could not be read
 * @param inconclusive   why no medium is classified from a contended sample (rounds that disagree, saturated CPUs)
 */
public record ProbeResult(String directory, boolean directIo, Optional<String> reason, long fileBytes,
    long randomReads, OptionalDouble meanUs, OptionalLong p50Us, OptionalLong p90Us, OptionalLong p99Us,
    OptionalLong maxUs, OptionalDouble randomReadIops, OptionalDouble sequentialMBps,
    Optional<String> inferredMedium, List<Long> roundP50Us, OptionalDouble cpuFreePercent,
    Optional<String> inconclusive) {

  public ProbeResult {
    // a result file read back holds null for what was not measured
    reason = reason == null ? Optional.empty() : reason;
    meanUs = meanUs == null ? OptionalDouble.empty() : meanUs;
    p50Us = p50Us == null ? OptionalLong.empty() : p50Us;
    p90Us = p90Us == null ? OptionalLong.empty() : p90Us;
    p99Us = p99Us == null ? OptionalLong.empty() : p99Us;
    maxUs = maxUs == null ? OptionalLong.empty() : maxUs;
    randomReadIops = randomReadIops == null ? OptionalDouble.empty() : randomReadIops;
    sequentialMBps = sequentialMBps == null ? OptionalDouble.empty() : sequentialMBps;
    inferredMedium = inferredMedium == null ? Optional.empty() : inferredMedium;
    roundP50Us = roundP50Us == null ? List.of() : List.copyOf(roundP50Us);
    cpuFreePercent = cpuFreePercent == null ? OptionalDouble.empty() : cpuFreePercent;
    inconclusive = inconclusive == null ? Optional.empty() : inconclusive;
  }

  /** A probe that did not run, and why. */
  public static ProbeResult notRun(String directory, String reason) {
    return new ProbeResult(directory, false, Optional.of(reason), 0, 0, OptionalDouble.empty(), OptionalLong.empty(),
        OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalDouble.empty(),
        OptionalDouble.empty(), Optional.empty(), List.of(), OptionalDouble.empty(), Optional.empty());
  }

  /** The same figures with no medium inferred from them, because {@code why} they cannot show it. */
  public ProbeResult withoutMedium(String why) {
    return new ProbeResult(directory, directIo, Optional.of(reason.map(r -> r + "; " + why).orElse(why)), fileBytes,
        randomReads, meanUs, p50Us, p90Us, p99Us, maxUs, randomReadIops, sequentialMBps, Optional.empty(),
        roundP50Us, cpuFreePercent, inconclusive);
  }
}
