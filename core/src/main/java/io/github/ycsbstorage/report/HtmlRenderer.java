package io.github.ycsbstorage.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The report as one static page ({@code index.html}, no scripts, charts as PNG beside it, styles in
 * {@code report.css}), in the order a reader asks: which device and by how much (headline), throughput,
 * latency, every run with its raw result linked, loads, warnings, then each cell's details. Stateless.
 */
final class HtmlRenderer {
  /** The style sheet the page links to, shipped as a resource beside this class. */
  static final String STYLE_SHEET = "report.css";

  private HtmlRenderer() {
  }

  static String render(ReportModel model, ReportCharts charts, Optional<LookBack> lookBack, Path output) {
    var html = new HtmlWriter();
    html.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>ycsb-storage report: "
        + HtmlWriter.escape(model.title()) + "</title><link rel=\"stylesheet\" href=\"" + STYLE_SHEET
        + "\"></head><body>\n");
    html.heading(1, "top", "ycsb-storage report: " + model.title());
    html.text("p", model.cells().size() + " result files from " + model.results() + ".");
    html.open("p", "devices").raw("Devices: " + HtmlWriter.escape(String.join(" · ",
        model.devices().stream().map(DeviceColumn::title).toList()))).close("p");
    headline(html, model);
    capacity(html, model, charts);
    preconditioning(html, model, charts);
    html.heading(2, "throughput", "Throughput");
    for (var mix : model.aggregates().keySet()) {
      html.table(ReportTables.throughput(model, mix), 3);
      var mixCharts = charts.mixes().get(mix);
      images(html, List.of(mixCharts.throughputBars(), mixCharts.throughputLines()));
    }
    html.heading(2, "latency", "Latency");
    for (var mix : model.aggregates().keySet()) {
      var latency = ReportTables.latency(model, mix);
      html.table(latency, 3);
      if (ReportTables.hasTooFew(latency)) {
        html.text("p", SampleSize.note());
      }
      var mixCharts = charts.mixes().get(mix);
      images(html, List.of(mixCharts.averageBars(), mixCharts.p99Bars(), mixCharts.percentiles()));
    }
    lookBack.ifPresent(back -> lookBack(html, back, charts));
    html.heading(2, "runs", "Runs");
    html.table(ReportTables.cells(model, output), 3);
    html.heading(2, "loads", "Loads and sizing");
    html.table(ReportTables.loads(model, output), 3);
    html.heading(2, "warnings", "Warnings");
    if (model.warnings().isEmpty()) {
      html.text("p", "None: no result is suspect.");
    } else {
      html.list(model.warnings(), "warnings");
    }
    html.heading(2, "cells", "Cell details");
    for (var cell : model.cells()) {
      details(html, cell, charts, output);
    }
    return html.raw("</body></html>\n").toString();
  }

  /** The verdicts, then the comparisons without one, each with its reason ({@link ReportTables#headline}). */
  private static void headline(HtmlWriter html, ReportModel model) {
    html.heading(2, "headline", "Which device, and by how much");
    if (model.verdicts().isEmpty()) {
      html.text("p", "One device only: nothing to compare.");
      return;
    }
    var lines = ReportTables.headline(model);
    var judged = lines.stream().filter(line -> !line.startsWith(ReportTables.NO_VERDICT)).toList();
    html.text("h3", "Verdicts");
    if (judged.isEmpty()) {
      html.text("p", "None: no comparison's figures support a statement about the devices (see below).");
    } else {
      html.list(judged, "headline");
    }
    var none = lines.subList(judged.size(), lines.size());
    if (!none.isEmpty()) {
      html.text("h3", "No verdict");
      html.list(none.stream().map(line -> line.substring(ReportTables.NO_VERDICT.length() + 2)).toList(), "no-verdict");
    }
    html.open("p", null).raw("How verdicts are judged: docs/report.md; all warnings: ").link("#warnings", "Warnings")
        .raw(".").close("p");
  }

  /** Each device's figures over the earlier studies of the results store, per mix and dataset size. */
  private static void lookBack(HtmlWriter html, LookBack lookBack, ReportCharts charts) {
    html.heading(2, "look-back", "Looking back");
    html.text("p", "Each device's throughput and p99 in the last " + lookBack.depth() + " earlier studies of "
        + lookBack.store() + " that ran it with the same device label and model, binding, workload, distribution,"
        + " record count, threads, clients and target, figured as this report figures its own; this study is the"
        + " point marked \"this study\".");
    for (var chart : lookBack.charts()) {
      var images = charts.lookBack().get(chart);
      if (images == null) {
        html.text("p", chart.title() + ": no earlier study in the store matches.");
        continue;
      }
      html.table(ReportTables.lookBack(chart), 3);
      html.open("div", "charts");
      images.forEach(html::image);
      html.close("div");
    }
  }

  /** Capacity at the latency objective and latency against throughput, where the study measured them. */
  private static void capacity(HtmlWriter html, ReportModel model, ReportCharts charts) {
    var table = CapacityFigures.table(model);
    if (table.isEmpty() && charts.curves().isEmpty()) {
      return;
    }
    html.heading(2, "capacity", "Load against latency");
    if (!CapacityFigures.lines(model).isEmpty()) {
      html.open("p", null).raw("The comparisons of capacities are judged in the ").link("#headline", "headline")
          .raw(".").close("p");
    }
    table.ifPresent(t -> html.table(t, 3));
    CapacityFigures.startTransient(model).ifPresent(note -> html.text("p", note));
    html.open("div", "charts");
    charts.curves().forEach(html::image);
    html.close("div");
  }

  /** Each preconditioned device's rounds, where loads preconditioned ({@link PreconditionFigures}). */
  private static void preconditioning(HtmlWriter html, ReportModel model, ReportCharts charts) {
    var lines = PreconditionFigures.lines(model);
    if (lines.isEmpty()) {
      return;
    }
    html.heading(2, "preconditioning", "Preconditioning");
    html.text("p", "Before the runs, these loads preconditioned their devices (storage.precondition), each"
        + " until its write rate was steady or as far as it was asked to go (its verdict says which); none of it"
        + " is in any measured figure.");
    html.list(lines, "headline");
    html.open("div", "charts");
    charts.preconditioning().forEach(html::image);
    html.close("div");
  }

  private static void images(HtmlWriter html, List<Optional<ReportCharts.Image>> images) {
    html.open("div", "charts");
    images.forEach(image -> image.ifPresent(html::image));
    html.close("div");
  }

  private static void details(HtmlWriter html, ReportCell cell, ReportCharts charts, Path output) {
    html.open("details", null).text("summary", cell.id() + " — " + Format.throughput(cell.throughput())
        + ", status " + cell.result().status().label());
    html.open("p", null).link(ReportTables.relative(output, cell.file()), "raw result (JSON)").close("p");
    var suspicions = Suspicions.of(cell);
    if (!suspicions.isEmpty()) {
      html.list(suspicions.stream().map(Suspicions.Suspicion::text).toList(), "warnings");
    }
    cell.result().sections().sizing().ifPresent(sizing -> html.text("p", "Sizing plan: " + sizing.plan()));
    cell.result().sections().precondition().ifPresent(done -> html.text("p", "Preconditioning ("
        + done.requested() + "): " + done.summary() + ", in " + String.format(Locale.ROOT, "%.1f s", done.seconds())
        + "; not in the load's figures"));
    var operations = ReportTables.operations(cell);
    html.table(operations, 4);
    if (ReportTables.hasTooFew(operations)) {
      html.text("p", SampleSize.note());
    }
    if (cell.dataDevices().isEmpty()) {
      html.text("h4", "Devices").text("p", "No device inventory in this result (collector not run).");
    } else {
      html.table(ReportTables.devices(cell), 4);
    }
    html.table(ReportTables.perOperation(cell), 4);
    html.text("h4", "Time series");
    var images = charts.cells().get(cell.id());
    if (images != null) {
      html.open("div", "charts");
      images.forEach(html::image);
      html.close("div");
    } else {
      html.text("p", "No time-series file" + cell.timeSeries().map(p -> " (" + p + " is missing)")
          .orElse(" referenced") + ".");
    }
    html.close("details");
  }
}
