package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.Warmup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * The report's charts, drawn into {@code <output>/charts}: per workload and distribution the
 * throughput bars and the throughput-against-dataset-size lines, the average and p99 latency bars
 * and the percentile distribution; per cell with a time-series file, its I/O and CPU over time, and
 * with a warm-up until steady, its rounds.
 * Immutable once drawn.
 *
 * @param mixes per mix, its charts
 * @param cells per cell id, its time-series charts (absent: no file referenced or found)
 * @param curves per workload family run at several target rates, its latency–throughput curves
 * @param preconditioning per load that preconditioned its device, its rounds ({@link PreconditionFigures})
 * @param lookBack per look-back chart with an earlier study, its throughput and p99 over the studies
 */
record ReportCharts(Map<Mix, MixCharts> mixes, Map<String, List<Image>> cells, List<Image> curves,
    List<Image> preconditioning, Map<LookBack.Chart, List<Image>> lookBack) {
  /** A drawn chart: its path relative to the report, and what it shows. */
  record Image(String file, String alt) {
  }

  /** The charts of one mix; each empty when there was nothing to draw. */
  record MixCharts(Optional<Image> throughputBars, Optional<Image> throughputLines, Optional<Image> averageBars,
      Optional<Image> p99Bars, Optional<Image> percentiles) {
  }

  /** The time-series groups: chart title → the series name endings it shows. */
  private static final Map<String, List<String>> TIME_SERIES = new LinkedHashMap<>();

  static {
    TIME_SERIES.put("IOPS", List.of("r/s", "w/s"));
    TIME_SERIES.put("MB/s", List.of("rkB/s", "wkB/s"));
    TIME_SERIES.put("await (ms)", List.of("r_await", "w_await"));
    TIME_SERIES.put("util (%)", List.of("%util"));
    TIME_SERIES.put("CPU (% of all CPUs)", List.of("cpu user", "cpu system", "cpu iowait"));
  }

  static ReportCharts draw(ReportModel model, Optional<LookBack> lookBack, Path output, ObjectMapper json,
      Consumer<String> progress) throws IOException {
    var folder = Files.createDirectories(output.resolve("charts"));
    var mixes = new LinkedHashMap<Mix, MixCharts>();
    int count = model.aggregates().size();
    for (var mix : model.aggregates().keySet()) {
      progress.accept("charts of " + mix.title() + " (" + (mixes.size() + 1) + " of " + count + ")");
      mixes.put(mix, mixCharts(model, mix, folder));
    }
    progress.accept("time-series charts of the cells");
    var cells = new LinkedHashMap<String, List<Image>>();
    int index = 0;
    for (var cell : model.cells()) {
      index++;
      var images = new ArrayList<Image>();
      var series = cell.timeSeries();
      if (series.isPresent() && Files.isRegularFile(series.get())) {
        images.addAll(timeSeries(cell, TimeSeries.read(series.get(), json), folder, index));
      }
      var steady = cell.result().sections().warmup().flatMap(Warmup::steady);
      if (steady.isPresent()) {
        var png = "cell-" + index + "-steady.png";
        image(Charts.steadyRounds(folder.resolve(png), "Warm-up rounds (" + steady.get().metric() + ")",
            "throughput", "operations per second", steady.get()), png, "warm-up rounds and the steady-state window: " + steady.get().verdict()).ifPresent(images::add);
      }
      if (!images.isEmpty()) {
        cells.put(cell.id(), images);
      }
    }
    var preconditioning = new ArrayList<Image>();
    for (var cell : PreconditionFigures.cells(model)) {
      var done = cell.result().sections().precondition().orElseThrow();
      var png = "cell-" + (model.cells().indexOf(cell) + 1) + "-precondition.png";
      image(Charts.steadyRounds(folder.resolve(png), "Preconditioning: " + PreconditionFigures.title(cell),
          "write rate", done.roundUnit(), done.steady()), png, "preconditioning rounds of "
          + PreconditionFigures.title(cell) + " and the steady-state window: " + done.steady().verdict())
          .ifPresent(preconditioning::add);
    }
    var curves = new ArrayList<Image>();
    for (var family : CapacityFigures.curves(model).entrySet()) {
      var png = family.getKey().slug() + "-latency-throughput.png";
      image(Charts.latencyThroughput(folder.resolve(png), "Latency against throughput: " + family.getKey().title(),
          family.getValue()), png, "p99 and p50 latency against achieved throughput per device and dataset size, "
          + family.getKey().title()).ifPresent(curves::add);
    }
    var history = new LinkedHashMap<LookBack.Chart, List<Image>>();
    if (lookBack.isPresent()) {
      progress.accept("look-back charts over " + lookBack.get().store());
      for (var chart : lookBack.get().charts()) {
        if (chart.lines().stream().anyMatch(LookBack.Line::hasEarlier)) {
          history.put(chart, lookBackCharts(chart, folder));
        }
      }
    }
    return new ReportCharts(mixes, cells, curves, preconditioning, history);
  }

  private static List<Image> lookBackCharts(LookBack.Chart chart, Path folder) throws IOException {
    var name = "lookback-" + chart.mix().slug() + "-" + chart.scale().key().replaceAll("[^A-Za-z0-9.]+", "-");
    var images = new ArrayList<Image>();
    image(Charts.history(folder.resolve(name + "-throughput.png"), "Throughput over studies: " + chart.title(),
        "operations per second", chart.lines(), LookBack.Point::throughput), name + "-throughput.png",
        "throughput per device over the earlier studies and this one, " + chart.title()).ifPresent(images::add);
    image(Charts.history(folder.resolve(name + "-p99.png"), "p99 (worst operation) over studies: "
        + chart.title(), "ms", chart.lines(), p -> p.p99Us() / 1000), name + "-p99.png",
        "p99 latency per device over the earlier studies and this one, " + chart.title()).ifPresent(images::add);
    return images;
  }

  private static MixCharts mixCharts(ReportModel model, Mix mix, Path folder) throws IOException {
    var scales = model.scales(mix);
    var categories = scales.stream().map(Scale::title).toList();
    var name = mix.slug();
    var throughput = perDevice(model, mix, Aggregate::throughput);
    var xTitle = "dataset size (× " + scales.get(0).basis() + ")";
    var caveats = scales.stream().map(scale -> model.withoutVerdict(mix, scale).map(ReportCharts::caveat)).toList();
    var bars = image(Charts.bars(folder.resolve(name + "-throughput.png"), "Throughput: " + mix.title(), xTitle,
        "operations per second", categories, throughput, caveats), name + "-throughput.png",
        "throughput per device and dataset size, " + mix.title());
    var known = scales.stream().filter(s -> s.memoryMultiple().isPresent()).toList();
    var lines = Optional.<Image>empty();
    if (known.size() > 1) {
      var x = known.stream().map(s -> s.memoryMultiple().getAsDouble()).toList();
      lines = image(Charts.lines(folder.resolve(name + "-throughput-by-size.png"),
          "Throughput by dataset size: " + mix.title(), xTitle, "operations per second", x,
          perDevice(model, mix, known, Aggregate::throughput),
          known.stream().map(scale -> model.withoutVerdict(mix, scale).map(ReportCharts::caveat)).toList()),
          name + "-throughput-by-size.png", "throughput against dataset size per device, " + mix.title());
    }
    // runs under a target rate show their intended-time latencies (ReportCell#intendedTime), and say so
    var intended = model.scales(mix).stream().allMatch(scale -> model.devices().stream().allMatch(device ->
        model.aggregate(mix, scale, device.label()).map(Aggregate::intendedTime).orElse(true)));
    var label = intended ? "Intended-time latency" : "Latency";
    var lowerLabel = label.toLowerCase(Locale.ROOT);
    var average = image(Charts.bars(folder.resolve(name + "-latency-avg.png"), "Average " + lowerLabel + ": "
        + mix.title(), xTitle, "ms", categories, perDevice(model, mix, a -> a.averageLatencyUs() / 1000), caveats),
        name + "-latency-avg.png", "average " + lowerLabel + " per device and dataset size, " + mix.title());
    // a p99 from fewer operations than it needs is left out, never drawn
    var p99 = image(Charts.bars(folder.resolve(name + "-latency-p99.png"), "p99 " + lowerLabel + " (worst operation): "
        + mix.title(), xTitle, "ms", categories, perDevice(model, mix, a -> a.supports(99) ? a.p99Us() / 1000
        : Double.NaN), caveats), name + "-latency-p99.png",
        "p99 " + lowerLabel + " per device and dataset size, " + mix.title());
    var distribution = percentileSeries(model, mix);
    var percentiles = image(Charts.latencyPercentiles(folder.resolve(name + "-percentiles.png"),
        label + " percentiles: " + mix.title(), distribution), name + "-percentiles.png",
        lowerLabel + " percentile distribution, " + mix.title());
    return new MixCharts(bars, lines, average, p99, percentiles);
  }

  /**
   * The percentile plot's lines: per dataset size, device and operation, the first repetition's
   * distribution (its first client's, when several ran at once), in the device's colour with one shape per dataset size and operation (the same on
   * every device).
   */
  static List<Charts.PercentileSeries> percentileSeries(ReportModel model, Mix mix) {
    var distribution = new ArrayList<Charts.PercentileSeries>();
    var shapes = new ArrayList<String>();
    for (var scale : model.scales(mix)) {
      for (int i = 0; i < model.devices().size(); i++) {
        var device = model.devices().get(i);
        int color = i;
        model.aggregate(mix, scale, device.label()).ifPresent(aggregate -> {
          var clients = aggregate.repetitionCells().get(0);
          var first = clients.get(0);
          var notes = new ArrayList<String>();
          if (aggregate.repetitions() > 1) {
            notes.add("rep 1");
          }
          if (clients.size() > 1) {
            notes.add("client 1 of " + clients.size());
          }
          var note = notes.isEmpty() ? "" : " (" + String.join(", ", notes) + ")";
          for (var operation : first.operations()) {
            var shape = scale.title() + " " + operation;
            if (!shapes.contains(shape)) {
              shapes.add(shape);
            }
            distribution.add(new Charts.PercentileSeries(device.label() + " " + shape + note, color,
                shapes.indexOf(shape), first.latencyDistribution(operation),
                first.result().summary().measured().get(operation).count(),
                model.withoutVerdict(mix, scale).map(ReportCharts::caveat)));
          }
        });
      }
    }
    return distribution;
  }

  /** The short reasons of a verdict's findings, e.g. {@code CPU-saturated, too few operations}. */
  private static String caveat(Verdict verdict) {
    return String.join(", ", verdict.findings().stream().map(f -> f.reason().label()).distinct().toList());
  }

  private static List<Charts.Series> perDevice(ReportModel model, Mix mix, ToDoubleFunction<Aggregate> figure) {
    return perDevice(model, mix, model.scales(mix), figure);
  }

  /** One series per device (in its column's colour), one value per dataset size; NaN where it did not run. */
  private static List<Charts.Series> perDevice(ReportModel model, Mix mix, List<Scale> scales,
      ToDoubleFunction<Aggregate> figure) {
    var series = new ArrayList<Charts.Series>();
    for (int i = 0; i < model.devices().size(); i++) {
      var device = model.devices().get(i);
      var values = scales.stream().map(scale -> model.aggregate(mix, scale, device.label())
          .map(figure::applyAsDouble).orElse(Double.NaN)).toList();
      series.add(new Charts.Series(device.title(), i, values));
    }
    return series;
  }

  private static List<Image> timeSeries(ReportCell cell, TimeSeries series, Path folder, int index) throws IOException {
    var images = new ArrayList<Image>();
    int n = 0;
    for (var group : TIME_SERIES.entrySet()) {
      var megabytes = group.getKey().equals("MB/s");
      var chosen = new LinkedHashMap<String, List<Double>>();
      series.series().forEach((name, values) -> {
        if (group.getValue().stream().anyMatch(field -> name.equals(field) || name.endsWith(" " + field))) {
          // iostat's kB are KiB; the chart shows MiB/s.
          chosen.put(megabytes ? name.replace("kB/s", "MB/s") : name,
              megabytes ? values.stream().map(v -> v / 1024).toList() : values);
        }
      });
      var png = "cell-" + index + "-" + (++n) + ".png";
      image(Charts.timeSeries(folder.resolve(png), cell.id() + ": " + group.getKey(), group.getKey(),
          series.seconds(), chosen), png, group.getKey()).ifPresent(images::add);
    }
    return images;
  }

  private static Optional<Image> image(boolean drawn, String file, String alt) {
    return drawn ? Optional.of(new Image("charts/" + file, alt)) : Optional.empty();
  }
}
