package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.UniformLongGenerator;

/** Key numbers beyond 2^31: what CoreWorkload would narrow, handed over whole, and keys built from them. */
class WideKeysTest {
  private static final long BEYOND = 3_000_000_000L;

  @Test
  void theLoadSequenceHandsOverNumbersAnIntWouldWrap() {
    var keys = new WideKeys();
    var sequence = keys.inserts(new CounterGenerator(BEYOND));
    // CoreWorkload.doInsert narrows the drawn number: 3,000,000,000 becomes -1,294,967,296
    assertEquals(-1_294_967_296, sequence.nextValue().intValue());
    assertEquals(BEYOND, keys.take());
    assertEquals(-1, keys.take(), "handed over once");
    sequence.nextValue();
    assertEquals(BEYOND + 1, keys.take());
  }

  /** Uniform request keys over [2^31 + 5, 2^31 + 14]: every number handed over lies in it; CoreWorkload sees 0. */
  @Test
  void requestKeysComeFromTheWholeRangeBeyondTwoToTheThirtyOne() throws Exception {
    var keys = new WideKeys();
    long start = (1L << 31) + 5;
    var inserted = new AcknowledgedCounterGenerator(start + 10);
    var properties = new Properties();
    var chooser = keys.requests(WideKeys.chooser(properties, start, 10, start + 10, inserted, null), inserted);
    var seen = new java.util.TreeSet<Long>();
    for (int i = 0; i < 2_000; i++) {
      assertEquals(0L, chooser.nextValue().longValue(), "what CoreWorkload's nextKeynum narrows and compares");
      seen.add(keys.take());
    }
    assertEquals(start, seen.first());
    assertEquals(start + 9, seen.last());
    assertEquals(10, seen.size(), "2,000 uniform draws over 10 keys reach every one");
  }

  /** A chooser whose draws pass the last inserted key is drawn again, as CoreWorkload's nextKeynum does. */
  @Test
  void drawsBeyondTheInsertedKeysAreRedrawn() {
    var keys = new WideKeys();
    var inserted = new AcknowledgedCounterGenerator(BEYOND + 3); // keys up to BEYOND + 2 inserted
    var chooser = keys.requests(new UniformLongGenerator(BEYOND, BEYOND + 5), inserted);
    for (int i = 0; i < 1_000; i++) {
      chooser.nextValue();
      long key = keys.take();
      assertTrue(key >= BEYOND && key <= BEYOND + 2, Long.toString(key));
    }
  }

  @Test
  void exponentialKeysCountBackFromTheLastInsertedKey() {
    var keys = new WideKeys();
    var inserted = new AcknowledgedCounterGenerator(BEYOND);
    var chooser = keys.requests(new ExponentialGenerator(95, 1_000), inserted);
    for (int i = 0; i < 1_000; i++) {
      chooser.nextValue();
      long key = keys.take();
      assertTrue(key >= 0 && key <= BEYOND - 1, Long.toString(key));
    }
  }

  @Test
  void theChooserFollowsRequestDistribution() throws Exception {
    var properties = new Properties();
    properties.setProperty("requestdistribution", "hotspot");
    var inserted = new AcknowledgedCounterGenerator(BEYOND * 2);
    var hotspot = (site.ycsb.generator.HotspotIntegerGenerator) WideKeys.chooser(properties, BEYOND, BEYOND,
        BEYOND * 2, inserted, null);
    assertEquals(BEYOND, hotspot.getLowerBound());
    assertEquals(BEYOND * 2 - 1, hotspot.getUpperBound());
    assertTrue(WideKeys.needed(2_147_483_648L) && !WideKeys.needed(2_147_483_647L));
    properties.setProperty("requestdistribution", "latest");
    var core = new site.ycsb.generator.SkewedLatestGenerator(new site.ycsb.generator.CounterGenerator(10));
    assertTrue(core == WideKeys.chooser(properties, 0, 10, 10, inserted, core), "CoreWorkload's own, reused");
  }
}
