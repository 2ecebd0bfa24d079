package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.study.Cell;
import io.github.ycsbstorage.study.StudySettings;
import io.github.ycsbstorage.study.StudyRunner;
import io.github.ycsbstorage.study.StudySummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
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
    var properties = StudySettings.read(file);
    var home = Home.locate();
    StudySettings study;
    StudyRunner runner;
    try {
      // every misspelt key at once, before a value is looked at
      NamespaceValidator.discover(getClass().getClassLoader()).validateKeys(properties);
      study = StudySettings.load(file, home);
      OutputPaths.checkFolder(StudySettings.RESULTS, study.resultsRoot());
      runner = new StudyRunner(study, home, System.out);
      checkClients(runner.clientInputs());
    } catch (InvalidPropertyException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
    var outcome = runner.run(force);
    StudySummary.print(outcome, System.out);
    var folder = study.resultsDirectory();
    if (!outcome.results().isEmpty()) {
      var written = report == null ? null : new ReportBuilder(folder, report).write();
      var headline = written == null ? headline(folder) : written.headline();
      StudySummary.headline(headline, System.out);
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

  /**
   * Checks what every cell's clients will read as {@code bin/ycsb load|run} checks it, before the results
   * folder is made or a server started: a bad pass-through property fails here with the message the
   * client would give, not in every cell.
   */
  private void checkClients(Map<Cell, List<Properties>> inputs) {
    var warnings = new LinkedHashSet<String>();
    inputs.forEach((cell, levels) -> {
      var use = cell.phase() == Phase.LOAD ? ClientArguments.Command.LOAD : ClientArguments.Command.RUN;
      try {
        warnings.addAll(InputCheck.check(ClientArguments.merge(levels), use));
      } catch (InvalidPropertyException e) {
        throw new IllegalArgumentException(file + ": " + e.getMessage() + " (for the clients of cell " + cell.id() + ")", e);
      }
    });
    warnings.forEach(warning -> System.err.println("study: warning: " + file + ": " + warning));
  }
}
