package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.spi.MemoryFigure;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SizingPlannerTest {
  private static final MemoryFigure RAM_96GB = new MemoryFigure(96_000_000_000L, "hostInfo");

  private static Properties oneKilobyteRecords(String... pairs) {
    var properties = new Properties();
    properties.setProperty("fieldcount", "1");
    properties.setProperty("fieldlength", "1000");
    for (int i = 0; i < pairs.length; i += 2) {
      properties.setProperty(pairs[i], pairs[i + 1]);
    }
    return properties;
  }

  private static SizingPlan plan(Properties properties, SizingPlanner.Memory memory, long overhead) {
    return SizingPlanner.plan(StorageSettings.from(properties), properties, memory, overhead,
        OptionalDouble.empty(), Optional.empty());
  }

  @Test
  void planLineForASizeRelativeToRam() {
    var plan = plan(oneKilobyteRecords("storage.dataset.size", "128GB"), SizingPlanner.Memory.known(RAM_96GB), 69);
    // key "user" + 19-digit hash mostly: 22.88 B; 22.88 + 1000 + 69 rounds to 1092
    assertEquals(22.879533091946055, plan.record().key(), 1e-12);
    assertEquals(1092, plan.record().total());
    assertEquals(117_216_117, plan.recordCount());
    assertEquals(117_216_117L * 1092, plan.expectedBytes());
    assertEquals("dataset 128.0 GB = 1.33 × server RAM 96.0 GB (basis ram, from hostInfo) → 117,216,117 records × 1,092 B",
        plan.text());
  }

  @Test
  void planLineForARatioOfTheCache() {
    var properties = oneKilobyteRecords("storage.dataset.ratio", "2.67", "storage.memory.basis", "cache");
    var cache = new MemoryFigure(1L << 30, "serverStatus.wiredTiger.cache");
    var plan = plan(properties, SizingPlanner.Memory.known(cache), 0);
    assertEquals(Math.round(2.67 * (1L << 30)), plan.targetBytes());
    assertEquals(plan.targetBytes() / 1023, plan.recordCount());
    assertEquals("dataset 2.9 GB = 2.67 × server cache 1.1 GB (basis cache, from serverStatus.wiredTiger.cache)"
        + " → " + String.format(Locale.ROOT, "%,d", plan.recordCount()) + " records × 1,023 B", plan.text());
    assertEquals(Sizing.Mode.RATIO, plan.section().mode());
  }

  @Test
  void sizesAcceptBinaryUnitsAndFractions() {
    var plan = plan(oneKilobyteRecords("storage.dataset.size", "1.5GiB", "insertorder", "ordered", "zeropadding", "10"),
        SizingPlanner.Memory.unknown("not asked"), 0);
    // ordered keys "user" + 10 digits = 14 B, 1014 B per record
    assertEquals(14.0, plan.record().key());
    assertEquals(1_610_612_736L / 1014, plan.recordCount());
    assertEquals("dataset 1.6 GB (storage.dataset.size; server memory unknown) → 1,588,375 records × 1,014 B",
        plan.text());
  }

  @Test
  void tenFieldsOfUniformLength() {
    var properties = new Properties();
    properties.setProperty("fieldlengthdistribution", "uniform");
    properties.setProperty("fieldlength", "200");
    properties.setProperty("minfieldlength", "1");
    properties.setProperty("storage.dataset.size", "1GB");
    var plan = plan(properties, SizingPlanner.Memory.unknown("not asked"), 0);
    assertEquals(1005.0, plan.record().fields());
  }

  @Test
  void threeClientsCoverEveryKeyExactlyOnce() {
    var covered = new HashSet<Long>();
    long records = -1;
    for (int client = 0; client < 3; client++) {
      var properties = oneKilobyteRecords("storage.dataset.size", "10MB", "storage.clients", "3",
          "storage.client", Integer.toString(client));
      var plan = plan(properties, SizingPlanner.Memory.unknown("not asked"), 0);
      records = plan.recordCount();
      for (long key = plan.insertStart(); key < plan.insertStart() + plan.insertCount(); key++) {
        assertEquals(true, covered.add(key), "key " + key + " twice");
      }
    }
    assertEquals(10_000_000 / 1023, records);
    assertEquals(records, covered.size());
    assertEquals(0L, covered.stream().mapToLong(Long::longValue).min().orElseThrow());
    assertEquals(records - 1, covered.stream().mapToLong(Long::longValue).max().orElseThrow());
  }

  @Test
  void explicitInsertRangeMustFitThePlan() {
    var properties = oneKilobyteRecords("storage.dataset.size", "1MB", "insertstart", "900", "insertcount", "100");
    var error = assertThrows(InvalidPropertyException.class,
        () -> plan(properties, SizingPlanner.Memory.unknown("not asked"), 0));
    assertEquals("insertcount='100' is invalid: insertstart=900 + insertcount=100 passes the end of the dataset; "
        + "accepted: insertstart + insertcount ≤ the planned record count 977", error.getMessage());
  }

  @Test
  void refusesARatioWhoseDatasetOverflowsALong() {
    var properties = oneKilobyteRecords("storage.dataset.ratio", "1e9");
    var error = assertThrows(InvalidPropertyException.class, () -> plan(properties,
        SizingPlanner.Memory.known(new MemoryFigure(1_000_000_000_000L, "storage.server.memory")), 0));
    assertEquals("storage.dataset.ratio='1e9' is invalid: 1e9 × server memory 1.0 TB = 1.00e+21 B, beyond 8 EB; "
        + "accepted: a ratio whose dataset is at most 8 EB", error.getMessage());
  }

  @Test
  void refusesARatioWithoutKnownMemory() {
    var properties = oneKilobyteRecords("storage.dataset.ratio", "1.33");
    var error = assertThrows(InvalidPropertyException.class, () -> plan(properties,
        SizingPlanner.Memory.unknown("MongoDB reported no RAM and the server is not known to be local (locality REMOTE)"), 0));
    assertEquals("storage.server.memory='auto' is invalid: storage.dataset.ratio=1.33 needs the server's memory, "
        + "but MongoDB reported no RAM and the server is not known to be local (locality REMOTE); "
        + "accepted: the server's RAM as a size, e.g. 96GB", error.getMessage());
  }

  @Test
  void fallsBackToRecordcountForABindingWithoutServerInfo() {
    var properties = oneKilobyteRecords("storage.dataset.ratio", "1.33", "recordcount", "100");
    var plan = SizingPlanner.plan(StorageSettings.from(properties), properties,
        SizingPlanner.Memory.unknown("site.ycsb.BasicDB describes no server"), 0, OptionalDouble.empty(),
        Optional.of("site.ycsb.BasicDB reports no server memory"));
    assertEquals(100, plan.recordCount());
    assertEquals("dataset 102.3 KB from recordcount (site.ycsb.BasicDB reports no server memory; "
        + "storage.dataset.ratio not applied) → 100 records × 1,023 B", plan.text());
  }

  /**
   * Beyond 2,147,483,647 records the plan stands (the workload numbers keys in 64 bits): 3 TB of 1 KB
   * records is 3 × 10^12 / 1,023 B = 2,932,551,319 records; over 2 clients client 1 loads from
   * ⌊2,932,551,319 / 2⌋ = 1,466,275,659 the remaining 1,466,275,660, within YCSB's int count.
   */
  @Test
  void plansAndSplitsADatasetBeyondTwoToTheThirtyOneRecords() {
    var properties = oneKilobyteRecords("storage.dataset.size", "3TB", "storage.clients", "2", "storage.client", "1");
    var plan = plan(properties, SizingPlanner.Memory.unknown("not asked"), 0);
    assertEquals(1023, plan.record().total());
    assertEquals(2_932_551_319L, plan.recordCount());
    assertEquals(1_466_275_659L, plan.insertStart());
    assertEquals(1_466_275_660L, plan.insertCount());
    var tiny = new Properties();
    tiny.setProperty("fieldcount", "1");
    tiny.setProperty("storage.dataset.size", "1TB");
    assertEquals(8_130_081_300L, plan(tiny, SizingPlanner.Memory.unknown("not asked"), 0).recordCount(),
        "1 TB of 123 B records");
  }

  @Test
  void refusesRecordsWithoutPayload() {
    var properties = oneKilobyteRecords("fieldcount", "0", "storage.dataset.size", "1GB");
    var error = assertThrows(InvalidPropertyException.class,
        () -> plan(properties, SizingPlanner.Memory.unknown("not asked"), 0));
    assertEquals("fieldcount='0' is invalid: records would be 0 B of fields, so no record count can reach the "
        + "dataset size; accepted: a record size > 0 (at least one field of at least one byte)", error.getMessage());
  }

  @Test
  void refusesADatasetSmallerThanOneRecord() {
    var properties = oneKilobyteRecords("storage.dataset.size", "1KB");
    var error = assertThrows(InvalidPropertyException.class,
        () -> plan(properties, SizingPlanner.Memory.unknown("not asked"), 0));
    assertEquals("storage.dataset.size='1KB' is invalid: it makes 1000 B, less than one record of 1023 B; "
        + "accepted: a dataset of at least one record", error.getMessage());
  }

  @Test
  void calibrationReplacesTheOverhead() {
    var properties = oneKilobyteRecords("storage.dataset.size", "1GB");
    var plan = SizingPlanner.plan(StorageSettings.from(properties), properties, SizingPlanner.Memory.unknown("x"),
        69, OptionalDouble.of(1200.4), Optional.empty());
    assertEquals(177, plan.record().overhead());
    assertEquals(1200, plan.record().total());
    assertEquals(true, plan.record().calibrated());
  }
}
