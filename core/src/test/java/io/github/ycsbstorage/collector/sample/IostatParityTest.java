package io.github.ycsbstorage.collector.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Two /proc/diskstats readings 2 s apart with known deltas give exactly what sysstat's
 * {@code iostat -x} prints for them (its definitions: rd_ticks/rd_ios for r_await, rq_ticks/interval
 * for aqu-sz, tot_ticks/interval for %util, sectors/2/ios for rareq-sz).
 */
class IostatParityTest {
  // sda: reads +200, merged +20, sectors +16000, rd_ms +1000, writes +100, merged +10,
  // sectors +8000, wr_ms +1500, in flight 2, io_ms +1500, weighted +2600,
  // discards +10, sectors +2048, ms +30, flushes +4, ms +8
  static final String FIRST = String.join("\n",
      "   8       0 sda 1000 10 80000 5000 2000 100 160000 30000 0 9000 35000 50 0 4096 100 7 20",
      "   8       1 sda1 900 10 70000 4000 1900 100 150000 29000 0 8000 33000 50 0 4096 100 0 0",
      " 259       0 nvme0n1 5 0 40 1 0 0 0 0 0 1 1 0 0 0 0 0 0", "");
  static final String SECOND = String.join("\n",
      "   8       0 sda 1200 30 96000 6000 2100 110 168000 31500 2 10500 37600 60 0 6144 130 11 28",
      "   8       1 sda1 1000 10 80000 5000 2000 100 160000 30000 0 9000 35000 50 0 4096 100 0 0",
      " 259       0 nvme0n1 5 0 40 1 0 0 0 0 0 1 1 0 0 0 0 0 0", "");

  static Map<String, long[]> parse(String text, Predicate<String> watched) {
    var bytes = text.getBytes(StandardCharsets.US_ASCII);
    var into = new HashMap<String, long[]>();
    ProcParsers.diskstats(bytes, 0, bytes.length, watched, into);
    return into;
  }

  @Test
  void ratesMatchIostatDefinitions() {
    var delta = ResultMapping.diskDelta(parse(FIRST, ProcParsers.ALL_DEVICES).get("sda"), parse(SECOND, ProcParsers.ALL_DEVICES).get("sda"));
    var rates = ResultMapping.ioRates(delta, 2.0);
    assertEquals(100.0, rates.readsPerSec());
    assertEquals(50.0, rates.writesPerSec());
    assertEquals(4000.0, rates.readKbPerSec());
    assertEquals(2000.0, rates.writeKbPerSec());
    assertEquals(10.0, rates.readMergesPerSec());
    assertEquals(5.0, rates.writeMergesPerSec());
    assertEquals(5.0, rates.readAwaitMs());
    assertEquals(15.0, rates.writeAwaitMs());
    assertEquals(1.3, rates.queueSize(), 1e-12);
    assertEquals(75.0, rates.utilPercent());
    assertEquals(40.0, rates.readRequestKb());
    assertEquals(40.0, rates.writeRequestKb());
    assertEquals(OptionalDouble.of(5.0), rates.discardsPerSec());
    assertEquals(OptionalDouble.of(512.0), rates.discardKbPerSec());
    assertEquals(OptionalDouble.of(3.0), rates.discardAwaitMs());
  }

  @Test
  void idleDeviceHasZeroAwaitAndSizeRatherThanNaN() {
    var parsed = parse(FIRST, Set.of("nvme0n1")::contains);
    assertEquals(Set.of("nvme0n1"), parsed.keySet());
    var rates = ResultMapping.ioRates(ResultMapping.diskDelta(parsed.get("nvme0n1"), parse(SECOND, ProcParsers.ALL_DEVICES).get("nvme0n1")), 1.0);
    assertEquals(0.0, rates.readAwaitMs());
    assertEquals(0.0, rates.readRequestKb());
    assertEquals(0.0, rates.utilPercent());
  }

  @Test
  void utilisationIsCappedAt100LikeIostat() {
    var first = parse("8 0 sda 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", ProcParsers.ALL_DEVICES).get("sda");
    var second = parse("8 0 sda 1 0 8 5 0 0 0 0 0 1100 5 0 0 0 0 0 0\n", ProcParsers.ALL_DEVICES).get("sda");
    assertEquals(100.0, ResultMapping.ioRates(ResultMapping.diskDelta(first, second), 1.0).utilPercent());
  }

  @Test
  void oldKernelsWithoutDiscardFieldsReportDiscardsAsUnknown() {
    var first = parse("8 0 sda 10 0 80 10 0 0 0 0 0 10 10\n", ProcParsers.ALL_DEVICES).get("sda");
    var second = parse("8 0 sda 20 0 160 30 0 0 0 0 0 20 30\n", ProcParsers.ALL_DEVICES).get("sda");
    var rates = ResultMapping.ioRates(ResultMapping.diskDelta(first, second), 1.0);
    assertEquals(10.0, rates.readsPerSec());
    assertEquals(2.0, rates.readAwaitMs());
    assertEquals(OptionalDouble.empty(), rates.discardsPerSec());
    assertEquals(OptionalDouble.empty(), rates.discardAwaitMs());
  }

  @Test
  void thirtyTwoBitWrapIsCorrectedAndResetIsRejected() {
    assertEquals(10, CounterDelta.of(4294967290L, 4L));
    assertEquals(-1, CounterDelta.of(1L << 40, 5L));
    var before = parse("8 0 sda 4294967290 0 0 0 0 0 0 0 0 0 0\n", ProcParsers.ALL_DEVICES).get("sda");
    var after = parse("8 0 sda 4 0 0 0 0 0 0 0 0 0 0\n", ProcParsers.ALL_DEVICES).get("sda");
    assertEquals(10, ResultMapping.diskDelta(before, after)[0]);
    var huge = parse("8 0 sda 5000000000 0 0 0 0 0 0 0 0 0 0\n", ProcParsers.ALL_DEVICES).get("sda");
    assertNull(ResultMapping.diskDelta(huge, after));
  }
}
