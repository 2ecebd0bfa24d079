package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Capacity searches and rate sweeps in the report: the table, the headline lines and the curves. */
class CapacityReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Path fixtures(Path dir) throws Exception {
    var source = Path.of(CapacityReportTest.class.getResource("/report/pubstudy").toURI());
    var target = Files.createDirectories(dir.resolve("results/pubstudy"));
    try (var files = Files.list(source)) {
      for (var file : files.toList()) {
        Files.copy(file, target.resolve(file.getFileName()));
      }
    }
    return target;
  }

  /**
   * Makes the cell a capacity search: its unthrottled step (the cell as the fixture has it) is kept in
   * {@code <cell>.d/step1/result.json}, the cell itself holds the chosen step's figures, at {@code lastMet}.
   */
  private static void capacity(Path file, double lastMet, double firstMissed) throws Exception {
    var cell = (ObjectNode) JSON.readTree(file.toFile());
    var id = file.getFileName().toString().replaceFirst("\\.json$", "");
    var step = file.resolveSibling(id + ".d/step1/result.json");
    Files.createDirectories(step.getParent());
    JSON.writeValue(step.toFile(), cell);
    double saturation = cell.path("summary").path("throughputOpsPerSec").asDouble();
    ((ObjectNode) cell.path("summary")).put("throughputOpsPerSec", lastMet);
    ((ObjectNode) cell.path("study")).put("target", lastMet);
    var capacity = cell.putObject("capacity").put("objective", "p99<=500ms").put("saturation", saturation);
    capacity.putArray("steps").addObject().put("target", 0.0).put("achieved", saturation).put("latencyUs", 9000)
        .put("met", false).put("cell", id + ".d/step1/result.json");
    capacity.put("lastMet", lastMet).put("firstMissed", firstMissed);
    JSON.writeValue(file.toFile(), cell);
  }

  /**
   * The fixture's ssd cell shares the hdd's disk name and its client saturates the CPU, so that the
   * comparison has no verdict; this gives it a disk of its own and a client at half the CPU.
   */
  private static void judgeable(Path file) throws Exception {
    var cell = (ObjectNode) JSON.readTree(file.toFile());
    ((ObjectNode) cell.path("devices").get(0)).put("name", "sdc");
    ((ObjectNode) cell.path("study")).put("clientCpuUtilization", 0.5);
    JSON.writeValue(file.toFile(), cell);
  }

  /**
   * Runs every cell of the study four times more, an hour apart (repetitions 2 to 5, their searches'
   * steps with them): five against five, as many as a verdict needs (two equal devices' runs would
   * exclude 1 by chance 1 time in 126), where one of each is no verdict.
   */
  private static void fiveRepetitions(Path study) throws Exception {
    try (var files = Files.list(study)) {
      for (var file : files.filter(f -> f.getFileName().toString().endsWith("_r1.json")).toList()) {
        var id = file.getFileName().toString().replaceFirst("\\.json$", "");
        for (int repetition = 2; repetition <= 5; repetition++) {
          var again = id.replaceFirst("_r1$", "_r" + repetition);
          var cell = later(JSON.readTree(file.toFile()), repetition, again);
          for (var step : cell.path("capacity").path("steps")) {
            var stepCell = step.path("cell").asText();
            ((ObjectNode) step).put("cell", stepCell.replace(id + ".d/", again + ".d/"));
            var stepFile = study.resolve(step.path("cell").asText());
            Files.createDirectories(stepFile.getParent());
            JSON.writeValue(stepFile.toFile(), later(JSON.readTree(study.resolve(stepCell).toFile()), repetition, again));
          }
          JSON.writeValue(study.resolve(again + ".json").toFile(), cell);
        }
      }
    }
  }

  /** A result as repetition {@code repetition} of its cell ran it, that many hours later. */
  private static ObjectNode later(com.fasterxml.jackson.databind.JsonNode result, int repetition, String cell) {
    var copy = (ObjectNode) result;
    for (var field : new String[] {"startedAt", "finishedAt"}) {
      copy.put(field, java.time.Instant.parse(copy.path(field).asText()).plusSeconds(3600L * repetition).toString());
    }
    ((ObjectNode) copy.path("study")).put("repetition", repetition).put("cell", cell);
    return copy;
  }

  /** The report of the study under {@code dir}/results, written to {@code dir}/out. */
  private static ReportBuilder.Report report(Path dir) throws Exception {
    return new ReportBuilder(dir.resolve("results"), dir.resolve("out")).write();
  }

  /** The fixture's study with both devices' cells made capacity searches: ssd at 1,900 ops/s, hdd at {@code hddMet}. */
  private static Path twoSearches(Path dir, double hddMet, double hddMissed) throws Exception {
    var study = fixtures(dir);
    judgeable(study.resolve("ssd_ratio1.33_workloada-zipfian_r1.json"));
    capacity(study.resolve("hdd_ratio1.33_workloada-zipfian_r1.json"), hddMet, hddMissed);
    capacity(study.resolve("ssd_ratio1.33_workloada-zipfian_r1.json"), 1900, 2375);
    return study;
  }

  @Test
  void capacitiesOfTwoDevicesGiveTheirTableAndOneLineFastestFirst(@TempDir Path dir) throws Exception {
    var study = twoSearches(dir, 61, 76);
    fiveRepetitions(study);
    var report = report(dir);
    var html = Files.readString(report.html());
    assertTrue(html.contains("<li>at p99&lt;=500ms, workload A zipfian, 1.33× RAM: ssd carries 1,900 ops/s, "
        + "hdd 61.0 ops/s (31.1×; unthrottled 31.9×)</li>"), html);
    assertTrue(html.indexOf("ssd carries") < html.indexOf("id=\"capacity\""), "in the headline");
    assertTrue(report.lines().headline().contains("at p99<=500ms, workload A zipfian, 1.33× RAM: ssd carries 1,900 ops/s, "
        + "hdd 61.0 ops/s (31.1×; unthrottled 31.9×)"), "judged first: " + report.lines().headline());
    assertTrue(html.contains("1,900 ops/s (median; 1,900 ops/s over 5 repetitions)"), html);
    // the table: each device's unthrottled step beside its capacity, and the share of the one in the other
    assertTrue(html.contains("<td>48,975 ops/s (median; 48,975 ops/s–48,975 ops/s)</td><td>3.9 %</td>"), html);
    assertTrue(html.contains("<td>1,537 ops/s (median; 1,537 ops/s–1,537 ops/s)</td><td>4.0 %</td>"), html);
    assertTrue(html.indexOf("id=\"capacity\"") < html.indexOf("id=\"throughput\""), "right after the headline");
    var markdown = Files.readString(report.markdown());
    assertTrue(markdown.contains("## Load against latency"), markdown);
  }

  /**
   * The throughput verdict of capacity cells compares their unthrottled steps (the fixture's 48,975 and
   * 1,537 ops/s: 31.9×), not the rates the searches chose (1,900 and 100 ops/s: 19×), and the throughput
   * table shows those; the capacity line compares the capacities.
   */
  @Test
  void capacityCellsAreComparedAtSaturationAndTheirCapacitiesBeside(@TempDir Path dir) throws Exception {
    fiveRepetitions(twoSearches(dir, 100, 120));
    var report = report(dir);
    var headline = report.lines().headline();
    assertTrue(headline.stream().anyMatch(line -> line.startsWith("ssd vs hdd, workload A zipfian, 1.33× RAM: 31.9×"
        + " throughput")), headline.toString());
    assertTrue(headline.stream().noneMatch(line -> line.contains("19.0× throughput")), headline.toString());
    assertTrue(headline.contains("at p99<=500ms, workload A zipfian, 1.33× RAM: ssd carries 1,900 ops/s, hdd 100 ops/s"
        + " (19.0×; unthrottled 31.9×)"), headline.toString());
    var html = Files.readString(report.html());
    assertTrue(html.contains("48,975 ops/s"), "the throughput table's figure is the unthrottled one: " + html);
  }

  /** A capacity cell whose unthrottled step's result is gone is not compared by its throttled figures. */
  @Test
  void aCapacityCellWithoutItsUnthrottledStepIsSkippedSayingWhy(@TempDir Path dir) throws Exception {
    var study = fixtures(dir);
    var hdd = study.resolve("hdd_ratio1.33_workloada-zipfian_r1.json");
    capacity(hdd, 100, 120);
    Files.delete(study.resolve("hdd_ratio1.33_workloada-zipfian_r1.d/step1/result.json"));
    var loaded = ReportLoader.load(dir.resolve("results"));
    assertTrue(loaded.cells().stream().noneMatch(cell -> cell.id().startsWith("hdd_ratio1.33_workloada")),
        loaded.cells().toString());
    assertTrue(loaded.skipped().stream().anyMatch(line -> line.contains(hdd.toString())
        && line.contains("unthrottled step's result")), loaded.skipped().toString());
  }

  /** A capacity whose re-run missed is shown with both steps and compared with no verdict. */
  @Test
  void anUnconfirmedCapacityIsNoFirmFigure(@TempDir Path dir) throws Exception {
    var ssd = twoSearches(dir, 61, 76).resolve("ssd_ratio1.33_workloada-zipfian_r1.json");
    var cell = (ObjectNode) JSON.readTree(ssd.toFile());
    var capacity = (ObjectNode) cell.path("capacity");
    ((com.fasterxml.jackson.databind.node.ArrayNode) capacity.path("steps")).addObject().put("target", 1900.0)
        .put("achieved", 1900.0).put("latencyUs", 400_000).put("met", true).put("cell", "step2/result.json");
    capacity.putObject("confirmation").put("target", 1900.0).put("achieved", 1880.0).put("latencyUs", 700_000)
        .put("met", false).put("cell", "step3/result.json");
    JSON.writeValue(ssd.toFile(), cell);
    var report = report(dir);
    var html = Files.readString(report.html());
    assertTrue(html.contains("unconfirmed: 1,900 ops/s met at 1,900 (400.0 ms), missed on its re-run (700.0 ms at"
        + " 1,880 ops/s); missed at 2,375"), html);
    assertTrue(report.lines().headline().contains("no verdict: at p99<=500ms, workload A zipfian, 1.33× RAM: ssd carries"
        + " 1,900 ops/s, hdd 61.0 ops/s (31.1×; unthrottled 31.9×): too few repetitions, capacity unconfirmed, its re-run missed the objective (ssd)"),
        report.lines().headline().toString());
  }

  /**
   * The hypervisor took the CPUs in a step at a fixed rate, which the comparison of unthrottled steps does
   * not see: the capacity line has no verdict, and says in how many of whose steps.
   */
  @Test
  void aSearchWhoseStepsTheHypervisorTookHasNoVerdict(@TempDir Path dir) throws Exception {
    var hdd = twoSearches(dir, 61, 76).resolve("hdd_ratio1.33_workloada-zipfian_r1.json");
    var cell = (ObjectNode) JSON.readTree(hdd.toFile());
    ((com.fasterxml.jackson.databind.node.ArrayNode) cell.path("capacity").path("steps")).addObject().put("target", 61.0)
        .put("achieved", 61.0).put("latencyUs", 400_000).put("met", true).put("cell", "step2/result.json")
        .put("steal", 13.04);
    JSON.writeValue(hdd.toFile(), cell);
    var report = report(dir);
    assertTrue(report.lines().headline().contains("no verdict: at p99<=500ms, workload A zipfian, 1.33× RAM: ssd carries"
        + " 1,900 ops/s, hdd 61.0 ops/s (31.1×; unthrottled 31.9×): too few repetitions, CPU stolen by the hypervisor in the searches"
        + " (hdd: 1 of 2 steps, up to 13.0 %)"), report.lines().headline().toString());
  }

  /**
   * A step the hypervisor took that the search ran again decided nothing: no reason for no verdict, and
   * the capacity says how many runs were repeated.
   */
  @Test
  void aStolenStepTheSearchRanAgainIsNoReasonAndIsCounted(@TempDir Path dir) throws Exception {
    var hdd = twoSearches(dir, 61, 76).resolve("hdd_ratio1.33_workloada-zipfian_r1.json");
    var cell = (ObjectNode) JSON.readTree(hdd.toFile());
    var steps = (com.fasterxml.jackson.databind.node.ArrayNode) cell.path("capacity").path("steps");
    steps.addObject().put("target", 61.0).put("achieved", 61.0).put("latencyUs", 900_000).put("met", false)
        .put("cell", "step2/result.json").put("steal", 13.04).put("repeated", true);
    steps.addObject().put("target", 61.0).put("achieved", 61.0).put("latencyUs", 400_000).put("met", true)
        .put("cell", "step3/result.json").put("steal", 0.1);
    JSON.writeValue(hdd.toFile(), cell);
    var report = report(dir);
    assertTrue(report.lines().headline().stream().noneMatch(line -> line.contains("CPU stolen")),
        report.lines().headline().toString());
    var html = Files.readString(report.html());
    assertTrue(html.contains("; 1 run the hypervisor took run again"), html);
  }

  /**
   * A difference within the searches' brackets is no difference: the hdd, missed at 2,000 ops/s, may
   * carry more than the 1,900 the ssd met.
   */
  @Test
  void capacitiesWhoseBracketsOverlapMakeNoMeasurableDifference(@TempDir Path dir) throws Exception {
    fiveRepetitions(twoSearches(dir, 1800, 2000));
    var headline = report(dir).lines().headline();
    assertTrue(headline.contains("no difference measurable: at p99<=500ms, workload A zipfian, 1.33× RAM:"
        + " ssd carries 1,900 ops/s, hdd 1,800 ops/s (1.1×; unthrottled 31.9×): the searches overlap (ssd met as little as"
        + " 1,900 ops/s, hdd may carry up to 2,000 ops/s)"), headline.toString());
  }

  /**
   * Capacities are judged as the devices' comparison is, on their unthrottled steps: a CPU-saturated
   * one leaves them without a verdict.
   */
  @Test
  void capacitiesWhoseComparisonHasNoVerdictSayWhy(@TempDir Path dir) throws Exception {
    var step = twoSearches(dir, 61, 76).resolve("hdd_ratio1.33_workloada-zipfian_r1.d/step1/result.json");
    var cell = (ObjectNode) JSON.readTree(step.toFile());
    ((ObjectNode) cell.path("io")).put("cpuSaturated", true);
    JSON.writeValue(step.toFile(), cell);
    var report = report(dir);
    var line = "at p99<=500ms, workload A zipfian, 1.33× RAM: ssd carries 1,900 ops/s, hdd 61.0 ops/s (31.1×; unthrottled 31.9×): CPU-saturated";
    assertTrue(report.lines().headline().contains("no verdict: " + line), "the headline, as the study prints it: "
        + report.lines().headline());
    var html = Files.readString(report.html());
    assertTrue(html.contains("<li>" + line.replace("<", "&lt;") + "</li>"), "among the headline's no verdicts: " + html);
  }

  @Test
  void cellsAtSeveralRatesAreNotRepetitionsAndDrawALatencyThroughputCurve(@TempDir Path dir) throws Exception {
    var study = fixtures(dir);
    for (var name : new String[] {"hdd", "ssd"}) {
      var original = study.resolve(name + "_ratio1.33_workloada-zipfian_r1.json");
      var base = (ObjectNode) JSON.readTree(original.toFile());
      Files.delete(original);
      double throughput = base.path("summary").path("throughputOpsPerSec").asDouble();
      for (double target : new double[] {500, 1000, 2000}) {
        var cell = base.deepCopy();
        var id = name + "_ratio1.33_workloada-zipfian_r1_t" + Math.round(target);
        ((ObjectNode) cell.path("study")).put("target", target).put("cell", id);
        // hdd (1,537 ops/s unthrottled) cannot keep 2,000 ops/s
        ((ObjectNode) cell.path("summary")).put("throughputOpsPerSec", Math.min(target, throughput));
        JSON.writeValue(study.resolve(id + ".json").toFile(), cell);
      }
    }
    var report = report(dir);
    var html = Files.readString(report.html());
    assertTrue(html.contains("workloada-zipfian-latency-throughput.png"), html);
    assertTrue(Files.size(dir.resolve("out/charts/workloada-zipfian-latency-throughput.png")) > 0);
    // each rate is its own comparison, not a repetition of the others
    for (var rate : new String[] {"500", "1,000", "2,000"}) {
      assertTrue(html.contains(", workload A zipfian at " + rate + " ops/s, 1.33× RAM: "), html);
    }
  }
}
