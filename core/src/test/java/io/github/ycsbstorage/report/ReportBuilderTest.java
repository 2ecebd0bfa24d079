package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The written report: over two fixture results shaped like the published HDD-vs-SSD study (workload
 * A, zipfian, 1.33 × RAM: 1,537 vs 48,975 ops/s), one of them suspect in every way a cell can be;
 * and over the 24 cells of {@link OracleNoSqlStudyFixture}, rendered by headless Chromium.
 */
class ReportBuilderTest {
  private static final Pattern IMG = Pattern.compile("<img src=\"([^\"]+)\"");

  private static Path fixtures(Path dir) throws Exception {
    var source = Path.of(ReportBuilderTest.class.getResource("/report/pubstudy").toURI());
    var target = Files.createDirectories(dir.resolve("results/pubstudy"));
    try (var files = Files.list(source)) {
      for (var file : files.toList()) {
        Files.copy(file, target.resolve(file.getFileName()));
      }
    }
    return dir.resolve("results");
  }

  @Test
  void htmlAndMarkdownLeadWithTheComparisonThenFiguresChartsAndWarnings(@TempDir Path dir) throws Exception {
    var steps = new ArrayList<String>();
    var report = new ReportBuilder(fixtures(dir), dir.resolve("out")).write(steps::add);
    assertEquals(2, report.cells());
    assertEquals(List.of("read 2 results from " + dir.resolve("results"), "charts of workload A zipfian (1 of 1)",
        "time-series charts of the cells", "writing " + dir.resolve("out/index.html")), steps, "a line per step");
    var html = Files.readString(report.html());
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertTrue(Files.size(dir.resolve("out/report.css")) > 0, "the style sheet beside the page");
    // The headline first: 48,975 / 1,537 = 31.9 ×; p99 460 ms / 15 ms and average 134.2 ms / 4.375 ms = 30.7 ×.
    assertTrue(html.indexOf("id=\"headline\"") < html.indexOf("id=\"throughput\""), html);
    // Both device folders lie on sdb: no verdict, with the reasons, and no ratio.
    assertTrue(html.contains("<h3>Verdicts</h3><p>None: no comparison's figures support"), html);
    assertTrue(html.contains("<h3>No verdict</h3><ul class=\"no-verdict\"><li>ssd vs hdd, workload A zipfian, 1.33× RAM: "
        + "two device folders on one physical device: that compares the device with itself (ssd and hdd are both on "
        + "sdb; remedy: put the folders on different devices); CPU-saturated: measured CPU, not storage (the clients' "
        + "(90 % of all cores or more) in 1 of 2 runs; remedy: fewer threads, or a host with more cores)</li></ul>"),
        html);
    assertEquals(List.of("no verdict: ssd vs hdd, workload A zipfian, 1.33× RAM: two device folders on one physical "
        + "device: that compares the device with itself (ssd and hdd are both on sdb; remedy: put the folders on "
        + "different devices); CPU-saturated: measured CPU, not storage (the clients' (90 % of all cores or more) in 1 "
        + "of 2 runs; remedy: fewer threads, or a host with more cores)"), report.lines().headline());
    // Device columns name the detected type and model; figures are rounded, with units.
    assertTrue(html.contains("<th>hdd (hdd, WDC WD4000)</th><th>ssd (ssd-sata, WDC WD4000)</th>"), html);
    assertTrue(html.contains("<td>1.33× RAM</td><td>1,537 ops/s</td><td>48,975 ops/s</td>"), html);
    assertTrue(html.contains("<td>1.33× RAM</td><td class=\"text\">avg 134 ms, p99 460 ms</td>"
        + "<td class=\"text\">avg 4.38 ms, p99 15 ms</td>"), html);
    // Columns of words are left-aligned, columns of figures right-aligned (the style sheet's default).
    assertTrue(html.contains("<th class=\"text\">device</th><th class=\"text\">workload</th><th>dataset</th>"), html);
    assertFalse(Pattern.compile("\\d\\.\\d{4,}").matcher(html).find(), "no unrounded figures");
    assertFalse(html.contains("CLEANUP"), "YCSB's CLEANUP pseudo-operation is not a figure");
    // Each run links its raw result rather than dumping it.
    assertTrue(html.contains("<a href=\"../results/pubstudy/hdd_ratio1.33_workloada-zipfian_r1.json\">"
        + "hdd_ratio1.33_workloada-zipfian_r1</a>"), html);

    var warnings = String.join("\n", report.warnings());
    assertTrue(warnings.startsWith("single repetition: "), warnings);
    assertTrue(warnings.contains("devices hdd and ssd resolve to the same physical device (sdb)"), warnings);
    // One line per kind, with the cells it concerns and their figures.
    assertTrue(warnings.contains("achieved dataset far from the plan: 0.61 × RAM, planned 1.33 × "
        + "(hdd_ratio1.33_workloada-zipfian_r1)"), warnings);
    assertTrue(warnings.contains("device type without a trusted rotational flag: sdb classified as hdd (virtio: the "
        + "hypervisor decides) (hdd_ratio1.33_workloada-zipfian_r1)"), warnings);
    assertTrue(warnings.contains("operations failed: 3 (hdd_ratio1.33_workloada-zipfian_r1)"), warnings);
    assertTrue(warnings.contains("throughput limited by the client's CPU: clients used 95 % of all cores "
        + "(ssd_ratio1.33_workloada-zipfian_r1)"), warnings);
    // A suspicion shared by every result is listed once.
    assertTrue(warnings.contains("\ncollector lost /proc/diskstats for 3 s (all 2 results)"), warnings);
    assertEquals(7, report.warnings().size(), warnings);

    // Sizing plan, inventory and per-operation I/O of every cell.
    assertTrue(html.contains("Sizing plan: dataset 128.0 GB = 1.33 × server RAM 96.0 GB"), html);
    assertTrue(html.contains("<td>sdb</td><td class=\"text\">hdd</td><td class=\"text\">WDC WD4000</td>"), html);
    // hdd: 92,220 operations; 184,440 reads + 92,220 writes, 360,225 kB read, 4.611 s host CPU.
    assertTrue(html.contains("<h4>I/O and CPU per operation (92,220 operations)</h4>"), html);
    assertTrue(html.contains("<td>sdb I/Os per operation</td><td>3.000</td>"), html);
    assertTrue(html.contains("<td>sdb kB read+written per operation</td><td>4.000</td>"), html);
    assertTrue(html.contains("<td>host CPU µs per operation</td><td>50.0</td>"), html);
    assertTrue(html.contains("<td>server process CPU µs per operation</td><td>20.0</td>"), html);
    assertTrue(html.contains("No time-series file referenced"), "the ssd cell has none");

    // Every image the page refers to is a readable PNG: throughput bars, average and p99 bars, the
    // percentile plot (one dataset size: no line chart), then the hdd cell's 5 time-series charts.
    var images = images(html);
    assertEquals(List.of("charts/workloada-zipfian-throughput.png", "charts/workloada-zipfian-latency-avg.png",
        "charts/workloada-zipfian-latency-p99.png", "charts/workloada-zipfian-percentiles.png", "charts/cell-1-1.png",
        "charts/cell-1-2.png", "charts/cell-1-3.png", "charts/cell-1-4.png", "charts/cell-1-5.png"), images);
    for (var image : images) {
      assertEquals(Charts.WIDTH, ImageIO.read(dir.resolve("out").resolve(image).toFile()).getWidth(), image);
    }
    assertFalse(html.contains("<script"), "static page: no scripts");
    assertFalse(html.contains("style=\""), "no inline styles: report.css has them");

    var markdown = Files.readString(report.markdown());
    assertTrue(markdown.startsWith("# ycsb-storage report: pubstudy"), markdown);
    assertTrue(markdown.contains("- no verdict: ssd vs hdd, workload A zipfian, 1.33× RAM: two device folders"),
        markdown);
    assertTrue(markdown.contains("| 1.33× RAM | 1,537 ops/s | 48,975 ops/s |"), markdown);
    assertTrue(markdown.contains("| [hdd_ratio1.33_workloada-zipfian_r1](../results/pubstudy/"
        + "hdd_ratio1.33_workloada-zipfian_r1.json) | hdd |"), markdown);
    assertTrue(markdown.contains("- operations failed: 3 (hdd_ratio1.33_workloada-zipfian_r1)"), markdown);
  }

  @Test
  void corruptTruncatedForeignAndUnreadableFilesAreSkippedWithAWarningNamingThem(@TempDir Path dir) throws Exception {
    var results = fixtures(dir);
    var study = results.resolve("pubstudy");
    var good = Files.readString(study.resolve("ssd_ratio1.33_workloada-zipfian_r1.json"));
    var truncated = Files.writeString(study.resolve("truncated.json"), good.substring(0, good.length() / 2));
    var foreign = Files.writeString(results.resolve("package.json"), "{\"name\": \"not ours\"}");
    var corrupt = Files.writeString(results.resolve("corrupt.json"), "\u0000\u0001 binary");
    var unreadable = Files.createDirectories(results.resolve("folder.json")); // no regular file (as a FIFO would be)
    var companion = Files.writeString(study.resolve("series.json"), "{\"schema\": \"ycsb-storage-timeseries/1\"}");

    var report = new ReportBuilder(results, dir.resolve("out")).write();

    assertEquals(2, report.cells(), "the report is made from the rest");
    assertEquals(4, report.skipped().size(), report.skipped()::toString);
    var skipped = String.join("\n", report.skipped());
    assertTrue(skipped.contains("skipped " + truncated + ": "), skipped);
    assertTrue(skipped.contains("skipped " + foreign + ": not a result file (no \"schema\": \"ycsb-storage-result/1\")"),
        skipped);
    assertTrue(skipped.contains("skipped " + corrupt + ": "), skipped);
    assertTrue(skipped.contains("skipped " + unreadable + ": not a regular file"), skipped);
    assertFalse(skipped.contains(companion.toString()), "our own time-series files are no surprise");
    assertTrue(report.warnings().containsAll(report.skipped()), "the report shows them too");
  }

  @Test
  void aCellWhoseServerHostRanOutOfCpuIsFlagged(@TempDir Path dir) throws Exception {
    var results = fixtures(dir);
    var file = results.resolve("pubstudy/ssd_ratio1.33_workloada-zipfian_r1.json");
    var json = new ObjectMapper();
    var cell = (ObjectNode) json.readTree(file.toFile());
    // 1 % idle + 2 % iowait: the collector sets cpuSaturated (under 5 %)
    var io = (ObjectNode) cell.path("io");
    io.putObject("cpu").put("user", 80.0).put("system", 17.0).put("iowait", 2.0).put("steal", 0.0).put("idle", 1.0);
    io.put("cpuSaturated", true);
    json.writeValue(file.toFile(), cell);
    var report = new ReportBuilder(results, dir.resolve("out")).write();
    var warnings = String.join("\n", report.warnings());
    assertTrue(warnings.contains("the sampled host's CPUs were saturated (under 5 % idle + iowait time): measured CPU, "
        + "not storage (ssd_ratio1.33_workloada-zipfian_r1)"), warnings);
    // The comparison has no verdict, and says why.
    assertTrue(report.lines().headline().get(0).contains("CPU-saturated: measured CPU, not storage (the host's CPUs in 1 of 2 "
        + "runs; the clients' (90 % of all cores or more) in 1 of 2 runs; remedy: fewer threads, or a host with more "
        + "cores)"), report.lines().headline().get(0));
  }

  /** Gives every operation of a result intended-time figures: its service times × {@code factor}. */
  private static void intended(Path file, double factor) throws Exception {
    var json = new ObjectMapper();
    var cell = (ObjectNode) json.readTree(file.toFile());
    var operations = (ObjectNode) cell.path("summary").path("operations");
    for (var name : List.of("READ", "UPDATE")) {
      var figures = (ObjectNode) operations.path(name);
      var intended = figures.putObject("intended").put("count", figures.path("count").asLong());
      intended.put("averageUs", figures.path("averageUs").asDouble() * factor);
      for (var key : List.of("minUs", "maxUs", "p50Us", "p95Us", "p99Us", "p999Us")) {
        intended.put(key, Math.round(figures.path(key).asLong() * factor));
      }
      var points = ((ObjectNode) cell.path("latency")).putArray("Intended-" + name);
      cell.path("latency").path(name).forEach(point -> points.addArray().add(point.get(0).asDouble())
          .add(point.get(1).asDouble() * factor));
    }
    json.writeValue(file.toFile(), cell);
  }

  @Test
  void underATargetRateTheIntendedTimeLatenciesComeFirstLabelledAsSuch(@TempDir Path dir) throws Exception {
    var results = fixtures(dir);
    // hdd stalled: its intended times are 4 × its service times; ssd kept up: 1 ×
    intended(results.resolve("pubstudy/hdd_ratio1.33_workloada-zipfian_r1.json"), 4);
    intended(results.resolve("pubstudy/ssd_ratio1.33_workloada-zipfian_r1.json"), 1);
    var report = new ReportBuilder(results, dir.resolve("out")).write();
    var html = Files.readString(report.html());
    // hand-computed: hdd intended p99 4 × 460 ms = 1.84 s, average 4 × 134.2 ms = 537 ms; ssd p99 15 ms,
    // average 4.375 ms; ratios 1.84 s / 15 ms = 122.7 ×, 536.7 ms / 4.375 ms = 122.7 × (no verdict: one device)
    var comparison = ReportModel.of(results, ReportLoader.load(results).cells()).comparisons().get(0);
    assertTrue(comparison.intendedTime());
    assertEquals(122.67, comparison.p99Ratio(), 0.01);
    assertEquals(122.67, comparison.averageLatencyRatio(), 0.01);
    assertTrue(html.contains("<td>1.33× RAM</td><td class=\"text\">intended-time avg 537 ms, p99 1.84 s (service"
        + " time avg 134 ms, p99 460 ms)</td><td class=\"text\">intended-time avg 4.38 ms, p99 15 ms (service time avg"
        + " 4.38 ms, p99 15 ms)</td>"), html);
    assertTrue(html.contains("<td>537 ms intended-time</td><td>1.84 s intended-time</td>"), html);
    // a cell's operations: the intended-time row before the service-time one
    int intendedRow = html.indexOf("<td>READ (intended-time)</td><td>46,110</td><td>460 ms</td>");
    int serviceRow = html.indexOf("<td>READ (service time)</td><td>46,110</td><td>115 ms</td>");
    assertTrue(intendedRow >= 0 && intendedRow < serviceRow, html);
    assertTrue(html.contains("alt=\"p99 intended-time latency per device and dataset size"), html);
    assertTrue(html.contains("alt=\"intended-time latency percentile distribution, "), html);
    var hdd = ReportLoader.load(results).cells().stream().filter(c -> c.device().equals("hdd")).findFirst()
        .orElseThrow();
    assertEquals(4 * hdd.result().latency().get("READ").get(0).latencyUs(),
        hdd.latencyDistribution("READ").get(0).latencyUs(), 1e-9, "the intended-time points are plotted");
  }

  @Test
  void theStudysTwentyFourCellsGetEveryChart(@TempDir Path dir) throws Exception {
    var results = OracleNoSqlStudyFixture.write(dir);
    var report = new ReportBuilder(results, dir.resolve("out")).write();
    assertEquals(28, report.cells());
    var html = Files.readString(report.html());
    // Per workload × distribution: bars, lines over dataset size, average and p99 bars, percentiles.
    var images = images(html);
    assertEquals(6 * 5, images.size(), String.join("\n", images));
    assertTrue(images.contains("charts/workloadb-zipfian-throughput-by-size.png"), String.join("\n", images));
    for (var image : images) {
      assertTrue(ImageIO.read(dir.resolve("out").resolve(image).toFile()).getWidth() > 0, image);
    }
    assertTrue(html.contains("ssd vs hdd, workload A uniform, 1.33× RAM: too few repetitions to tell the devices "
        + "apart (the throughput ratio 31.9× with one run of each device"), html);
    assertTrue(html.contains("<td>1.33× RAM</td><td>1,537 ops/s</td><td>48,975 ops/s</td>"), html);
  }

  @Test
  void rendersInHeadlessChromiumWithoutConsoleErrors(@TempDir Path dir) throws Exception {
    var chromium = chromium();
    assumeTrue(chromium != null, "chromium is not installed (apt-get install -y chromium): rendering not checked");
    var report = new ReportBuilder(OracleNoSqlStudyFixture.write(dir), dir.resolve("out")).write();
    var screenshot = dir.resolve("page.png");
    var command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
        "--user-data-dir=" + dir.resolve("profile"), "--enable-logging=stderr", "--v=0",
        "--window-size=1280,2000", "--screenshot=" + screenshot, report.html().toUri().toString()));
    String output;
    try (var browser = ProcessRun.start(new ProcessBuilder(command))) {
      browser.finish();
      output = browser.stdout() + browser.stderr();
    }
    assertTrue(Files.size(screenshot) > 0, output);
    var shot = ImageIO.read(screenshot.toFile());
    assertEquals(1280, shot.getWidth(), output);
    assertFalse(Pattern.compile("CONSOLE\\(\\d+\\)|Uncaught|Failed to load resource").matcher(output).find(), output);

    var dom = new ArrayList<>(command.subList(0, command.size() - 2));
    dom.add("--dump-dom");
    dom.add(report.html().toUri().toString());
    String text;
    try (var dumped = ProcessRun.start(new ProcessBuilder(dom))) {
      dumped.finish();
      text = dumped.stdout();
    }
    assertTrue(text.contains("<h3>Verdicts</h3>"), text);
  }

  private static List<String> images(String html) {
    var images = new ArrayList<String>();
    var matcher = IMG.matcher(html);
    while (matcher.find()) {
      images.add(matcher.group(1));
    }
    return images;
  }

  private static String chromium() {
    for (var name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (var folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
        if (Files.isExecutable(Path.of(folder, name))) {
          return Path.of(folder, name).toString();
        }
      }
    }
    return null;
  }
}
