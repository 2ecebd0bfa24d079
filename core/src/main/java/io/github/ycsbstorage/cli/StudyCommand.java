package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.study.Cell;
import io.github.ycsbstorage.study.StudyRunner;
import io.github.ycsbstorage.study.StudySettings;
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
import picocli.CommandLine.ParentCommand;

/**
 * {@code bin/ycsb study <file> [--force] [--report DIR]}: runs every cell of a study file not yet
 * complete, then prints a summary (cells, failures, headline speedups) and the report command, or
 * writes the report.
 */
@Command(name = "study", mixinStandardHelpOptions = true,
    description = "Run a storage study (docs/study.md); completed cells are skipped.")
final class StudyCommand implements Callable<Integer> {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "FILE", description = "the study file (properties)")
  Path file;

  @Option(names = "--report", paramLabel = "DIR", description = "also write the report (bin/ycsb report) to DIR")
  Path report;

  @Option(names = "--force", description = "redo every cell, discarding results made by other settings")
  boolean force;

  @Override
  public Integer call() throws Exception {
    Check.input(Files.isRegularFile(file) && Files.isReadable(file),
        "FILE", file.toString(), "a readable study file (properties)",
        Files.exists(file) ? "not a readable file" : "no such file");
    if (report != null) {
      OutputPaths.checkFolder("--report", report);
    }
    var properties = StudySettings.read(file);
    var home = Home.locate(main.environment());
    StudySettings study;
    StudyRunner runner;
    try {
      // every misspelt key at once, before a value is looked at
      NamespaceValidator.discover(getClass().getClassLoader()).validateKeys(properties);
      study = StudySettings.load(file, home);
      checkDevices(study);
      checkInstallation(study);
      OutputPaths.checkFolder(StudySettings.RESULTS, study.resultsRoot());
      runner = new StudyRunner(study, home, System.out);
      checkClients(runner.clientInputs());
      ResultsStoreCheck.check(study.store());
    } catch (InvalidPropertyException e) {
      throw new BadInputException(file + ": " + e.getMessage(), e);
    }
    var outcome = runner.run(force);
    StudySummary.print(outcome, System.out);
    var folder = study.resultsDirectory();
    if (!outcome.results().isEmpty()) {
      var written = report == null ? null
          : new ReportBuilder(folder, report).write(step -> System.out.println("study: report: " + step));
      var lines = written == null ? lines(folder) : written.lines();
      StudySummary.report(lines.preconditioning(), lines.headline(), System.out);
      if (written != null) {
        System.out.println("study: report " + written.html().toAbsolutePath());
      }
    }
    if (report == null) {
      System.out.println("study: the report: bin/ycsb report " + folder);
    }
    // Every cell ran or was skipped; a failed cell and those that depend on it fail the study.
    return (outcome.succeeded() ? ExitStatus.SUCCESS : ExitStatus.FAILED).code();
  }

  /** The report's lines; none when no result the report can read was written (it says why when asked). */
  private static ReportBuilder.Lines lines(Path folder) throws IOException {
    try {
      return ReportBuilder.lines(folder);
    } catch (IllegalArgumentException e) {
      return new ReportBuilder.Lines(List.of(), List.of());
    }
  }

  /**
   * A device's data path must be a folder, or one to be made in an existing folder: a study makes at
   * most the data folder itself (when it starts a server), never a mount point it was not given
   * ({@code /mnt/hdd} missing on this host), and a regular file there is no device folder.
   */
  private static void checkDevices(StudySettings study) {
    for (var device : study.devices()) {
      var path = device.dataPath();
      var given = device.name() + "=" + path;
      var accepted = "name=datapath entries whose datapath is a folder, or one to create in an existing folder";
      Check.input(!Files.exists(path) || Files.isDirectory(path),
          StudySettings.DEVICES, given, accepted, path + " is not a folder");
      Check.input(Files.exists(path) || path.getParent() != null && Files.isDirectory(path.getParent()),
          StudySettings.DEVICES, given, accepted,
          "no folder " + path.getParent() + " (is the device mounted?)");
    }
  }

  /**
   * What {@code bin/ycsb} checks before each cell's client starts, checked once here: the oraclenosql
   * binding runs with the kvclient.jar of {@code KVHOME}.
   */
  private void checkInstallation(StudySettings study) {
    if (!study.binding().equals("oraclenosql")) {
      return;
    }
    var kvhome = main.environment().get("KVHOME");
    var accepted = "an Oracle NoSQL installation: the folder that holds lib/kvclient.jar";
    Check.input(kvhome != null && !kvhome.isBlank(),
        "KVHOME", null, accepted, "the oraclenosql binding runs with its kvclient.jar");
    Check.input(Files.isReadable(Path.of(kvhome, "lib", "kvclient.jar")),
        "KVHOME", kvhome, accepted, "it holds no lib/kvclient.jar");
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
        throw new BadInputException(file + ": " + e.getMessage() + " (for the clients of cell " + cell.id() + ")", e);
      }
    });
    warnings.forEach(warning -> System.err.println("study: warning: " + file + ": " + warning));
  }
}
