package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell whose warm-up ran until steady shows its rounds and the judged window; a load that
 * preconditioned its device shows its rounds in the report's own section and in summary.md.
 */
class SteadyStateChartTest {
  private static Path fixtures(Path dir) throws Exception {
    var source = Path.of(SteadyStateChartTest.class.getResource("/report/pubstudy").toURI());
    var results = Files.createDirectories(dir.resolve("results/pubstudy"));
    try (var files = Files.list(source)) {
      for (var file : files.toList()) {
        Files.copy(file, results.resolve(file.getFileName()));
      }
    }
    return results;
  }

  /** The fixture's run cell of {@code device} made its load cell, to be given a precondition section. */
  private static ObjectNode load(Path results, ObjectMapper json, String device) throws Exception {
    var load = (ObjectNode) json.readTree(results.resolve(device + "_ratio1.33_workloada-zipfian_r1.json").toFile());
    load.put("phase", "load").put("label", device + "_ratio1.33_load");
    ((ObjectNode) load.path("study")).put("cell", device + "_ratio1.33_load");
    return load;
  }

  @Test
  void aWarmupUntilSteadyIsPlottedWithItsWindowInTheCellsDetails(@TempDir Path dir) throws Exception {
    var results = fixtures(dir);
    var file = results.resolve("ssd_ratio1.33_workloada-zipfian_r1.json");
    var json = new ObjectMapper();
    var cell = (ObjectNode) json.readTree(file.toFile());
    var steady = cell.putObject("warmup").put("requested", "until steady").put("seconds", 70.0).putObject("steady")
        .put("metric", "throughput").put("window", 5).put("maxRounds", 25).put("windowStart", 3);
    double[] rates = {20_000, 41_000, 48_000, 49_500, 48_200, 49_000, 48_800};
    var rounds = steady.putArray("rounds");
    for (int i = 0; i < rates.length; i++) {
      rounds.addObject().put("number", i + 1).put("opsPerSec", rates[i]).put("p99Micros", 15_000);
    }
    json.writeValue(file.toFile(), cell);

    var report = new ReportBuilder(dir.resolve("results"), dir.resolve("out")).write();
    var html = Files.readString(report.html());
    var chart = java.util.regex.Pattern.compile("charts/cell-\\d+-steady\\.png").matcher(html);
    assertTrue(chart.find(), html);
    assertTrue(Files.size(dir.resolve("out").resolve(chart.group())) > 0, "the chart was drawn");
    assertTrue(html.contains("warm-up rounds and the steady-state window"), html);
  }

  @Test
  void aPreconditionedLoadShowsItsRoundsPerDeviceInTheReportAndTheSummary(@TempDir Path dir) throws Exception {
    var results = fixtures(dir);
    var json = new ObjectMapper();
    var load = load(results, json, "ssd");
    var steady = load.putObject("precondition").put("requested", "the dataset").put("seconds", 70.0)
        .put("records", 100_000).put("operations", 350_000).put("failed", 0).putObject("steady")
        .put("metric", "write rate").put("window", 5).put("maxRounds", 25).put("windowStart", 3);
    double[] rates = {9_000, 6_000, 5_000, 5_100, 4_950, 5_050, 5_000};
    var rounds = steady.putArray("rounds");
    for (int i = 0; i < rates.length; i++) {
      rounds.addObject().put("number", i + 1).put("opsPerSec", rates[i]);
    }
    json.writeValue(results.resolve("ssd_ratio1.33_load.json").toFile(), load);

    var report = new ReportBuilder(dir.resolve("results"), dir.resolve("out")).write();
    var line = "ssd, 1.33× RAM: 350,000 overwrites (3.5 passes over 100,000 records), bytes written unknown (the binding"
        + " counts none); steady after 7 rounds (write rate; window: rounds 3–7), in 70.0 s; overwrites per second"
        + " per round: 9,000 · 6,000 · 5,000 · 5,100 · 4,950 · 5,050 · 5,000";
    var markdown = Files.readString(report.markdown());
    assertTrue(markdown.contains("## Preconditioning\n\n- " + line + "\n"), markdown);
    assertEquals(java.util.List.of(line), report.lines().preconditioning(), "what the study prints");
    var html = Files.readString(report.html());
    assertTrue(html.contains("<li>" + line + "</li>"), html);
    var chart = java.util.regex.Pattern.compile("charts/cell-\\d+-precondition\\.png").matcher(html);
    assertTrue(chart.find(), html);
    assertTrue(html.indexOf(chart.group()) < html.indexOf("id=\"throughput\""), "before the figures it conditions");
    assertTrue(Files.size(dir.resolve("out").resolve(chart.group())) > 0, "the chart was drawn");
  }

  /** A free-space preconditioning with fewer rounds than the window: its rounds are drawn, not judged. */
  @Test
  void aFreeSpacePreconditioningOfOneRoundIsListedAndDrawnWithoutAWindow(@TempDir Path dir) throws Exception {
    var results = fixtures(dir);
    var json = new ObjectMapper();
    var load = load(results, json, "hdd");
    var precondition = load.putObject("precondition").put("requested", "the data folder's free space")
        .put("seconds", 0.3).put("records", 0).put("operations", 380).put("failed", 0);
    precondition.putObject("freeSpace").put("file", "/data/.ycsb-storage-precondition-1-a.fill")
        .put("freeBytes", 532_600_000L).put("reserveBytes", 134_217_728L).put("bytesWritten", 398_300_000L)
        .put("deleted", true);
    precondition.putObject("steady").put("metric", "write rate").put("window", 5).put("maxRounds", 5)
        .putNull("windowStart").putArray("rounds").addObject().put("number", 1).put("opsPerSec", 1475.3);
    json.writeValue(results.resolve("hdd_ratio1.33_load.json").toFile(), load);

    var report = new ReportBuilder(dir.resolve("results"), dir.resolve("out")).write();
    var markdown = Files.readString(report.markdown());
    assertTrue(markdown.contains("- hdd, 1.33× RAM: wrote 398.3 MB of the 532.6 MB free (leaving a reserve of 134.2 MB)"
        + " to /data/.ycsb-storage-precondition-1-a.fill, then deleted it; not steady after 1 rounds (write rate),"
        + " in 0.3 s; MiB written per second per round: 1,475\n"), markdown);
    var chart = java.util.regex.Pattern.compile("charts/cell-\\d+-precondition\\.png").matcher(
        Files.readString(report.html()));
    assertTrue(chart.find(), "drawn");
    assertTrue(Files.size(dir.resolve("out").resolve(chart.group())) > 0, "the chart was drawn");
  }
}
