package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell whose warm-up ran until steady shows its rounds and the judged window. */
class SteadyStateChartTest {
  @Test
  void aWarmupUntilSteadyIsPlottedWithItsWindowInTheCellsDetails(@TempDir Path dir) throws Exception {
    var source = Path.of(SteadyStateChartTest.class.getResource("/report/pubstudy").toURI());
    var results = Files.createDirectories(dir.resolve("results/pubstudy"));
    try (var files = Files.list(source)) {
      for (var file : files.toList()) {
        Files.copy(file, results.resolve(file.getFileName()));
      }
    }
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
}
