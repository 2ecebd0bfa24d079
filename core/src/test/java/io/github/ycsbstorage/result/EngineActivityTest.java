package io.github.ycsbstorage.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.spi.EngineCounters;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class EngineActivityTest {
  private static EngineCounters counters(long hits, long misses, long operationReads, long compactionRead) {
    return new EngineCounters(OptionalLong.of(hits), OptionalLong.of(misses), OptionalLong.of(operationReads),
        null, null, OptionalLong.of(compactionRead), null, null, null);
  }

  @Test
  void deviceReadsAreTheOperationsOwnBlockReadsPerOperationNotTheCacheMisses() {
    // the validation rig's 4-thread cell: 10,015 misses with compaction's, 549 reads by 452 operations
    var activity = EngineActivity.of("RocksDB", counters(100, 10_015, 549, 37_000_000), 452);
    assertEquals(549.0 / 452, activity.deviceReadsPerOperation().getAsDouble(), 1e-12);
  }

  @Test
  void theHitRatioIsUnknownWhenCompactionsLookupsAreInTheCounts() {
    assertTrue(EngineActivity.of("RocksDB", counters(100, 10_015, 549, 37_000_000), 452).cacheHitRatio().isEmpty());
    assertEquals(0.25, EngineActivity.of("RocksDB", counters(100, 300, 300, 0), 400).cacheHitRatio().getAsDouble(), 1e-12);
  }

  @Test
  void withoutOperationsOrTheOperationsReadsThereIsNoPerOperationFigure() {
    assertTrue(EngineActivity.of("RocksDB", counters(1, 1, 1, 0), 0).deviceReadsPerOperation().isEmpty());
    var unknown = new EngineCounters(OptionalLong.of(1), OptionalLong.of(5), null, null, null, null, null, null, null);
    assertTrue(EngineActivity.of("RocksDB", unknown, 10).deviceReadsPerOperation().isEmpty(), "misses are no stand-in");
  }
}
