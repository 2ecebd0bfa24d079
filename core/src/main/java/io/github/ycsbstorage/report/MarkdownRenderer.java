package io.github.ycsbstorage.report;

import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * The report as Markdown ({@code summary.md}): the headline, the throughput and latency tables, the
 * runs and loads with their result files linked, and the warnings; charts and cell details are in
 * {@code index.html}. Stateless.
 */
final class MarkdownRenderer {
  private MarkdownRenderer() {
  }

  static String render(ReportModel model, Path output) {
    var text = new StringBuilder("# ycsb-storage report: ").append(model.title()).append("\n\n")
        .append(model.cells().size()).append(" result files. Charts and per-cell details: index.html.\n\n")
        .append("Devices: ").append(model.devices().stream().map(DeviceColumn::title)
            .collect(Collectors.joining(" · "))).append("\n\n");
    text.append("## Which device, and by how much\n\n");
    var headline = ReportTables.headline(model);
    if (headline.isEmpty()) {
      text.append("One device only: nothing to compare.\n\n");
    }
    headline.forEach(line -> text.append("- ").append(line).append('\n'));
    text.append(headline.isEmpty() ? "" : "\n");
    var capacity = CapacityFigures.table(model);
    if (capacity.isPresent()) {
      text.append("## Load against latency\n\n").append(table(capacity.get()));
      CapacityFigures.startTransient(model).ifPresent(note -> text.append(note).append("\n\n"));
    }
    var preconditioning = PreconditionFigures.lines(model);
    if (!preconditioning.isEmpty()) {
      text.append("## Preconditioning\n\n");
      preconditioning.forEach(line -> text.append("- ").append(line).append('\n'));
      text.append('\n');
    }
    text.append("## Throughput\n\n");
    model.aggregates().keySet().forEach(mix -> text.append(table(ReportTables.throughput(model, mix))));
    text.append("## Latency\n\n");
    model.aggregates().keySet().forEach(mix -> {
      var latency = ReportTables.latency(model, mix);
      text.append(table(latency)).append(ReportTables.hasTooFew(latency) ? SampleSize.note() + "\n\n" : "");
    });
    text.append("## Runs\n\n").append(table(ReportTables.cells(model, output)));
    text.append("## Loads and sizing\n\n").append(table(ReportTables.loads(model, output)));
    text.append("## Warnings\n\n");
    if (model.warnings().isEmpty()) {
      text.append("None: no result is suspect.\n");
    } else {
      model.warnings().forEach(w -> text.append("- ").append(w).append('\n'));
    }
    return text.toString();
  }

  private static String table(Table table) {
    var text = new StringBuilder("### ").append(table.title()).append("\n\n");
    text.append("| ").append(String.join(" | ", table.header().stream().map(MarkdownRenderer::cell).toList()))
        .append(" |\n|");
    table.header().forEach(h -> text.append("---|"));
    text.append('\n');
    for (int i = 0; i < table.rows().size(); i++) {
      var cells = table.rows().get(i).stream().map(MarkdownRenderer::cell).collect(Collectors.toList());
      var link = table.link(i);
      if (link.isPresent()) {
        cells.set(0, "[" + cells.get(0) + "](" + link.get() + ")");
      }
      text.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
    return text.append('\n').toString();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
