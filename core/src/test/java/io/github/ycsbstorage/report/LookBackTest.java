package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.result.Host;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultWriter;
import io.github.ycsbstorage.result.Sections;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.result.StudyCell;
import io.github.ycsbstorage.result.Summary;
import io.github.ycsbstorage.result.Versions;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.StoreLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's look back: a store with earlier studies, some of another configuration, and this
 * study's folder; each device's line holds the matching earlier studies and this one, last and marked.
 */
class LookBackTest {
  private static final Instant JAN = Instant.parse("2026-01-10T02:00:00Z");
  private static final Instant FEB = Instant.parse("2026-02-10T02:00:00Z");
  private static final Instant MAR = Instant.parse("2026-03-10T02:00:00Z");
  private static final Instant MAY = Instant.parse("2026-05-10T02:00:00Z");

  @Test
  void eachDeviceIsDrawnOverTheEarlierStudiesOfItsConfiguration(@TempDir Path dir) throws Exception {
    var store = dir.resolve("results.db");
    try (var opened = ResultsStore.open(StoreLocation.file(store))) {
      for (var cell : List.of(cell("jan", "ssd", JAN, 1000, 2000, 4, 1000), cell("jan", "hdd", JAN, 100, 40_000, 4, 1000),
          cell("feb", "ssd", FEB, 1100, 1800, 4, 1000), cell("feb", "hdd", FEB, 90, 50_000, 4, 1000),
          // other configurations: more threads, another record count; never on the lines
          cell("mar", "ssd", MAR, 5000, 900, 16, 1000), cell("mar", "hdd", MAR, 7, 90_000, 4, 2000))) {
        opened.add(cell, Map.of());
      }
      // a cell of this study already stored: not an earlier study
      opened.add(cell("may", "ssd", MAY.plusSeconds(1), 1, 1, 4, 1000), Map.of());
    }
    var results = Files.createDirectories(dir.resolve("results"));
    for (var cell : List.of(cell("may", "ssd", MAY, 1200, 1500, 4, 1000), cell("may", "hdd", MAY, 80, 60_000, 4, 1000))) {
      ResultWriter.write(results.resolve(cell.study().orElseThrow().cell() + ".json"), cell);
    }

    var model = ReportModel.of(results, ReportLoader.load(results).cells());
    LookBack lookBack;
    try (var opened = ResultsStore.openExisting(StoreLocation.file(store))) {
      lookBack = LookBack.of(model, opened, 10);
    }
    assertEquals(1, lookBack.charts().size(), "one mix at one dataset size");
    var lines = lookBack.charts().get(0).lines();
    assertEquals(2, lines.size(), "a line per device");
    var ssd = line(lines, "ssd");
    assertEquals(List.of("jan", "feb", "may"), ssd.stream().map(LookBack.Point::study).toList());
    assertEquals(List.of(1000.0, 1100.0, 1200.0), ssd.stream().map(LookBack.Point::throughput).toList());
    assertEquals(List.of(2000.0, 1800.0, 1500.0), ssd.stream().map(LookBack.Point::p99Us).toList());
    assertEquals(List.of(false, false, true), ssd.stream().map(LookBack.Point::current).toList(), "this study last, marked");
    var hdd = line(lines, "hdd");
    assertEquals(List.of(100.0, 90.0, 80.0), hdd.stream().map(LookBack.Point::throughput).toList());

    try (var opened = ResultsStore.openExisting(StoreLocation.file(store))) {
      var lastOne = line(LookBack.of(model, opened, 1).charts().get(0).lines(), "ssd");
      assertEquals(List.of("feb", "may"), lastOne.stream().map(LookBack.Point::study).toList(), "the last N earlier studies");
    }

    var report = new ReportBuilder(results, dir.resolve("out")).lookBack(StoreLocation.file(store), 10).write();
    var html = Files.readString(report.html());
    assertTrue(html.contains("Looking back"), "the section is there");
    assertTrue(html.contains("may (this study)"), "this study is marked in the table");
    for (var chart : List.of("charts/lookback-workloadc-zipfian-records1000-throughput.png",
        "charts/lookback-workloadc-zipfian-records1000-p99.png")) {
      assertTrue(html.contains(chart), chart + " is on the page");
      assertTrue(Files.size(dir.resolve("out").resolve(chart)) > 0, chart + " is drawn");
    }
    var without = Files.readString(new ReportBuilder(results, dir.resolve("plain")).write().html());
    assertFalse(without.contains("Looking back"), "no look back unless asked");
    assertThrows(BadInputException.class,
        () -> new ReportBuilder(results, dir.resolve("none")).lookBack(StoreLocation.file(dir.resolve("absent.db")), 3).write());
  }

  private static List<LookBack.Point> line(List<LookBack.Line> lines, String device) {
    return lines.stream().filter(l -> l.device().equals(device)).findFirst().orElseThrow().points();
  }

  /** A run cell of the basic binding on workload C zipfian: one client, READ only. */
  private static Result cell(String study, String device, Instant started, double throughput, long p99Us, int threads,
      long records) {
    var read = new OperationFigures(100_000, OptionalDouble.of(p99Us / 2.0), OptionalLong.of(1), OptionalLong.of(p99Us * 2),
        OptionalLong.of(p99Us / 2), OptionalLong.of(p99Us - 1), OptionalLong.of(p99Us), OptionalLong.of(p99Us + 1),
        Map.of(), Map.of("OK", 100_000L), Optional.empty());
    var id = device + "_records" + records + "_workloadc_r1";
    return Result.ofPhase(Status.COMPLETE, Phase.RUN, Optional.empty(), started, started.plusSeconds(60),
        Versions.of(Optional.of("basic"), Optional.empty(), Optional.empty()), Host.local(),
        Map.of("recordcount", Long.toString(records), "threadcount", Integer.toString(threads),
            "requestdistribution", "zipfian"),
        Summary.of(OptionalLong.of(100_000), OptionalDouble.of(throughput), Map.of("READ", read)), Sections.NONE, List.of())
        .asStudyCell(new StudyCell(study, id, 1, new StudyCell.Device(device, "/data/" + device),
            new StudyCell.Scale("records", Long.toString(records), "records" + records), "workloadc",
            Optional.of("zipfian"), 1, "warm", 1, threads, OptionalDouble.empty(), OptionalDouble.empty(),
            OptionalDouble.empty(), Map.of()), Map.of(), List.of());
  }
}
