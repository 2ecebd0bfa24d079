package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.StoreLocation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
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
   * @param lines    what a study prints of it when it ends
   */
  public record Report(Path html, Path markdown, int cells, List<String> warnings, List<String> skipped,
      Lines lines) {
  }

  /**
   * The report's lines that a study prints when it ends, word for word as the report has them.
   *
   * @param preconditioning one per load that preconditioned its device ({@link PreconditionFigures#lines})
   * @param headline        the report's first section as lines, each comparison's verdict
   *                        ({@link ReportTables#headline}), verdicts first, then those without one; empty
   *                        with a single device
   */
  public record Lines(List<String> preconditioning, List<String> headline) {
    static Lines of(ReportModel model) {
      return new Lines(PreconditionFigures.lines(model), ReportTables.headline(model));
    }
  }

  private final Path results;
  private final Path output;
  /** Reads the collector's time-series files. */
  private final ObjectMapper json = new ObjectMapper();

  /** The results store to look back into, and over how many earlier studies; empty: no look back. */
  private Optional<StoreLocation> store = Optional.empty();
  private int depth;

  public ReportBuilder(Path results, Path output) {
    if (!Files.isDirectory(results)) {
      throw new BadInputException("no results folder at " + results);
    }
    this.results = results;
    this.output = output;
  }

  /**
   * Adds the look back ({@link LookBack}): each device's throughput and p99 over the last {@code depth}
   * earlier studies in the results store {@code store}, which must exist.
   */
  public ReportBuilder lookBack(StoreLocation store, int depth) {
    Check.argument(depth > 0, "look back over at least one study");
    this.store = Optional.of(store);
    this.depth = depth;
    return this;
  }

  public Report write() throws IOException {
    return write(step -> { });
  }

  /**
   * Writes the report, telling {@code progress} each step as it starts (drawing the charts of a
   * large study takes minutes on a busy machine).
   */
  public Report write(Consumer<String> progress) throws IOException {
    var loaded = ReportLoader.load(results);
    var model = model(results, loaded);
    progress.accept("read " + loaded.cells().size() + " results from " + results);
    var lookBack = Optional.<LookBack>empty();
    if (store.isPresent()) {
      progress.accept("looking back over " + depth + " earlier studies in " + store.get());
      try (var opened = ResultsStore.openExisting(store.get())) {
        lookBack = Optional.of(LookBack.of(model, opened, depth));
      }
    }
    Files.createDirectories(output);
    var charts = ReportCharts.draw(model, lookBack, output, json, progress);
    progress.accept("writing " + output.resolve("index.html"));
    try (InputStream css = ReportBuilder.class.getResourceAsStream(HtmlRenderer.STYLE_SHEET)) {
      Files.copy(css, output.resolve(HtmlRenderer.STYLE_SHEET), StandardCopyOption.REPLACE_EXISTING);
    }
    var html = Files.writeString(output.resolve("index.html"), HtmlRenderer.render(model, charts, lookBack, output));
    var markdown = Files.writeString(output.resolve("summary.md"), MarkdownRenderer.render(model, output));
    return new Report(html, markdown, loaded.cells().size(), model.warnings(), loaded.skipped(), Lines.of(model));
  }

  /**
   * The report's lines over a folder of result files, without writing the report: what a study
   * prints when it ends, computed as the report computes it.
   */
  public static Lines lines(Path results) throws IOException {
    return Lines.of(model(results, ReportLoader.load(results)));
  }

  private static ReportModel model(Path results, ReportLoader.Loaded loaded) {
    if (loaded.cells().isEmpty()) {
      throw new BadInputException("no result files (schema " + Result.SCHEMA + ") under " + results
          + loaded.skipped().stream().map(w -> "\n  " + w).collect(Collectors.joining()));
    }
    return ReportModel.of(results, loaded.cells(), loaded.skipped());
  }

}
