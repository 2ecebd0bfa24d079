package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's model over a fixture of the published Oracle NoSQL study's 24 cells: the groups,
 * the device columns, the speedups (computed here by hand from the fixture's figures) and the
 * warnings about the comparison.
 */
class ReportModelTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ReportModel model(Path folder) throws Exception {
    return ReportModel.of(folder, ReportLoader.load(folder).cells());
  }

  private static Comparison comparison(ReportModel model, String workload, String distribution, String ratio) {
    return model.comparisons().stream().filter(c -> c.first().mix().equals(new Mix(workload, distribution))
        && c.first().scale().key().equals("ratio" + ratio)).findFirst().orElseThrow();
  }

  @Test
  void groupsTheStudysCellsByWorkloadDistributionSizeAndDevice(@TempDir Path dir) throws Exception {
    var model = model(OracleNoSqlStudyFixture.write(dir));
    assertEquals(28, model.cells().size());
    assertEquals("onql", model.title());
    assertEquals(List.of("hdd (hdd, ST500DM002)", "ssd (ssd-sata, INTEL SSDSC2BB480G4)"),
        model.devices().stream().map(DeviceColumn::title).toList());
    assertEquals(6, model.aggregates().size(), "A, B, C × uniform, zipfian");
    for (var scales : model.aggregates().values()) {
      assertEquals(List.of("0.33× RAM", "1.33× RAM"), scales.keySet().stream().map(Scale::title).toList());
      scales.values().forEach(devices -> assertEquals(List.of("hdd", "ssd"), List.copyOf(devices.keySet())));
    }
    // One comparison per mix and size, the SSD first: it is faster in all of them.
    assertEquals(12, model.comparisons().size());
    assertTrue(model.comparisons().stream().allMatch(c -> c.first().device().equals("ssd")));
    assertEquals(12, model.headline().size());
  }

  @Test
  void speedupsAreTheRatiosOfTheDevicesFigures(@TempDir Path dir) throws Exception {
    var model = model(OracleNoSqlStudyFixture.write(dir));
    // The published headline: 48,975 / 1,537 = 31.864 × throughput; 460 ms / 15 ms = 30.667 × lower average
    // latency; p99 1,380 ms / 45 ms = 30.667 ×.
    var headline = comparison(model, "workloada", "uniform", "1.33");
    assertEquals("ssd", headline.first().device());
    assertEquals(31.864, headline.throughputSpeedup(), 0.001);
    assertEquals(30.667, headline.averageLatencyRatio(), 0.001);
    assertEquals(30.667, headline.p99Ratio(), 0.001);
    // In memory the devices are close: 44,000 / 40,000 = 1.1; p99 52 ms / 47 ms = 1.106.
    var inMemory = comparison(model, "workloada", "uniform", "0.33");
    assertEquals(1.1, inMemory.throughputSpeedup(), 1e-9);
    assertEquals(1.106, inMemory.p99Ratio(), 0.001);
    // Workload C zipfian at 1.33 ×: 62,000 / 4,500 = 13.778; p99 477 ms / 34.5 ms = 13.826.
    var readOnly = comparison(model, "workloadc", "zipfian", "1.33");
    assertEquals(13.778, readOnly.throughputSpeedup(), 0.001);
    assertEquals(13.826, readOnly.p99Ratio(), 0.001);
    // Workload B: 95 % reads, 5 % updates, both at the cell's average: 11.7 ms / 11.1 ms = 1.054.
    assertEquals(1.054, comparison(model, "workloadb", "uniform", "0.33").averageLatencyRatio(), 0.001);

    var lines = ReportTables.headline(model);
    // one run of each device: a ratio, but nothing to show how far two equal devices' single runs differ
    assertTrue(lines.contains("no verdict: ssd vs hdd, workload A uniform, 1.33× RAM: too few repetitions to tell the devices apart (the "
        + "throughput ratio 31.9× with one run of each device: no interval, and two equal devices' single runs "
        + "differ too; remedy: 5 or more repetitions of each device (study.repetitions; 5 × 5 exclude 1 by chance 1 "
        + "time in 126))"), String.join("\n", lines));
    assertTrue(lines.contains("no verdict: ssd vs hdd, workload C zipfian, 1.33× RAM: too few repetitions to tell the devices apart (the "
        + "throughput ratio 13.8× with one run of each device: no interval, and two equal devices' single runs "
        + "differ too; remedy: 5 or more repetitions of each device (study.repetitions; 5 × 5 exclude 1 by chance 1 "
        + "time in 126))"), String.join("\n", lines));
    // The SSD's workload C uniform run in memory had a saturated CPU: no verdict, with why.
    assertTrue(lines.contains("no verdict: ssd vs hdd, workload C uniform, 0.33× RAM: CPU-saturated: measured CPU, not "
        + "storage (the host's CPUs in 1 of 2 runs; remedy: fewer threads, or a host with more cores)"),
        String.join("\n", lines));
    // those without a verdict after every judged line
    var firstWithout = lines.indexOf(lines.stream().filter(line -> line.startsWith("no verdict: ")).findFirst().orElseThrow());
    assertTrue(lines.subList(firstWithout, lines.size()).stream().allMatch(line -> line.startsWith("no verdict: ")),
        String.join("\n", lines));
  }

  @Test
  void warnsAboutASingleRepetitionASaturatedCpuAndADatasetOffItsPlan(@TempDir Path dir) throws Exception {
    var model = model(OracleNoSqlStudyFixture.write(dir));
    assertEquals(1, model.quality().size(), String.join("\n", model.quality()));
    assertTrue(model.quality().get(0).startsWith("single repetition: "), model.quality().get(0));
    assertEquals(List.of("achieved dataset far from the plan: 0.70 × the plan on storage (growth of "
        + "/mnt/hdd/kvroot on disk (du)) (hdd_ratio1.33_load)", "the sampled host's CPUs were saturated (under 5 % "
        + "idle + iowait time): measured CPU, not storage (ssd_ratio0.33_workloadc-uniform_r1)"), model.suspicions());
  }

  @Test
  void aLoadsOwnOffPlanWarningIsNotRepeatedAndARamFolderHasNoFlagToDistrust(@TempDir Path dir) throws Exception {
    var folder = OracleNoSqlStudyFixture.write(dir);
    var recorded = "achieved dataset 89.6 GB is 0.70 × the planned 128.0 GB (from growth of /mnt/hdd/kvroot on disk"
        + " (du))";
    var load = folder.resolve(OracleNoSqlStudyFixture.id("hdd", "1.33", null, null) + ".json");
    var root = (ObjectNode) JSON.readTree(load.toFile());
    root.withArray("warnings").add(recorded);
    JSON.writeValue(load.toFile(), root);
    edit(folder, "ssd", cell -> ((ObjectNode) cell.get("devices").get(0)).put("name", "tmpfs").put("type", "ram")
        .put("rotationalTrusted", false).put("rotationalNote", "no block device"));
    var model = model(folder);
    assertEquals(List.of(recorded + " (hdd_ratio1.33_load)", "the sampled host's CPUs were saturated (under 5 % idle "
        + "+ iowait time): measured CPU, not storage (ssd_ratio0.33_workloadc-uniform_r1)"), model.suspicions());

    edit(folder, "ssd", cell -> ((ObjectNode) cell.get("devices").get(0)).put("type", "ssd-sata"));
    assertTrue(model(folder).suspicions().stream().anyMatch(w -> w.startsWith("device type without a trusted "
        + "rotational flag: tmpfs classified as ssd-sata (no block device) (ssd_ratio0.33_load, ")),
        "any other type keeps the warning, once for all the cells it concerns");
  }

  @Test
  void aDeviceKeepsItsColourInThePercentilePlot(@TempDir Path dir) throws Exception {
    var model = model(OracleNoSqlStudyFixture.write(dir));
    var lines = ReportCharts.percentileSeries(model, new Mix("workloada", "uniform"));
    assertEquals(8, lines.size(), "2 sizes × 2 devices × READ, UPDATE");
    for (var line : lines) {
      assertEquals(line.name().startsWith("hdd ") ? 0 : 1, line.color(), line.name());
    }
    // Within a device every line has its own shape; the same size and operation has the same shape on both.
    assertEquals(4, lines.stream().filter(l -> l.color() == 0).map(Charts.PercentileSeries::marker).distinct().count());
    assertEquals(lines.stream().filter(l -> l.color() == 0).map(Charts.PercentileSeries::marker).toList(),
        lines.stream().filter(l -> l.color() == 1).map(Charts.PercentileSeries::marker).toList());
  }

  @Test
  void throughputAxesTurnLogarithmicOnlyWhereTheyShowTwoLabelledTicks() {
    // Sizes 0.33, 2.67, 10.7 × memory span decades: a log size axis (ticks at 1 and 10).
    assertTrue(Charts.twoPowersOfTen(List.of(0.33, 2.67, 10.7)));
    assertFalse(Charts.twoPowersOfTen(List.of(0.5, 2.0)));
    // The demo's sizes 0.5 and 8 × the cache: a log axis would label 1 alone; linear instead.
    assertFalse(Charts.twoPowersOfTen(List.of(0.5, 8.0)));
    // Throughputs 20 and 390 ops/s: a log axis would label 100 alone; linear from 0 instead.
    assertFalse(Charts.twoPowersOfTen(List.of(20.1, 390.0, Double.NaN)));
    assertTrue(Charts.twoPowersOfTen(List.of(107.0, 3523.0, 48_975.0)));
  }

  @Test
  void warnsWhenTheSpreadBetweenRepetitionsCoversTheDifference(@TempDir Path dir) throws Exception {
    var folder = OracleNoSqlStudyFixture.write(dir);
    // Workload A uniform in memory, three repetitions each: HDD 38,000–45,000, SSD 41,000–47,000 ops/s.
    repeat(folder, "hdd", 38_000, 40_000, 45_000);
    repeat(folder, "ssd", 41_000, 44_000, 47_000);
    var model = model(folder);
    var aggregate = model.aggregate(new Mix("workloada", "uniform"), comparison(model, "workloada", "uniform",
        "0.33").first().scale(), "hdd").orElseThrow();
    assertEquals(3, aggregate.repetitions());
    assertEquals(41_000, aggregate.throughput(), 1e-9);
    // Sample standard deviation of 38, 40, 45 (thousands): sqrt((9 + 1 + 16) / 2) = 3.606; ÷ 41 = 8.79 %.
    assertEquals(0.0879, aggregate.throughputCv().orElseThrow(), 0.0001);
    assertTrue(ReportTables.headline(model).contains("ssd vs hdd, workload A uniform, 0.33× RAM: no difference "
        + "measurable (throughput ratio 0.91–1.24× over 3 × 3 repetitions includes 1)"), String.join("\n",
        ReportTables.headline(model)));
    assertTrue(ReportTables.headline(model).contains("no verdict: ssd vs hdd, workload A uniform, 1.33× RAM: too few repetitions to tell the devices apart (the "
        + "throughput ratio 31.9× with one run of each device: no interval, and two equal devices' single runs "
        + "differ too; remedy: 5 or more repetitions of each device (study.repetitions; 5 × 5 exclude 1 by chance 1 "
        + "time in 126))"),
        String.join("\n", ReportTables.headline(model)));
    assertTrue(model.quality().stream().noneMatch(w -> w.startsWith("single repetition")),
        "some figures have repetitions");
    assertTrue(ReportTables.throughput(model, new Mix("workloada", "uniform")).rows().get(0)
        .contains("41,000 ops/s (38,000–45,000, CV 8.8 %, 3 reps)"));
  }

  @Test
  void resultsThatRanAtTheSameTimeAreTheClientsOfOneRepetition(@TempDir Path dir) throws Exception {
    // Two pods of a Kubernetes Job ran workload A at once, each writing its own (standalone) result;
    // a third ran alone an hour later: two repetitions, the first with two clients.
    var folder = OracleNoSqlStudyFixture.write(dir);
    var source = (ObjectNode) JSON.readTree(folder.resolve(OracleNoSqlStudyFixture.id("hdd", "1.33", "workloada",
        "uniform") + ".json").toFile());
    source.remove("study");
    ((ObjectNode) source.get("properties")).put("readproportion", "0.5").put("updateproportion", "0.5")
        .put("requestdistribution", "uniform");
    var pods = Files.createDirectories(dir.resolve("pods"));
    double[][] clients = {{1000, 2000, 10_000, 0}, {3000, 4000, 20_000, 120}, {5000, 8000, 40_000, 3600}};
    for (int i = 0; i < clients.length; i++) {
      var pod = source.deepCopy();
      var start = java.time.Instant.parse("2026-11-21T19:00:00Z").plusSeconds((long) clients[i][3]);
      pod.put("startedAt", start.toString()).put("finishedAt", start.plusSeconds(600).toString());
      var summary = (ObjectNode) pod.get("summary");
      summary.put("throughputOpsPerSec", clients[i][0]);
      summary.remove("operations");
      summary.putObject("operations").putObject("READ").put("count", (long) clients[i][2])
          .put("averageUs", clients[i][1]).put("p99Us", 9_000).putObject("returnCodes").put("OK", (long) clients[i][2]);
      JSON.writeValue(pods.resolve("client" + i + ".json").toFile(), pod);
    }
    var model = model(pods);
    var aggregate = model.aggregates().values().iterator().next().values().iterator().next().values().iterator().next();
    assertEquals(List.of(2, 1), aggregate.repetitionCells().stream().map(List::size).toList());
    assertEquals(2, aggregate.repetitions());
    // Throughput: (1,000 + 3,000) and 5,000 ops/s, mean 4,500. Average latency weighted by count:
    // (2,000 × 10,000 + 4,000 × 20,000) / 30,000 = 3,333.3 µs and 8,000 µs, mean 5,666.7 µs.
    assertEquals(4_500, aggregate.throughput(), 1e-9);
    assertEquals(4_000, aggregate.minThroughput(), 1e-9);
    assertEquals(5_666.667, aggregate.averageLatencyUs(), 0.001);
    // p99 of two clients together cannot be had from their own p99s: unknown, never a guess.
    assertTrue(Double.isNaN(aggregate.p99Us()));
  }

  @Test
  void warnsWhenTwoDevicesResolveToOnePhysicalDevice(@TempDir Path dir) throws Exception {
    var folder = OracleNoSqlStudyFixture.write(dir);
    edit(folder, "ssd", root -> ((ObjectNode) root.get("devices").get(0)).put("name", "sdb"));
    var model = model(folder);
    assertTrue(model.quality().contains("devices hdd and ssd resolve to the same physical device (sdb): comparing "
        + "them compares that device with itself"), String.join("\n", model.quality()));
  }

  @Test
  void labelsStandaloneResultsFromTheirProperties(@TempDir Path dir) throws Exception {
    var folder = OracleNoSqlStudyFixture.write(dir);
    var file = folder.resolve(OracleNoSqlStudyFixture.id("hdd", "1.33", "workloada", "uniform") + ".json");
    var root = (ObjectNode) JSON.readTree(file.toFile());
    root.remove("study");
    ((ObjectNode) root.get("properties")).put("readproportion", "0.5").put("updateproportion", "0.5")
        .put("insertproportion", "0").put("requestdistribution", "zipfian");
    var standalone = Files.createDirectories(dir.resolve("standalone"));
    JSON.writeValue(standalone.resolve("run.json").toFile(), root);
    var cell = ReportLoader.load(standalone).cells().get(0);
    assertEquals("read 50 % update 50 %", cell.workload());
    assertEquals("zipfian", cell.distribution());
    assertEquals("sdb", cell.device());
    assertEquals("1.33× RAM", cell.scaleTitle());
    assertEquals("standalone results", ReportModel.of(standalone, List.of(cell)).title());
  }

  /** A dataset sized against the database's cache is a multiple of that cache, in every label. */
  @Test
  void aCacheBasisIsLabelledCache(@TempDir Path dir) throws Exception {
    var folder = OracleNoSqlStudyFixture.write(dir);
    edit(folder, "hdd", root -> ((ObjectNode) root.get("sizing")).put("basis", "cache"));
    var cell = ReportLoader.load(folder).cells().stream().filter(c -> c.scaleTitle().contains("cache"))
        .findFirst().orElseThrow();
    assertEquals("cache", cell.basis());
    assertTrue(cell.scaleTitle().endsWith("× cache"), cell.scaleTitle());
  }

  @Test
  void percentileTicksAreLabelledAsPercentiles() {
    var labels = new java.util.ArrayList<String>();
    for (var percentile : new double[] {50, 90, 99, 99.9, 99.99}) {
      labels.add(Charts.percentileLabel(Charts.percentileX(percentile)));
    }
    assertEquals(List.of("50 %", "90 %", "99 %", "99.9 %", "99.99 %"), labels);
    assertEquals("", Charts.percentileLabel(0.5), "ticks between the labelled percentiles stay blank");
    assertTrue(Charts.percentileX(75) > 0 && Charts.percentileX(75) < 1, "75 % lies between 50 % and 90 %");
  }

  @Test
  void paletteKeepsFiftySixSeriesApartByColourOrShape() {
    var seen = new HashSet<String>();
    for (int i = 0; i < 56; i++) {
      assertTrue(seen.add(Palette.color(i) + "/" + Palette.marker(i).getClass().getSimpleName()), "series " + i);
    }
  }

  private static void repeat(Path folder, String device, double... throughputs) throws Exception {
    var id = OracleNoSqlStudyFixture.id(device, "0.33", "workloada", "uniform");
    var root = (ObjectNode) JSON.readTree(folder.resolve(id + ".json").toFile());
    Files.delete(folder.resolve(id + ".json"));
    for (int r = 1; r <= throughputs.length; r++) {
      var copy = root.deepCopy();
      var cell = id.replace("_r1", "_r" + r);
      // One repetition after the other, as a study runs them.
      copy.put("label", cell).put("startedAt", "2026-11-21T2" + r + ":00:00Z").put("finishedAt", "2026-11-21T2" + r
          + ":10:00Z");
      ((ObjectNode) copy.get("study")).put("cell", cell).put("repetition", r);
      ((ObjectNode) copy.get("summary")).put("throughputOpsPerSec", throughputs[r - 1]);
      JSON.writeValue(folder.resolve(cell + ".json").toFile(), copy);
    }
  }

  private static void edit(Path folder, String device, java.util.function.Consumer<ObjectNode> change)
      throws Exception {
    try (var files = Files.list(folder)) {
      for (var file : files.filter(f -> f.getFileName().toString().startsWith(device + "_")).toList()) {
        var root = (ObjectNode) JSON.readTree(file.toFile());
        change.accept(root);
        JSON.writeValue(file.toFile(), root);
      }
    }
  }
}
