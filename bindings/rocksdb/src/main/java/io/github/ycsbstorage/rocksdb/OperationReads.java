package io.github.ycsbstorage.rocksdb;

import org.rocksdb.PerfContext;
import org.rocksdb.PerfLevel;

/**
 * Counts the blocks one client thread's operations read from the engine's files, from RocksDB's
 * per-thread {@link PerfContext} ({@code block_read_count}): unlike the engine-wide cache-miss ticker,
 * it holds no compaction or flush reads, which run on RocksDB's own threads. Each operation's reads are
 * added to the engine's sum when it returns, so the sum is exact at any phase boundary.
 *
 * <p>Confined to one binding instance; it re-binds when the instance is used on another thread
 * (YCSB initialises and uses an instance on its client thread, so normally once).
 */
final class OperationReads {
  private final Engine engine;
  private Thread owner;
  private PerfContext perf;
  private long seen;

  OperationReads(Engine engine) {
    this.engine = engine;
  }

  /** Before an operation: this thread counts its block reads (the perf level is per thread). */
  void before() {
    var thread = Thread.currentThread();
    if (thread != owner) {
      engine.db().setPerfLevel(PerfLevel.ENABLE_COUNT);
      // The context is the calling thread's own and RocksDB's to free: it is never closed here.
      perf = engine.db().getPerfContext();
      seen = perf.getBlockReadCount();
      owner = thread;
    }
  }

  /**
   * After an operation: its block reads go to the engine's sum. A read served by the block cache reads
   * none, so the shared sum is touched only when the count moved.
   */
  void after() {
    long now = perf.getBlockReadCount();
    if (now != seen) {
      engine.addOperationBlockReads(now - seen);
      seen = now;
    }
  }
}
