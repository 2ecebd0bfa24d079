package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.Result;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Builds the report of a folder of result files: loads them ({@link ReportLoader}), groups and
 * compares them ({@link ReportModel}), draws the charts ({@link ReportCharts}) and writes the page
 * ({@link HtmlRenderer}: {@code index.html}, {@code report.css}, {@code charts/}) and the Markdown
 * summary ({@link MarkdownRenderer}: {@code summary.md}). Not thread-safe.
 */
public final class ReportBuilder {
  /**
   * Where the report went and what it warned about.
   *
   * @param skipped  the files under the results folder that were not read, each with why (also among the warnings)
   * @param headline the report's first section as lines, e.g. {@code ssd vs hdd: workload A uniform, 1.33× memory:
   *                 31.9× throughput, …}; empty with a single device
   */
  public record Report(Path html, Path markdown, int cells, List<String> warnings, List<String> skipped,
      List<String> headline) {
  }

  private final Path results;
  private final Path output;
  /** Reads the collector's time-series files. */
  private final ObjectMapper json = new ObjectMapper();

  public ReportBuilder(Path results, Path output) {
    if (!Files.isDirectory(results)) {
      throw new IllegalArgumentException("no results folder at " + results);
    }
    this.results = results;
    this.output = output;
  }

  public Report write() throws IOException {
    var loaded = ReportLoader.load(results);
    var cells = loaded.cells();
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no result files (schema " + Result.SCHEMA + ") under " + results
          + loaded.skipped().stream().map(w -> "\n  " + w).collect(Collectors.joining()));
    }
    var model = ReportModel.of(results, cells, loaded.skipped());
    Files.createDirectories(output);
    var charts = ReportCharts.draw(model, output, json);
    try (InputStream css = ReportBuilder.class.getResourceAsStream(HtmlRenderer.STYLE_SHEET)) {
      Files.copy(css, output.resolve(HtmlRenderer.STYLE_SHEET), StandardCopyOption.REPLACE_EXISTING);
    }
    var html = Files.writeString(output.resolve("index.html"), HtmlRenderer.render(model, charts, output));
    var markdown = Files.writeString(output.resolve("summary.md"), MarkdownRenderer.render(model, output));
    var headline = ReportTables.headline(model).entrySet().stream()
        .flatMap(pair -> pair.getValue().stream().map(line -> pair.getKey() + ": " + line)).toList();
    return new Report(html, markdown, cells.size(), model.warnings(), loaded.skipped(), headline);
  }
}
