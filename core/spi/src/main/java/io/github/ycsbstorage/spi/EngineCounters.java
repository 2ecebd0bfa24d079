package io.github.ycsbstorage.spi;

import java.util.OptionalLong;

/**
 * An embedded storage engine's own cumulative counters at one moment (RocksDB: its {@code Statistics}
 * tickers). The phase takes the difference of two readings, so that a result says what share of the
 * reads the device served. A counter the engine does not keep is empty. Immutable.
 *
 * @param cacheHits           reads of data blocks served by the engine's cache
 * @param cacheMisses         reads of data blocks the cache did not hold: each one is a read of a file;
 *                            the engine's own (compaction's) lookups included
 * @param operationBlockReads blocks the operations' own threads read from files (data, index and filter
 *                            blocks; compaction's and flushes' reads excluded): the operations' device reads
 * @param bytesRead           bytes the engine read from its files for user reads
 * @param bytesWritten        bytes the engine wrote to its files for user writes (write-ahead log)
 * @param compactionBytesRead bytes read by compaction
 * @param compactionBytesWritten bytes written by compaction
 * @param flushBytesWritten   bytes written by flushes of the memory table
 * @param stallMicros         time writes were stalled by the engine, in microseconds
 */
public record EngineCounters(OptionalLong cacheHits, OptionalLong cacheMisses, OptionalLong operationBlockReads,
    OptionalLong bytesRead,
    OptionalLong bytesWritten, OptionalLong compactionBytesRead, OptionalLong compactionBytesWritten,
    OptionalLong flushBytesWritten, OptionalLong stallMicros) {

  public EngineCounters {
    cacheHits = orEmpty(cacheHits);
    cacheMisses = orEmpty(cacheMisses);
    operationBlockReads = orEmpty(operationBlockReads);
    bytesRead = orEmpty(bytesRead);
    bytesWritten = orEmpty(bytesWritten);
    compactionBytesRead = orEmpty(compactionBytesRead);
    compactionBytesWritten = orEmpty(compactionBytesWritten);
    flushBytesWritten = orEmpty(flushBytesWritten);
    stallMicros = orEmpty(stallMicros);
  }

  /** What happened between {@code earlier} and this reading; a counter unknown in either is unknown. */
  public EngineCounters since(EngineCounters earlier) {
    return new EngineCounters(minus(cacheHits, earlier.cacheHits), minus(cacheMisses, earlier.cacheMisses),
        minus(operationBlockReads, earlier.operationBlockReads),        minus(bytesRead, earlier.bytesRead), minus(bytesWritten, earlier.bytesWritten),
        minus(compactionBytesRead, earlier.compactionBytesRead),
        minus(compactionBytesWritten, earlier.compactionBytesWritten),
        minus(flushBytesWritten, earlier.flushBytesWritten), minus(stallMicros, earlier.stallMicros));
  }

  private static OptionalLong minus(OptionalLong later, OptionalLong earlier) {
    return later.isPresent() && earlier.isPresent()
        ? OptionalLong.of(later.getAsLong() - earlier.getAsLong()) : OptionalLong.empty();
  }

  private static OptionalLong orEmpty(OptionalLong value) {
    return value == null ? OptionalLong.empty() : value;
  }
}
