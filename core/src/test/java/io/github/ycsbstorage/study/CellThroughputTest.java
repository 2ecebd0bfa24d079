package io.github.ycsbstorage.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell's throughput over the span of its clients' runs, against hand-computed figures. */
class CellThroughputTest {
  private static final Instant T0 = Instant.parse("2026-11-23T14:30:00Z");

  private static ClientOutcome client(int index, long startMs, long runtimeMs, double throughput) {
    var start = T0.plusMillis(startMs);
    return new ClientOutcome(index, OptionalLong.of(runtimeMs), OptionalDouble.of(throughput), Map.of(), Map.of(),
        Optional.empty(), Optional.empty(), Optional.of(new ClientSpan(start, start.plusMillis(runtimeMs))));
  }

  /**
   * Client 0 ran 3.5 s from t0 (350 operations, 100 ops/s), client 1 5.0 s from t0 + 0.2 s (500
   * operations, 100 ops/s). The sum of rates says 200 ops/s; 850 operations in the 5.2 s from the first
   * start to the last end are 163.46 ops/s, and the run times differ by 1.5 / 3.5 = 43 %.
   */
  @Test
  void throughputIsOperationsOverTheSpanAndTheSumIsSecondary() {
    var cell = CellThroughput.of(List.of(client(0, 0, 3500, 100.0), client(1, 200, 5000, 100.0)), 850,
        Optional.empty());
    assertEquals(OptionalLong.of(5200), cell.spanMs());
    assertEquals(163.46, cell.opsPerSec().orElseThrow(), 0.005);
    assertEquals(OptionalDouble.of(200.0), cell.sumOfClients());
    assertEquals(List.of("the clients' run times differ by 43 % (3.5 s to 5.0 s): they did not run side by side; "
        + "the cell's throughput is over the span from the first client's start to the last one's end, the sum of "
        + "their rates (200.0 ops/s) would overstate it"), cell.warnings());
  }

  @Test
  void clientsWithinTenPercentAreNotWarnedAndAMissedTargetIs() {
    // 1,000 + 1,050 operations over 10.5 s: 195.2 ops/s against a target of 400
    var cell = CellThroughput.of(List.of(client(0, 0, 10_000, 100.0), client(1, 0, 10_500, 100.0)), 2050,
        Optional.of(400.0));
    assertEquals(195.24, cell.opsPerSec().orElseThrow(), 0.005);
    assertEquals(1, cell.warnings().size(), cell.warnings().toString());
    assertTrue(cell.warnings().get(0).startsWith("the target rate was missed: achieved 195.2 ops/s"),
        cell.warnings().get(0));
  }

  @Test
  void aClientWithoutAStatusLineLeavesTheThroughputUnknown() {
    var timed = client(0, 0, 1000, 100.0);
    var untimed = new ClientOutcome(1, OptionalLong.of(1000), OptionalDouble.of(100.0), Map.of(), Map.of(),
        Optional.empty(), Optional.empty(), Optional.empty());
    var cell = CellThroughput.of(List.of(timed, untimed), 200, Optional.empty());
    assertTrue(cell.opsPerSec().isEmpty(), "unknown, not 0");
    assertEquals(OptionalLong.empty(), cell.spanMs());
    assertEquals(OptionalDouble.of(200.0), cell.sumOfClients());
    assertTrue(cell.warnings().get(0).startsWith("the cell's throughput is unknown: 1 of 2 clients"), cell.warnings()
        .toString());
  }

  /** A client that ended before YCSB's export reported no run time nor rate: unknown, never 0. */
  @Test
  void aClientWithoutYcsbsFiguresLeavesTheSumAndTheThroughputUnknown(@TempDir Path dir) throws Exception {
    var export = Files.writeString(dir.resolve("export.json"), "[]");
    var client = ClientOutcome.read(1, export, dir, dir.resolve("result.json"), Optional.empty(),
        new com.fasterxml.jackson.databind.ObjectMapper());
    assertEquals(OptionalLong.empty(), client.runtimeMs());
    assertEquals(OptionalDouble.empty(), client.throughput());
    assertEquals(Optional.empty(), client.span());
    var cell = CellThroughput.of(List.of(client(0, 0, 1000, 100.0), client), 100, Optional.empty());
    assertEquals(OptionalDouble.empty(), cell.sumOfClients());
    assertEquals(OptionalDouble.empty(), cell.opsPerSec());
    var figures = client.figures(List.of());
    assertEquals(OptionalLong.empty(), figures.runtimeMs());
    assertEquals(OptionalDouble.empty(), figures.throughputOpsPerSec());
  }

  @Test
  void theRunEndsAtYcsbsLastStatusLine(@TempDir Path dir) throws Exception {
    // as YCSB 0.17.0's StatusThread prints with -s (the last line is printed when the threads are done)
    var log = Files.writeString(dir.resolve("stderr.log"), """
        Command line: -db site.ycsb.BasicDB -s -t
        2026-11-23 14:30:00:120 0 sec: 0 operations; est completion in 0 second
        2026-11-23 14:30:10:121 10 sec: 1000 operations; 100 current ops/sec; [READ: Count=1000, Max=9, Min=1]
        2026-11-23 14:30:12:621 12 sec: 1250 operations; 100 current ops/sec; [READ: Count=250, Max=9, Min=1]
        [OVERALL], RunTime(ms), 12500
        """);
    var span = ClientSpan.of(log, 12_500, ZoneOffset.UTC).orElseThrow();
    assertEquals(Instant.parse("2026-11-23T14:30:12.621Z"), span.end());
    assertEquals(Instant.parse("2026-11-23T14:30:00.121Z"), span.start());
    var noStatus = Files.writeString(dir.resolve("quiet.log"), "Command line: -db site.ycsb.BasicDB -t\n");
    assertEquals(Optional.empty(), ClientSpan.of(noStatus, 12_500, ZoneId.of("UTC")));
  }
}
