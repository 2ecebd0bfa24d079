package io.github.ycsbstorage.collector.probe;

/**
 * What the read-latency probe measured. Latencies are in microseconds; {@code null} when the probe
 * did not run ({@link #reason()} says why). Immutable.
 *
 * @param directory      the directory the scratch file was placed in
 * @param directIo       whether reads bypassed the page cache (O_DIRECT)
 * @param reason         why the probe did not run, or why its reads may not reach the medium
 *                       (buffered reads, a layer that reads through the page cache), else null
 * @param fileBytes      scratch file size
 * @param randomReads    4 KiB random reads performed (queue depth 1)
 * @param meanUs         mean random-read latency
 * @param p50Us          median
 * @param p90Us          90th percentile
 * @param p99Us          99th percentile
 * @param maxUs          maximum
 * @param randomReadIops random 4 KiB reads per second at queue depth 1
 * @param sequentialMBps sequential read throughput, MB/s (10^6 bytes)
 * @param inferredMedium {@code spinning}, {@code flash}, {@code memory}, or null when not measured or
 *                       when the reads cannot reach the medium
 */
public record ProbeResult(String directory, boolean directIo, String reason, long fileBytes,
    long randomReads, Double meanUs, Long p50Us, Long p90Us, Long p99Us, Long maxUs,
    Double randomReadIops, Double sequentialMBps, String inferredMedium) {

  /** A probe that did not run, and why. */
  public static ProbeResult notRun(String directory, String reason) {
    return new ProbeResult(directory, false, reason, 0, 0, null, null, null, null, null, null, null,
        null);
  }

  /** The same figures with no medium inferred from them, because {@code why} they cannot show it. */
  public ProbeResult withoutMedium(String why) {
    return new ProbeResult(directory, directIo, reason == null ? why : reason + "; " + why, fileBytes,
        randomReads, meanUs, p50Us, p90Us, p99Us, maxUs, randomReadIops, sequentialMBps, null);
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
