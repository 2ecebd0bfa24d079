package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.EngineCounters;
import io.github.ycsbstorage.spi.EngineStatisticsProvider;
import io.github.ycsbstorage.spi.ServerInfo;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EngineWatchTest {
  /** An engine whose counters the test sets. */
  public static class CountingDb extends InMemoryServerDb implements EngineStatisticsProvider {
    static volatile long hits;
    static volatile long misses;
    static volatile long operationReads;
    /** What {@link #settle()} answers; settling turns every compaction's misses into nothing new. */
    static volatile Optional<String> unsettled = Optional.empty();
    static volatile boolean settled;
    /** What {@link #countersUnknown()} answers. */
    static volatile Optional<String> unknown = Optional.empty();

    @Override
    public Optional<String> countersUnknown() {
      return unknown;
    }

    @Override
    public Optional<String> settle() {
      settled = true;
      return unsettled;
    }

    @Override
    public EngineCounters engineCounters() {
      return new EngineCounters(OptionalLong.of(hits), OptionalLong.of(misses), OptionalLong.of(operationReads),
          OptionalLong.of(10 * misses), OptionalLong.empty(), null, null, null, null);
    }
  }

  private static BindingSession session(Class<?> db) {
    var props = new Properties();
    props.setProperty("db", db.getName());
    return BindingSession.open(props);
  }

  @Test
  void thePhasesDifferenceBecomesTheEngineSectionAndEngineLines() throws Exception {
    CountingDb.hits = 100;
    CountingDb.misses = 50;
    CountingDb.operationReads = 1000;
    CountingDb.unsettled = Optional.empty();
    CountingDb.unknown = Optional.empty();
    var record = new RunRecord();
    try (var session = session(CountingDb.class)) {
      var watch = EngineWatch.of(session, Optional.of(ServerInfo.builder("RocksDB").version("10.10.1").build()));
      watch.start(record);
      CountingDb.hits = 120;
      CountingDb.misses = 130;
      CountingDb.operationReads = 1040;
      watch.stop(record, 100);
    }
    var engine = record.sections().engine().orElseThrow();
    assertEquals("RocksDB 10.10.1 statistics", engine.source());
    assertEquals(100, engine.operations());
    // 40 block reads by the operations' threads; the 80 cache misses include the engine's compactions
    assertEquals(0.4, engine.deviceReadsPerOperation().getAsDouble(), 1e-9);
    assertEquals(40, engine.counters().operationBlockReads().getAsLong());
    assertEquals(0.2, engine.cacheHitRatio().getAsDouble(), 1e-9);
    assertEquals(800, engine.counters().bytesRead().getAsLong());
    assertTrue(engine.counters().bytesWritten().isEmpty(), "unknown stays unknown");
    var lines = record.summaryLines().stream().map(l -> l.group() + "|" + l.metric() + "|" + l.value()).toList();
    assertTrue(lines.containsAll(List.of("ENGINE|device.reads/op|0.4", "ENGINE|cache.hit.ratio|0.2",
        "ENGINE|cache.misses|80", "ENGINE|operation.block.reads|40",
        "ENGINE|bytes.read|800")), lines.toString());
    assertTrue(lines.stream().noneMatch(l -> l.startsWith("ENGINE|bytes.written")), "no line for an unknown figure");
  }

  @Test
  void aBindingWithoutCountersGivesNoSection() throws Exception {
    var record = new RunRecord();
    try (var session = session(InMemoryServerDb.class)) {
      var watch = EngineWatch.of(session, Optional.empty());
      watch.start(record);
      watch.stop(record, 100);
    }
    assertTrue(record.sections().engine().isEmpty());
    assertTrue(record.summaryLines().isEmpty());
  }

  @Test
  void theEngineSettlesBeforeThePhaseStartsAndAnUnsettledOneIsAWarning() throws Exception {
    CountingDb.settled = false;
    CountingDb.unsettled = Optional.of("rocksdb: compactions still running");
    CountingDb.unknown = Optional.empty();
    var record = new RunRecord();
    try (var session = session(CountingDb.class)) {
      EngineWatch.of(session, Optional.empty()).start(record);
    }
    assertTrue(CountingDb.settled, "settle() was called");
    assertEquals(List.of("rocksdb: compactions still running"), record.warnings());
  }

  @Test
  void countersThatCannotBeDifferencedGiveNoSectionNorWarning() throws Exception {
    CountingDb.settled = false;
    CountingDb.unsettled = Optional.of("never asked");
    CountingDb.unknown = Optional.of("the server clears them every minute");
    var record = new RunRecord();
    try (var session = session(CountingDb.class)) {
      var watch = EngineWatch.of(session, Optional.empty());
      watch.start(record);
      watch.stop(record, 100);
    } finally {
      CountingDb.unknown = Optional.empty();
    }
    assertTrue(record.sections().engine().isEmpty(), "no engine section");
    assertTrue(record.warnings().isEmpty(), record.warnings().toString());
    assertTrue(!CountingDb.settled, "an engine whose counters are unknown is not waited for");
  }
}
