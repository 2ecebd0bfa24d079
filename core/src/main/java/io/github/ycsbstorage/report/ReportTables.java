package io.github.ycsbstorage.report;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Sizing;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The report's text, the same for HTML and Markdown: the headline lines, the tables per workload
 * and distribution with one column per device, the per-cell and load tables, and a cell's details.
 * Figures are rounded and carry their units. Stateless.
 */
final class ReportTables {
  static final String CPU_FLAG = "CPU-saturated: measured CPU, not storage";
  /** How a comparison without a verdict begins in the headline. */
  static final String NO_VERDICT = "no verdict";
  /**
   * The label of latencies measured from each operation's intended start under a target rate
   * (coordinated omission corrected): shown first, before the service times.
   */
  static final String INTENDED = "intended-time";

  private ReportTables() {
  }

  /**
   * The headline: one line per comparison, the verdicts first (a measured difference with its interval,
   * then no difference measurable), then those without a verdict, e.g.
   * {@code ssd vs hdd, workload A uniform, 1.33× RAM: 31.9× throughput (30.2–33.6× over 5 × 5 repetitions), …},
   * {@code fast vs slow, workload C uniform, 8× cache: at least 120.3× throughput (the lowest ratio over 2 × 2
   * repetitions; a lower bound: fast was held up by CPU: …)}
   * and {@code no verdict: disk vs ram, workload C uniform, 0.5× cache: the engine's cache served the
   * reads, not the device (0.004 cache misses per operation on disk); remedy: a dataset beyond the
   * engine's cache}. The report, {@code bin/ycsb study} and the demo print these lines.
   */
  static List<String> headline(ReportModel model) {
    var lines = new ArrayList<String>(model.headline().stream().map(ReportTables::verdictLine).toList());
    lines.addAll(CapacityFigures.lines(model));
    // judged lines first, then those without a verdict, as the page lists them
    return lines.stream().sorted(java.util.Comparator.comparing((String line) -> line.startsWith(NO_VERDICT))).toList();
  }

  /** One verdict as the headline words it. */
  static String verdictLine(Verdict verdict) {
    var c = verdict.comparison();
    var subject = c.first().device() + " vs " + c.second().device() + ", " + c.first().mix().title() + ", "
        + c.first().scale().title() + ": ";
    var interval = verdict.interval();
    return switch (verdict.kind()) {
      case NONE -> NO_VERDICT + ": " + subject + verdict.findings().stream().map(f -> f.reason().text() + " ("
          + f.detail() + "; remedy: " + f.reason().remedy() + ")").collect(java.util.stream.Collectors.joining("; "));
      case NO_DIFFERENCE -> subject + "no difference measurable (throughput ratio " + range(interval.orElseThrow())
          + " includes 1)" + verdict.findings().stream().map(f -> "; " + f.reason().text() + " (" + f.detail() + ")")
          .collect(java.util.stream.Collectors.joining());
      case DIFFERENCE -> subject + Format.ratio(c.throughputSpeedup()) + " throughput (" + range(interval.orElseThrow())
          + ")" + latencies(c);
      case AT_LEAST -> subject + "at least " + Format.ratio(interval.orElseThrow().low()) + " throughput (the lowest "
          + "ratio over " + interval.orElseThrow().firstRepetitions() + " × " + interval.orElseThrow().secondRepetitions()
          + " repetitions; a lower bound: " + c.first().device() + " was held up by CPU: "
          + verdict.findings().stream().map(Verdict.Finding::detail).collect(java.util.stream.Collectors.joining("; "))
          + ")";
    };
  }

  /**
   * E.g. {@code 0.93–1.08× over 2 × 2 repetitions}, {@code 30.2–33.6× over 3 × 3 repetitions}: the
   * interval {@link Verdict.Interval} defines, to two decimals below 10 (whether it includes 1 shows).
   */
  static String range(Verdict.Interval interval) {
    return bound(interval.low()) + "–" + bound(interval.high()) + "× over " + interval.firstRepetitions() + " × "
        + interval.secondRepetitions() + " repetitions";
  }

  private static String bound(double ratio) {
    return String.format(Locale.ROOT, ratio < 10 ? "%.2f" : "%.1f", ratio);
  }

  /** The latency ratios after a throughput ratio; the p99 one only where every run supports a p99. */
  private static String latencies(Comparison c) {
    return ", " + (c.p99Supported() ? lower(c.p99Ratio()) : SampleSize.TOO_FEW) + latencyLabel(c.intendedTime())
        + " p99 latency" + (c.p99Supported() ? "" : " (under " + Format.count(SampleSize.needed(99))
        + " operations in a run)") + ", " + lower(c.averageLatencyRatio()) + latencyLabel(c.intendedTime())
        + " average latency";
  }

  /** {@code " intended-time"} before the latencies of runs under a target rate, which are that. */
  static String latencyLabel(boolean intended) {
    return intended ? " " + INTENDED : "";
  }

  /** {@code 30.7× lower}, or {@code 1.2× higher} when the first device's latency was the higher one. */
  private static String lower(double ratio) {
    if (!Double.isFinite(ratio)) {
      return Format.UNKNOWN;
    }
    return ratio >= 1 ? Format.ratio(ratio) + " lower" : Format.ratio(1 / ratio) + " higher";
  }

  /** Throughput of each device (columns) at each dataset size (rows), with min–max and CV over repetitions. */
  static Table throughput(ReportModel model, Mix mix) {
    return perDevice(model, mix, "Throughput: " + mix.title(), a -> Format.throughput(a.throughput())
        + (a.repetitions() > 1 ? String.format(Locale.ROOT, " (%s–%s, CV %s, %d reps)",
        Format.throughput(a.minThroughput()).replace(" ops/s", ""), Format.throughput(a.maxThroughput())
            .replace(" ops/s", ""), Format.percent(a.throughputCv()), a.repetitions()) : "")
        + (a.cpuSaturated() > 0 ? " (CPU-saturated)" : ""));
  }

  /**
   * Average and p99 latency of each device (columns) at each dataset size (rows); under a target rate
   * the intended-time figures first, then the service times.
   */
  static Table latency(ReportModel model, Mix mix) {
    return perDevice(model, mix, "Latency: " + mix.title(), a -> a.intendedTime()
        ? INTENDED + " avg " + Format.latency(a.averageLatencyUs()) + ", p99 " + p99(a, a.p99Us())
            + " (service time avg " + Format.latency(a.serviceAverageLatencyUs()) + ", p99 "
            + p99(a, a.serviceP99Us()) + ")"
        : "avg " + Format.latency(a.averageLatencyUs()) + ", p99 " + p99(a, a.p99Us()));
  }

  /** A p99 where every run of the aggregate supports one, else {@link SampleSize#TOO_FEW}. */
  private static String p99(Aggregate aggregate, double micros) {
    return aggregate.supports(99) ? Format.latency(micros) : SampleSize.TOO_FEW;
  }

  private static Table perDevice(ReportModel model, Mix mix, String title, Function<Aggregate, String> cell) {
    var header = new ArrayList<>(List.of("dataset"));
    model.devices().forEach(d -> header.add(d.title()));
    var rows = new ArrayList<List<String>>();
    for (var scale : model.scales(mix)) {
      var row = new ArrayList<>(List.of(scale.title()));
      model.devices().forEach(d -> row.add(model.aggregate(mix, scale, d.label()).map(cell).orElse("not run")));
      rows.add(row);
    }
    return new Table(title, header, rows);
  }

  /** A look-back chart's points: per device, each study in time order, this study last and marked. */
  static Table lookBack(LookBack.Chart chart) {
    var rows = new ArrayList<List<String>>();
    for (var line : chart.lines()) {
      for (var point : line.points()) {
        rows.add(List.of(line.device() + line.model().map(model -> " (" + model.strip() + ")").orElse(" (model unknown)"),
            point.study() + (point.current() ? " (this study)" : ""),
            point.started().truncatedTo(ChronoUnit.SECONDS).toString(),
            Format.throughput(point.throughput()), Format.latency(point.p99Us())));
      }
    }
    return new Table("Looking back: " + chart.title(), List.of("device", "study", "started", "throughput", "p99"), rows);
  }

  /** One row per run cell, linked to its result file (relative to the report folder). */
  static Table cells(ReportModel model, Path output) {
    var rows = new ArrayList<List<String>>();
    var links = new ArrayList<Optional<String>>();
    for (var cell : model.cells()) {
      if (cell.isLoad()) {
        continue;
      }
      rows.add(List.of(cell.id(), cell.device(), Mix.of(cell).title(), cell.scaleTitle(),
          Integer.toString(cell.repetition()), cell.result().status().label(), Format.throughput(cell.throughput()),
          Format.latency(cell.averageLatencyUs()) + latencyLabel(cell.intendedTime()),
          (cell.supports(99) ? Format.latency(cell.worstP99Us()) : SampleSize.TOO_FEW)
              + latencyLabel(cell.intendedTime()), Format.count(cell.errors()),
          cell.cpuSaturated().map(s -> s ? "yes" : "no").orElse(Format.UNKNOWN)));
      links.add(Optional.of(relative(output, cell.file())));
    }
    return new Table("Runs", List.of("cell (raw JSON)", "device", "workload", "dataset", "rep", "status",
        "throughput", "avg latency", "p99 latency (worst op)", "errors", "CPU saturated"), rows, links);
  }

  /** One row per load: records, throughput, the plan and what it achieved on storage. */
  static Table loads(ReportModel model, Path output) {
    var rows = new ArrayList<List<String>>();
    var links = new ArrayList<Optional<String>>();
    for (var cell : model.cells()) {
      if (!cell.isLoad()) {
        continue;
      }
      var sizing = cell.result().sections().sizing();
      rows.add(List.of(cell.id(), cell.device(), cell.scaleTitle(), Format.count(cell.result().summary().count()),
          Format.throughput(cell.throughput()),
          sizing.map(s -> ByteSize.ofBytes(s.expectedBytes()).toString()).orElse(Format.UNKNOWN),
          sizing.flatMap(Sizing::achieved).map(a -> a.bytes().isPresent()
              ? ByteSize.ofBytes(a.bytes().getAsLong()) + (a.ofPlan().isPresent()
              ? String.format(Locale.ROOT, " (%.2f× the plan)", a.ofPlan().getAsDouble()) : "")
              : "unknown: " + a.reason().orElse("not measured")).orElse(Format.UNKNOWN)));
      links.add(Optional.of(relative(output, cell.file())));
    }
    return new Table("Loads and sizing", List.of("cell (raw JSON)", "device", "dataset", "records", "throughput",
        "planned dataset", "achieved on storage"), rows, links);
  }

  /** The devices behind a cell's data path, one row each. */
  static Table devices(ReportCell cell) {
    var rows = new ArrayList<List<String>>();
    for (var entry : cell.dataDevices()) {
      var device = entry.device();
      rows.add(List.of(device.name(), device.type().label(), text(device.model()),
          device.sizeBytes().map(bytes -> ByteSize.ofBytes(bytes).toString()).orElse(Format.UNKNOWN),
          text(device.scheduler()), device.rotational().map(rotational -> rotational + (device.rotationalTrusted()
              ? "" : " (untrusted: " + text(device.rotationalNote()) + ")")).orElse(Format.UNKNOWN),
          entry.probe().map(ReportTables::probe).orElse("not run"), text(Optional.ofNullable(entry.path()))));
    }
    return new Table("Devices", List.of("device", "type", "model", "size", "scheduler", "rotational",
        "read probe", "data path"), rows);
  }

  /** E.g. {@code flash, 12,555 random reads/s}. */
  private static String probe(io.github.ycsbstorage.result.ProbeResult probe) {
    return probe.inferredMedium().orElse(probe.inconclusive().isPresent() ? "inconclusive (contended host)"
        : "medium unknown") + (probe.randomReadIops().isPresent()
        ? String.format(Locale.ROOT, ", %,.0f random reads/s", probe.randomReadIops().getAsDouble()) : "");
  }

  /**
   * I/O and CPU per operation, from the collector's totals over the phase and the operations YCSB
   * counted (CLEANUP excluded). The collector's window starts and ends with the phase, so the
   * figures include what the server did for the phase beyond the measured operations (e.g. flushes).
   */
  static Table perOperation(ReportCell cell) {
    double operations = cell.result().summary().count();
    var rows = new ArrayList<List<String>>();
    var io = cell.result().sections().io();
    if (operations > 0 && io.isPresent()) {
      io.get().devices().forEach((device, totals) -> {
        rows.add(List.of(device + " I/Os per operation", Format.precise((totals.reads() + totals.writes())
            / operations)));
        rows.add(List.of(device + " kB read+written per operation",
            Format.precise((totals.readBytes() + totals.writtenBytes()) / 1024.0 / operations)));
      });
      io.get().withOperations(new OperationCount((long) operations, "the result's summary")).perOperation()
          .ifPresent(figures -> {
            figures.cpuMicros().ifPresent(micros -> rows.add(List.of("host CPU µs per operation",
                Format.precise(micros))));
            var process = io.get().process().map(Io.ProcessTotals::role).orElse(Io.ProcessTotals.Role.SERVER).noun();
            figures.serverCpuMicros().ifPresent(micros -> rows.add(List.of(process + " CPU µs per operation",
                Format.precise(micros))));
            figures.serverIoBytes().ifPresent(bytes -> rows.add(List.of(process + " storage kB per operation",
                Format.precise(bytes / 1024))));
          });
      io.get().iowaitShare().ifPresent(share -> rows.add(List.of("iowait share of busy CPU", Format.percent(share))));
    }
    return new Table("I/O and CPU per operation (" + Format.count((long) operations) + " operations)",
        List.of("figure", "value"), rows);
  }

  /** Each operation type's latency figures: its intended-time ones first, when recorded. */
  static Table operations(ReportCell cell) {
    var rows = new ArrayList<List<String>>();
    cell.result().summary().measured().forEach((name, figures) -> {
      figures.intended().ifPresent(intended -> rows.add(operationRow(name + " (" + INTENDED + ")", intended,
          figures.errors())));
      rows.add(operationRow(figures.intended().isPresent() ? name + " (service time)" : name, figures,
          figures.errors()));
    });
    return new Table("Operations", List.of("operation", "count", "avg", "p50", "p95", "p99", "p99.9", "errors"), rows);
  }

  /** Whether a table shows {@link SampleSize#TOO_FEW} somewhere and needs its note. */
  static boolean hasTooFew(Table table) {
    return table.rows().stream().anyMatch(row -> row.stream().anyMatch(cell -> cell.contains(SampleSize.TOO_FEW)));
  }

  private static List<String> operationRow(String name, OperationFigures figures, long errors) {
    return List.of(name, Format.count(figures.count()),
        latency(figures, f -> f.averageUs().isPresent() ? f.averageUs().getAsDouble() : Double.NaN),
        percentile(figures, 50, figures.p50Us()), percentile(figures, 95, figures.p95Us()),
        percentile(figures, 99, figures.p99Us()), percentile(figures, 99.9, figures.p999Us()), Format.count(errors));
  }

  /** A percentile where the operation count supports it, else {@link SampleSize#TOO_FEW}. */
  private static String percentile(OperationFigures figures, double percentile, java.util.OptionalLong micros) {
    return SampleSize.supports(figures.count(), percentile) ? Format.latency(value(micros)) : SampleSize.TOO_FEW;
  }

  private static String latency(OperationFigures figures, java.util.function.ToDoubleFunction<OperationFigures> f) {
    return Format.latency(f.applyAsDouble(figures));
  }

  private static double value(java.util.OptionalLong value) {
    return value.isPresent() ? value.getAsLong() : Double.NaN;
  }

  private static String text(Optional<String> value) {
    return value.map(String::strip).orElse(Format.UNKNOWN);
  }

  /** A result file's path from the report folder, with forward slashes for links. */
  static String relative(Path output, Path file) {
    return output.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString()
        .replace('\\', '/');
  }
}
