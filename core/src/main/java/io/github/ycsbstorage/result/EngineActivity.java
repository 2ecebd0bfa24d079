package io.github.ycsbstorage.result;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.spi.EngineCounters;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The {@code engine} section: what an embedded engine's own counters say about the phase, the
 * first-hand answer to "did the device serve the reads?". Immutable.
 *
 * @param source                 what the counters are, e.g. {@code RocksDB 10.10.1 statistics}
 * @param counters               the counters' differences over the phase
 * @param operations             the phase's operations the figures below divide by
 * @param deviceReadsPerOperation blocks the operations' own threads read from files, per operation (the
 *                               engine's background reads excluded); unknown without either
 * @param cacheHitRatio          hits ÷ (hits + misses); unknown without both, when there were none, or
 *                               when compaction read during the phase (its lookups are in both counts)
 */
public record EngineActivity(String source, EngineCounters counters, long operations,
    OptionalDouble deviceReadsPerOperation, OptionalDouble cacheHitRatio) {

  public EngineActivity {
    Check.argument(source != null && !source.isBlank() && counters != null && operations >= 0,
        "an engine section needs its source, counters and operations");
    deviceReadsPerOperation = deviceReadsPerOperation == null ? OptionalDouble.empty() : deviceReadsPerOperation;
    cacheHitRatio = cacheHitRatio == null ? OptionalDouble.empty() : cacheHitRatio;
  }

  /** The section for {@code counters} over {@code operations} operations, its ratios computed. */
  public static EngineActivity of(String source, EngineCounters counters, long operations) {
    OptionalLong misses = counters.cacheMisses();
    OptionalLong hits = counters.cacheHits();
    OptionalLong reads = counters.operationBlockReads();
    OptionalDouble perOperation = reads.isPresent() && operations > 0
        ? OptionalDouble.of((double) reads.getAsLong() / operations) : OptionalDouble.empty();
    boolean compacted = counters.compactionBytesRead().orElse(0) > 0;
    OptionalDouble hitRatio = !compacted && hits.isPresent() && misses.isPresent()
        && hits.getAsLong() + misses.getAsLong() > 0
        ? OptionalDouble.of((double) hits.getAsLong() / (hits.getAsLong() + misses.getAsLong()))
        : OptionalDouble.empty();
    return new EngineActivity(source, counters, operations, perOperation, hitRatio);
  }
}
