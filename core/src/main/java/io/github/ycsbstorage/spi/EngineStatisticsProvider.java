package io.github.ycsbstorage.spi;

/**
 * Implemented by a {@link site.ycsb.DB} binding whose engine runs inside the client process (RocksDB)
 * and keeps its own counters. The storage-aware workload reads it on an initialised DB instance at a
 * phase's start and end; the difference is the result's {@code engine} section.
 *
 * <p>Implementations must be callable from any thread after {@code init()}.
 */
public interface EngineStatisticsProvider {
  /** The engine's counters now, cumulative since it opened. */
  EngineCounters engineCounters();
}
