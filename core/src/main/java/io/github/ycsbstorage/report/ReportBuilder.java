package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.PercentilePoint;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import io.github.ycsbstorage.result.Sizing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Builds the study report from a folder of result files: {@code index.html} (static, no scripts,
 * PNG charts in {@code charts/}) and {@code summary.md}. Reads every {@code *.json} result below
 * the folder except the raw client outputs in {@code <cell>.d/}. Not thread-safe.
 */
public final class ReportBuilder {
  /**
   * Where the report went and what it warned about.
   *
   * @param skipped the files under the results folder that were not read, each with why (also among the warnings)
   */
  public record Report(Path html, Path markdown, int cells, List<String> warnings, List<String> skipped) {
  }

  private final Path results;
  private final Path output;
  /** Reads time-series files and shows sections as key/value tables. */
  private final ObjectMapper json = new ObjectMapper().registerModule(new Jdk8Module());
  /** Files under the folder that are not readable results, each with why. */
  private final List<String> skipped = new ArrayList<>();

  public ReportBuilder(Path results, Path output) {
    if (!Files.isDirectory(results)) {
      throw new IllegalArgumentException("no results folder at " + results);
    }
    this.results = results;
    this.output = output;
  }

  public Report write() throws IOException {
    var cells = load();
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no result files (schema " + Result.SCHEMA + ") under " + results
          + skipped.stream().map(w -> "\n  " + w).collect(Collectors.joining()));
    }
    Files.createDirectories(output.resolve("charts"));
    var runs = cells.stream().filter(c -> !c.isLoad()).toList();
    var loads = cells.stream().filter(ReportCell::isLoad).toList();
    var warnings = new ArrayList<>(skipped);
    warnings.addAll(warnings(cells));

    var byMix = new TreeMap<String, List<ReportCell>>();
    runs.forEach(c -> byMix.computeIfAbsent(c.workload() + " / " + c.distribution(), k -> new ArrayList<>()).add(c));
    var figureTables = new ArrayList<Table>();
    var latencyCharts = new LinkedHashMap<String, String>();
    int chart = 0;
    for (var mix : byMix.entrySet()) {
      figureTables.add(figures(mix.getKey(), mix.getValue()));
      var series = new LinkedHashMap<String, List<PercentilePoint>>();
      for (var cell : mix.getValue()) {
        for (var operation : cell.operations()) {
          series.put(cell.device() + " " + cell.scale() + (cell.repetition() > 1 ? " r" + cell.repetition() : "")
              + " " + operation, cell.latencyDistribution(operation));
        }
      }
      var png = "charts/latency-" + (++chart) + ".png";
      if (Charts.latencyPercentiles(output.resolve(png), "Latency percentiles: " + mix.getKey(), series)) {
        latencyCharts.put(mix.getKey(), png);
      }
    }
    var speedups = speedups(runs);
    var loadTable = loads(loads);

    var html = output.resolve("index.html");
    var markdown = output.resolve("summary.md");
    Files.writeString(html, html(cells, warnings, figureTables, latencyCharts, speedups, loadTable));
    Files.writeString(markdown, markdown(cells, warnings, figureTables, speedups, loadTable));
    return new Report(html, markdown, cells.size(), warnings, List.copyOf(skipped));
  }

  /** Each distinct suspicion once, with the cells it concerns (a device's flag is in every cell). */
  private static List<String> warnings(List<ReportCell> cells) {
    var byText = new LinkedHashMap<String, List<String>>();
    cells.forEach(c -> Suspicions.of(c).forEach(w -> byText.computeIfAbsent(w, k -> new ArrayList<>()).add(c.id())));
    var warnings = new ArrayList<String>();
    byText.forEach((text, ids) -> warnings.add(ids.size() == cells.size() && ids.size() > 1
        ? text + " (all " + ids.size() + " results)" : String.join(", ", ids) + ": " + text));
    return warnings;
  }

  /**
   * The result files under the folder. A file that cannot be read, is not JSON (e.g. truncated) or
   * is JSON of another program is skipped with a warning that names it and says why, so that one bad
   * file does not stop the report; ycsb-storage's own other files (time series) are skipped quietly.
   */
  private List<ReportCell> load() throws IOException {
    var cells = new ArrayList<ReportCell>();
    var foreign = new ArrayList<Path>();
    try (Stream<Path> files = Files.walk(results)) {
      for (var file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
        if (results.relativize(file).toString().contains(".d/") || file.getFileName().toString().startsWith(".")) {
          continue;
        }
        try {
          var result = ResultReader.readIfResult(file);
          if (result.isPresent()) {
            cells.add(new ReportCell(file, result.get()));
          } else if (!ownCompanion(file)) {
            foreign.add(file);
          }
        } catch (ResultReader.ResultFormatException e) {
          skipped.add("skipped " + e.getMessage());
        } catch (IOException e) {
          skipped.add("skipped " + file + ": unreadable (" + e.getMessage() + ")");
        }
      }
    }
    // A time-series file that a result names is its companion, whatever its format.
    var companions = cells.stream().map(ReportCell::timeSeries).flatMap(Optional::stream)
        .map(p -> p.toAbsolutePath().normalize()).toList();
    foreign.stream().filter(file -> !companions.contains(file.toAbsolutePath().normalize())).forEach(file ->
        skipped.add("skipped " + file + ": not a result file (no \"schema\": \"" + Result.SCHEMA + "\")"));
    cells.sort(Comparator.comparing(ReportCell::studyName).thenComparingInt(ReportCell::index)
        .thenComparing(ReportCell::id));
    return cells;
  }

  /** Whether a JSON file that is no result is another file of ours, e.g. the collector's time series. */
  private boolean ownCompanion(Path file) throws IOException {
    return json.readTree(file.toFile()).path("schema").asText().startsWith("ycsb-storage-");
  }

  private static Table figures(String mix, List<ReportCell> cells) {
    var operations = cells.stream().flatMap(c -> c.operations().stream()).distinct().sorted().toList();
    var header = new ArrayList<>(List.of("device", "dataset", "rep", "ops/s"));
    operations.forEach(op -> header.addAll(List.of(op + " p50 µs", op + " p95 µs", op + " p99 µs")));
    header.add("errors");
    var rows = new ArrayList<List<String>>();
    for (var cell : cells) {
      var row = new ArrayList<>(List.of(cell.device(), cell.scale(), Integer.toString(cell.repetition()),
          decimal(cell.throughput())));
      for (var op : operations) {
        for (var figure : List.<Function<OperationFigures, OptionalLong>>of(OperationFigures::p50Us,
            OperationFigures::p95Us, OperationFigures::p99Us)) {
          row.add(integer(cell.latency(op, figure)));
        }
      }
      row.add(Long.toString(cell.errors()));
      rows.add(row);
    }
    return new Table(mix, header, rows);
  }

  /** Per workload, distribution and dataset: each device's mean throughput against every slower one. */
  private static Table speedups(List<ReportCell> runs) {
    var groups = new TreeMap<String, Map<String, List<ReportCell>>>();
    runs.forEach(c -> groups.computeIfAbsent(c.workload() + " / " + c.distribution() + " / " + c.scale(),
        k -> new TreeMap<>()).computeIfAbsent(c.device(), k -> new ArrayList<>()).add(c));
    var rows = new ArrayList<List<String>>();
    groups.forEach((group, byDevice) -> {
      var mean = new TreeMap<String, Double>();
      var p99 = new TreeMap<String, Double>();
      byDevice.forEach((device, cells) -> {
        mean.put(device, cells.stream().mapToDouble(ReportCell::throughput).average().orElse(Double.NaN));
        p99.put(device, cells.stream().mapToDouble(c -> c.operations().stream().mapToDouble(op ->
            c.latency(op, OperationFigures::p99Us)).max().orElse(Double.NaN)).average().orElse(Double.NaN));
      });
      var devices = mean.keySet().stream().sorted(Comparator.comparing(mean::get).reversed()).toList();
      for (int i = 0; i < devices.size(); i++) {
        for (int j = i + 1; j < devices.size(); j++) {
          var fast = devices.get(i);
          var slow = devices.get(j);
          rows.add(List.of(group, fast + " vs " + slow, decimal(mean.get(fast)), decimal(mean.get(slow)),
              ratio(mean.get(fast) / mean.get(slow)), ratio(p99.get(slow) / p99.get(fast))));
        }
      }
    });
    return new Table("Speedups (mean over repetitions)", List.of("workload / distribution / dataset", "devices",
        "ops/s (faster)", "ops/s (slower)", "throughput ×", "p99 latency ÷ (worst operation)"), rows);
  }

  private static Table loads(List<ReportCell> loads) {
    var rows = new ArrayList<List<String>>();
    for (var cell : loads) {
      var records = cell.result().summary().count();
      rows.add(List.of(cell.device(), cell.scale(), integer(records), decimal(cell.throughput()),
          cell.result().sections().sizing().map(Sizing::plan).orElse("unknown (no sizing section)")));
    }
    return new Table("Loads", List.of("device", "dataset", "records", "ops/s", "sizing plan"), rows);
  }

  private String html(List<ReportCell> cells, List<String> warnings, List<Table> figureTables,
      Map<String, String> latencyCharts, Table speedups, Table loads) throws IOException {
    var studies = cells.stream().map(ReportCell::studyName).distinct().collect(Collectors.joining(", "));
    var page = new StringBuilder();
    page.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>ycsb-storage report: ").append(escape(studies)).append("</title><style>")
        .append("body{font-family:sans-serif;margin:2em;max-width:1200px;color:#222}")
        .append("table{border-collapse:collapse;margin:1em 0;font-size:0.9em}")
        .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em;text-align:right}")
        .append("th:first-child,td:first-child{text-align:left}th{background:#eee}")
        .append(".warnings{background:#fff4e5;border-left:4px solid #f0a030;padding:0.5em 1em}")
        .append("img{max-width:100%;height:auto}details{margin:0.5em 0}")
        .append("</style></head><body>\n");
    page.append("<h1>ycsb-storage report: ").append(escape(studies)).append("</h1>\n<p>")
        .append(cells.size()).append(" result files from <code>").append(escape(results.toString()))
        .append("</code>.</p>\n");
    page.append("<h2 id=\"warnings\">Warnings</h2>\n");
    if (warnings.isEmpty()) {
      page.append("<p>None: no result is suspect.</p>\n");
    } else {
      page.append("<ul class=\"warnings\">");
      warnings.forEach(w -> page.append("<li>").append(escape(w)).append("</li>"));
      page.append("</ul>\n");
    }
    page.append("<h2 id=\"figures\">Throughput and latency</h2>\n");
    for (var table : figureTables) {
      page.append(htmlTable(table, "h3"));
      var png = latencyCharts.get(table.title());
      if (png != null) {
        page.append("<img src=\"").append(png).append("\" alt=\"latency percentiles, ")
            .append(escape(table.title())).append("\">\n");
      }
    }
    page.append("<h2 id=\"speedups\">Speedups</h2>\n");
    page.append(speedups.rows().isEmpty() ? "<p>One device only: nothing to compare.</p>\n" : htmlTable(speedups, "h3"));
    page.append("<h2 id=\"loads\">Loads and sizing</h2>\n").append(htmlTable(loads, "h3"));
    page.append("<h2 id=\"cells\">Cells</h2>\n");
    int chart = 0;
    for (var cell : cells) {
      page.append("<details><summary>").append(escape(cell.id())).append(" — ")
          .append(decimal(cell.throughput())).append(" ops/s, status ")
          .append(escape(cell.result().status().label())).append("</summary>\n");
      var suspicions = Suspicions.of(cell);
      if (!suspicions.isEmpty()) {
        page.append("<ul class=\"warnings\">");
        suspicions.forEach(w -> page.append("<li>").append(escape(w)).append("</li>"));
        page.append("</ul>");
      }
      var sections = cell.result().sections();
      page.append(htmlTable(flat("Sizing plan", json.valueToTree(sections.sizing())), "h4"));
      var inventory = sections.devices().orElse(List.of());
      if (!inventory.isEmpty()) {
        for (var device : inventory) {
          page.append(htmlTable(flat("Device " + device.device().name(), json.valueToTree(device)), "h4"));
        }
      } else {
        page.append("<h4>Devices</h4><p>No device inventory in this result (collector not run).</p>");
      }
      page.append(htmlTable(perOperation(cell), "h4"));
      page.append(htmlTable(flat("I/O and CPU (collector summary)", json.valueToTree(sections.io())), "h4"));
      var series = cell.timeSeries();
      if (series.isPresent() && Files.isRegularFile(series.get())) {
        chart++;
        page.append(timeSeriesCharts(cell, TimeSeries.read(series.get(), json), chart));
      } else {
        page.append("<h4>Time series</h4><p>No time-series file")
            .append(series.map(p -> " (" + escape(p.toString()) + " is missing)").orElse(" referenced"))
            .append(".</p>");
      }
      page.append("</details>\n");
    }
    page.append("</body></html>\n");
    return page.toString();
  }

  private String timeSeriesCharts(ReportCell cell, TimeSeries series, int index) throws IOException {
    var text = new StringBuilder("<h4>Time series</h4>");
    var groups = new LinkedHashMap<String, List<String>>();
    groups.put("IOPS", List.of("r/s", "w/s"));
    groups.put("MB/s", List.of("rkB/s", "wkB/s"));
    groups.put("await (ms)", List.of("r_await", "w_await"));
    groups.put("util (%)", List.of("%util"));
    groups.put("CPU (% of all CPUs)", List.of("cpu user", "cpu system", "cpu iowait"));
    int n = 0;
    for (var group : groups.entrySet()) {
      var chosen = new LinkedHashMap<String, List<Double>>();
      series.series().forEach((name, values) -> {
        if (group.getValue().stream().anyMatch(field -> name.equals(field) || name.endsWith(" " + field))) {
          // iostat's kB are KiB; the chart shows MiB/s.
          chosen.put(group.getKey().equals("MB/s") ? name.replace("kB/s", "MB/s") : name,
              group.getKey().equals("MB/s") ? values.stream().map(v -> v / 1024).toList() : values);
        }
      });
      var png = "charts/cell-" + index + "-" + (++n) + ".png";
      if (Charts.timeSeries(output.resolve(png), cell.id() + ": " + group.getKey(), group.getKey(),
          series.seconds(), chosen)) {
        text.append("<img src=\"").append(png).append("\" alt=\"").append(escape(group.getKey())).append("\">");
      }
    }
    return text.toString();
  }

  /**
   * I/O and CPU per operation, from the collector's totals over the phase and the operations YCSB
   * counted (CLEANUP excluded). The collector's window starts and ends with the phase, so the
   * figures include what the server did for the phase beyond the measured operations (e.g. flushes).
   */
  private static Table perOperation(ReportCell cell) {
    double operations = cell.result().summary().count();
    var rows = new ArrayList<List<String>>();
    var io = cell.result().sections().io();
    if (operations > 0 && io.isPresent()) {
      io.get().devices().forEach((device, totals) -> {
        rows.add(List.of(device + " I/Os per operation", precise((totals.reads() + totals.writes()) / operations)));
        rows.add(List.of(device + " kB read+written per operation",
            precise((totals.readBytes() + totals.writtenBytes()) / 1024.0 / operations)));
      });
      io.get().cpuBusyMicros().ifPresent(micros -> rows.add(List.of("host CPU µs per operation",
          precise(micros / operations))));
      io.get().process().ifPresent(process -> rows.add(List.of("server process CPU µs per operation",
          precise(process.cpuMicros() / operations))));
      io.get().iowaitShare().ifPresent(share -> rows.add(List.of("iowait share of busy CPU", precise(share))));
    }
    return new Table("I/O and CPU per operation (" + integer(operations) + " operations)", List.of("figure", "value"),
        rows);
  }

  /** Scalars of a JSON section as (key path, value) rows; nested objects and arrays flattened. */
  private static Table flat(String title, JsonNode node) {
    var rows = new ArrayList<List<String>>();
    flatten("", node, rows);
    return new Table(title, List.of("figure", "value"), rows);
  }

  private static void flatten(String prefix, JsonNode node, List<List<String>> rows) {
    if (node.isObject()) {
      node.fields().forEachRemaining(e -> flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(),
          e.getValue(), rows));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        flatten(prefix + "[" + i + "]", node.get(i), rows);
      }
    } else if (!node.isMissingNode()) {
      rows.add(List.of(prefix, node.isNull() ? "unknown" : node.asText()));
    }
  }

  private static String htmlTable(Table table, String heading) {
    var text = new StringBuilder().append('<').append(heading).append('>').append(escape(table.title()))
        .append("</").append(heading).append(">\n");
    if (table.rows().isEmpty()) {
      return text.append("<p>Unknown: not in the result.</p>\n").toString();
    }
    text.append("<table><thead><tr>");
    table.header().forEach(h -> text.append("<th>").append(escape(h)).append("</th>"));
    text.append("</tr></thead><tbody>");
    for (var row : table.rows()) {
      text.append("<tr>");
      row.forEach(c -> text.append("<td>").append(escape(c)).append("</td>"));
      text.append("</tr>");
    }
    return text.append("</tbody></table>\n").toString();
  }

  private static String markdown(List<ReportCell> cells, List<String> warnings, List<Table> figureTables,
      Table speedups, Table loads) {
    var text = new StringBuilder("# ycsb-storage report: ")
        .append(cells.stream().map(ReportCell::studyName).distinct().collect(Collectors.joining(", ")))
        .append("\n\n").append(cells.size()).append(" result files. Charts and per-cell details: index.html.\n\n");
    text.append("## Warnings\n\n");
    if (warnings.isEmpty()) {
      text.append("None: no result is suspect.\n\n");
    } else {
      warnings.forEach(w -> text.append("- ").append(w).append('\n'));
      text.append('\n');
    }
    text.append("## Throughput and latency\n\n");
    figureTables.forEach(t -> text.append(markdownTable(t)));
    text.append("## Speedups\n\n").append(speedups.rows().isEmpty() ? "One device only: nothing to compare.\n\n"
        : markdownTable(speedups));
    text.append("## Loads and sizing\n\n").append(markdownTable(loads));
    return text.toString();
  }

  private static String markdownTable(Table table) {
    var text = new StringBuilder("### ").append(table.title()).append("\n\n");
    text.append("| ").append(String.join(" | ", table.header())).append(" |\n|");
    table.header().forEach(h -> text.append("---|"));
    text.append('\n');
    table.rows().forEach(r -> text.append("| ").append(r.stream().map(c -> c.replace("|", "\\|"))
        .collect(Collectors.joining(" | "))).append(" |\n"));
    return text.append('\n').toString();
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String decimal(double value) {
    return Double.isNaN(value) ? "unknown" : String.format(Locale.ROOT, "%,.1f", value);
  }

  private static String integer(double value) {
    return Double.isNaN(value) ? "unknown" : String.format(Locale.ROOT, "%,.0f", value);
  }

  private static String precise(double value) {
    return Double.isNaN(value) || Double.isInfinite(value) ? "unknown" : String.format(Locale.ROOT, "%.3f", value);
  }

  private static String ratio(double value) {
    return Double.isNaN(value) || Double.isInfinite(value) ? "unknown" : String.format(Locale.ROOT, "%.1f×", value);
  }
}
