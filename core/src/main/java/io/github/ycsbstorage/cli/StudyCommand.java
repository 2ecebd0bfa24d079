package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.study.StudySettings;
import io.github.ycsbstorage.study.StudyRunner;
import io.github.ycsbstorage.study.StudySummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/ycsb study <file> [--force] [--report DIR]}: runs every cell of a study file not yet
 * complete, then prints a summary (cells, failures, headline speedups) and the report command, or
 * writes the report.
 */
@Command(name = "study", mixinStandardHelpOptions = true,
    description = "Run a storage study (docs/study.md); completed cells are skipped.")
final class StudyCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the study file (properties)")
  Path file;

  @Option(names = "--report", paramLabel = "DIR", description = "also write the report (bin/ycsb report) to DIR")
  Path report;

  @Option(names = "--force", description = "redo every cell, discarding results made by other settings")
  boolean force;

  @Override
  public Integer call() throws Exception {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new InvalidPropertyException("FILE", file.toString(), "a readable study file (properties)",
          Files.exists(file) ? "not a readable file" : "no such file");
    }
    if (report != null) {
      OutputPaths.checkFolder("--report", report);
    }
    NamespaceValidator.discover(getClass().getClassLoader()).validate(StudySettings.read(file));
    var home = Home.locate();
    var study = StudySettings.load(file, home);
    var outcome = new StudyRunner(study, home, System.out).run(force);
    StudySummary.print(outcome, System.out);
    var folder = study.resultsDirectory();
    if (!outcome.results().isEmpty()) {
      var written = report == null ? null : new ReportBuilder(folder, report).write();
      var headline = written == null ? headline(folder) : written.headline();
      headline.forEach(line -> System.out.println("study: headline: " + line));
      if (written != null) {
        System.out.println("study: report " + written.html().toAbsolutePath());
      }
    }
    if (report == null) {
      System.out.println("study: the report: bin/ycsb report " + folder);
    }
    // Every cell ran or was skipped; a failed cell and those that depend on it fail the study.
    return outcome.succeeded() ? 0 : 1;
  }

  /** The report's headline; none when no result the report can read was written (it says why when asked). */
  private static List<String> headline(Path folder) throws IOException {
    try {
      return ReportBuilder.headline(folder);
    } catch (IllegalArgumentException e) {
      return List.of();
    }
  }
}
