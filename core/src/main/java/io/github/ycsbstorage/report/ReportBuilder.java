package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.Result;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Builds the report of a folder of result files: loads them ({@link ReportLoader}), groups and
 * compares them ({@link ReportModel}), draws the charts ({@link ReportCharts}) and writes the page
 * ({@link HtmlRenderer}: {@code index.html}, {@code report.css}, {@code charts/}) and the Markdown
 * summary ({@link MarkdownRenderer}: {@code summary.md}). Not thread-safe.
 */
public final class ReportBuilder {
  /** Where the report went and what it warned about. */
  public record Report(Path html, Path markdown, int cells, List<String> warnings) {
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
    var cells = ReportLoader.load(results);
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no result files (schema " + Result.SCHEMA + ") under " + results);
    }
    var model = ReportModel.of(results, cells);
    Files.createDirectories(output);
    var charts = ReportCharts.draw(model, output, json);
    try (InputStream css = ReportBuilder.class.getResourceAsStream(HtmlRenderer.STYLE_SHEET)) {
      Files.copy(css, output.resolve(HtmlRenderer.STYLE_SHEET), StandardCopyOption.REPLACE_EXISTING);
    }
    var html = Files.writeString(output.resolve("index.html"), HtmlRenderer.render(model, charts, output));
    var markdown = Files.writeString(output.resolve("summary.md"), MarkdownRenderer.render(model, output));
    return new Report(html, markdown, cells.size(), model.warnings());
  }
}
