package io.github.ycsbstorage.oraclenosql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Rows a scan asks each partition for: twice its share of the scan plus two, never more than the scan. */
class ScanBatchTest {
  private static int batch(OptionalInt partitions, int count) {
    return new StoreSession(null, null, null, null, null, partitions).scanBatch(count);
  }

  @Test
  void eachPartitionIsAskedForTwiceItsShareOfTheScan() {
    assertEquals(4, batch(OptionalInt.of(120), 100), "100 keys over 120 partitions: 2 × 0.83 → 2, + 2");
    assertEquals(1, batch(OptionalInt.of(120), 1), "never more rows than the scan returns");
    assertEquals(22, batch(OptionalInt.of(10), 100));
    assertEquals(1000, batch(OptionalInt.of(2), 5000), "at most 1000 per request");
  }

  @Test
  void withoutTheTopologyEachPartitionIsAskedForTheWholeScan() {
    assertEquals(100, batch(OptionalInt.empty(), 100));
    assertEquals(1000, batch(OptionalInt.empty(), 20_000));
  }
}
