package io.github.ycsbstorage.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.result.CacheState;
import io.github.ycsbstorage.result.Capacity;
import io.github.ycsbstorage.result.CpuShares;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultWriter;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.store.StoreWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import site.ycsb.Client;

/**
 * Runs a study's cells in {@link StudyPlan} order and writes each cell's result to
 * {@code <study.results>/<study>/<cell>.json}, atomically. A cell whose complete result was produced
 * by the same inputs is kept (resume, {@link Resume}) unless {@code force}; any other cell is redone
 * from scratch. At each change of device or dataset scale the server is (re)started when commands
 * are given (an embedded engine gets an empty folder of its own before its load, {@link EmbeddedEngine}), and with
 * {@code study.cache=cold} restarted and the page cache dropped before every run cell.
 * Not thread-safe; one study process per results folder at a time ({@link StudyLock}).
 */
public final class StudyRunner {
  private final StudySettings study;
  private final Path ycsbHome;
  private final PrintStream out;
  /** Reads YCSB's JSON exports of the clients. */
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param ycsbHome the installation whose {@code bin/ycsb} runs the clients
   * @param out      where progress goes
   */
  public StudyRunner(StudySettings study, Path ycsbHome, PrintStream out) {
    this.study = Objects.requireNonNull(study, "study");
    this.ycsbHome = Objects.requireNonNull(ycsbHome, "ycsbHome");
    this.out = Objects.requireNonNull(out, "out");
    if (!Files.isExecutable(ycsbHome.resolve("bin/ycsb"))) {
      throw new BadInputException("no executable bin/ycsb under " + ycsbHome);
    }
  }

  /**
   * What the first client of each cell will read, level by level ({@code -P} files in order), in run
   * order, so that the whole study's input can be checked before its results folder is made and its
   * first server starts.
   */
  public Map<Cell, List<Properties>> clientInputs() {
    var commands = new CellCommands(study, ycsbHome);
    var inputs = new LinkedHashMap<Cell, List<Properties>>();
    for (var cell : new StudyPlan(study).cells()) {
      var folder = study.resultsDirectory().resolve(cell.id() + ".d").resolve("client0");
      var levels = commands.clientLevels(cell, folder);
      // as the launcher sets it: a binding checks its own properties only when it is the db
      study.bindingClass(ycsbHome).ifPresent(db -> levels.get(levels.size() - 1).setProperty(Client.DB_PROPERTY, db));
      inputs.put(cell, levels);
    }
    return inputs;
  }

  /**
   * Runs every cell not yet complete. A cell whose load failed is not followed by its run cells:
   * they are skipped with the reason.
   *
   * @param force redo every cell, discarding results whose inputs changed
   * @throws io.github.ycsbstorage.config.BadInputException when kept results were produced by other settings
   *     (see {@link Resume}), or another study process runs in the same results folder
   */
  public StudyOutcome run(boolean force) throws IOException, InterruptedException {
    var folder = Files.createDirectories(study.resultsDirectory());
    try (var lock = StudyLock.acquire(folder)) {
      return runLocked(folder, force);
    }
  }

  private StudyOutcome runLocked(Path folder, boolean force) throws IOException, InterruptedException {
    var cells = new StudyPlan(study).cells();
    var commands = new CellCommands(study, ycsbHome);
    var resume = new Resume(cells, folder, commands, force);
    resume.refuseStale();
    resume.notes().forEach(note -> out.println("study: warning: " + note));
    var children = new ChildProcesses();
    var server = new ServerControl(study.serverStart(), study.serverStop(), children, folder.resolve("logs"),
        study.folder());
    var executor = new CellExecutor(study, commands, children, json);
    var progress = new Progress(out, cells.size());
    var overlaps = DeviceOverlap.warnings(study.devices(), new DeviceResolver(HostFiles.live()));
    overlaps.forEach(warning -> out.println("study: warning: " + warning));
    var results = new ArrayList<Path>();
    var failed = new ArrayList<String>();
    var skipped = new ArrayList<String>();
    var failedLoads = new HashMap<String, String>();
    int kept = 0;
    Cell running = null;
    String runningGroup = null;
    try {
      for (int i = 0; i < cells.size(); i++) {
        var cell = cells.get(i);
        var result = folder.resolve(cell.id() + ".json");
        var group = cell.device().name() + "/" + cell.scale().label();
        if (resume.decision(cell) == Resume.Decision.KEEP) {
          results.add(result);
          kept++;
          progress.skipped(cell);
          continue;
        }
        if (failedLoads.containsKey(group)) {
          var reason = "its load " + failedLoads.get(group);
          skipped.add(cell.id() + ": " + reason);
          progress.notRun(cell, reason);
          continue;
        }
        var warnings = new ArrayList<String>(overlaps);
        var groupStarts = !group.equals(runningGroup);
        var cold = study.cache() == CacheState.COLD && cell.phase() == Phase.RUN;
        if (groupStarts || cold) {
          if (running != null) {
            server.stop(running);
          }
          if (cold) {
            server.dropPageCache().ifPresent(warnings::add);
          }
          var engineFolder = commands.engineDirectory(cell);
          if (engineFolder.isPresent() && cell.phase() == Phase.LOAD) {
            EmbeddedEngine.prepareForLoad(engineFolder.get());
          }
          server.start(cell);
          running = cell;
          runningGroup = group;
        }
        progress.starting(cell, (int) cells.stream().skip(i).filter(c -> resume.decision(c) != Resume.Decision.KEEP)
            .count());
        var raw = folder.resolve(cell.id() + ".d");
        deleteRecursively(raw);
        Files.createDirectories(raw);
        long began = System.nanoTime();
        Result document;
        try {
          document = study.capacitySearch().isPresent() && cell.phase() == Phase.RUN
              ? capacity(cell, raw, warnings, executor) : executor.run(cell, raw, warnings);
          ResultWriter.write(result, document);
        } catch (IOException e) {
          throw new IOException(cellFailure(cell, e, results, raw), e);
        }
        results.add(result);
        // after its file: a store that cannot be written stops the study with the cell's result kept
        StoreWriter.addCell(study.store(), document, raw);
        progress.finished(cell, System.nanoTime() - began, document);
        if (document.status() == Status.FAILED || document.status() == Status.INTERRUPTED) {
          var reason = document.status() + document.warnings().stream().findFirst().map(w -> " (" + w + ")").orElse("");
          failed.add(cell.id() + ": " + reason);
          if (cell.phase() == Phase.LOAD) {
            failedLoads.put(group, cell.id() + " " + reason);
          }
        }
      }
      if (running != null) {
        server.stop(running);
      }
    } finally {
      children.close();
    }
    var outcome = new StudyOutcome(results, cells.size(), kept, failed, skipped);
    out.println("study: " + study.name() + (outcome.succeeded() ? " complete: " : " incomplete: ") + cells.size()
        + " cells in " + folder + (outcome.succeeded() ? ""
            : " (" + failed.size() + " failed, " + skipped.size() + " skipped)"));
    return outcome;
  }

  /**
   * Runs {@code cell} as a capacity search ({@link CapacitySearch}), each step in {@code <cell>.d/stepN/}
   * with its own result; the cell's result is that of the highest step that met the objective (of the
   * unthrottled step when none did), with the search in its {@code capacity} section.
   */
  private Result capacity(Cell cell, Path folder, List<String> warnings, CellExecutor executor)
      throws IOException, InterruptedException {
    var search = study.capacitySearch().orElseThrow();
    var objective = search.objective();
    var steps = new ArrayList<Result>();
    var capacity = CapacitySearch.run(search, target -> {
      var step = target > 0 ? cell.withTarget(target) : cell;
      var name = "step" + (steps.size() + 1);
      var stepFolder = Files.createDirectories(folder.resolve(name));
      var result = executor.run(step, stepFolder, warnings);
      ResultWriter.write(stepFolder.resolve("result.json"), result);
      steps.add(result);
      double achieved = result.summary().throughputOpsPerSec().orElse(0);
      // a throttled step is judged without its start (StartTransient); the unthrottled one is not judged
      var judged = target > 0 ? Optional.of(StartTransient.of(stepFolder, result.summary()))
          : Optional.<StartTransient>empty();
      var latency = objective.latencyUs(judged.map(StartTransient::summary).orElse(result.summary()));
      long operations = judged.map(StartTransient::summary).orElse(result.summary()).count();
      boolean enough = operations >= objective.percentile().minimumOperations();
      boolean met = target > 0 && enough && result.status() != Status.FAILED
          && CapacitySearch.met(objective, target, achieved, latency);
      var verdict = target == 0 ? "" : met ? ": met" : enough ? ": missed" : String.format(Locale.ROOT,
          ": not judged, %,d operations after its start are too few for %s (at least %,d; raise"
          + " study.operationcount)", operations, objective.percentile().label(),
          objective.percentile().minimumOperations());
      var excluded = judged.map(j -> String.format(Locale.ROOT, " (%,d operations of its start left out"
          + " of %s)", j.excluded(), objective.percentile().label())).orElse("");
      var cpu = result.sections().io().flatMap(Io::cpu);
      var steal = cpu.map(c -> OptionalDouble.of(c.steal())).orElse(OptionalDouble.empty());
      out.printf(Locale.ROOT, "study:   %s %s: %,.0f ops/s, %s %s%s%s%s%n", name,
          target > 0 ? String.format(Locale.ROOT, "at %,.0f ops/s", target) : "unthrottled", achieved,
          objective.percentile().label(), latency.isPresent()
              ? String.format(Locale.ROOT, latency.getAsDouble() < 1000 ? "%,.3f ms" : "%,.1f ms",
                  latency.getAsDouble() / 1000) : "unknown", excluded, verdict, // sub-millisecond: not 0.0
          cpu.filter(CpuShares::stolen).map(c -> String.format(Locale.ROOT, " (the hypervisor took %.1f %% of the"
              + " CPU time)", c.steal())).orElse(""));
      var ran = new Capacity.Step(target, achieved, latency, met, folder.getFileName().resolve(name)
          .resolve("result.json").toString(), steal);
      return judged.map(j -> ran.withStartExcluded(j.excluded())).orElse(ran);
    });
    int chosen = 0;
    for (int i = 0; i < capacity.steps().size(); i++) {
      var step = capacity.steps().get(i);
      if (step.met() && !step.repeated() && capacity.lastMet().isPresent() && step.target() == capacity.lastMet().getAsDouble()) {
        chosen = i;
      }
    }
    var figures = steps.get(chosen);
    out.println("study:   capacity at " + objective.text() + ": " + capacity.describe());
    return figures.withSections(figures.sections().withCapacity(capacity))
        .asStudyCell(figures.study().orElseThrow().renamed(cell.id()), figures.latency(), figures.clients());
  }

  /**
   * What a cell that could not be written (a full disk) leaves: the cell, the cause, the results that
   * are complete, and the partial client files of the cell (a truncated {@code raw.csv}), named so
   * that none passes for a measurement.
   */
  private static String cellFailure(Cell cell, IOException cause, List<Path> complete, Path raw) {
    var partial = new ArrayList<String>();
    try (Stream<Path> files = Files.walk(raw)) {
      files.filter(Files::isRegularFile).map(Path::toString).sorted().forEach(partial::add);
    } catch (IOException | UncheckedIOException e) {
      partial.add(raw + " (not listed: " + e.getMessage() + ")");
    }
    return "cell " + cell.id() + " could not be completed: " + cause.getMessage() + "; " + complete.size()
        + " cell result(s) complete before it" + (complete.isEmpty() ? "" : " (" + complete.stream()
            .map(p -> p.getFileName().toString()).collect(Collectors.joining(", ")) + ")")
        + "; no result written for it" + (partial.isEmpty() ? "" : "; its partial client files, not a result: "
            + String.join(", ", partial)) + "; the study stopped: free space, then run it again to resume";
  }

  private static void deleteRecursively(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(folder)) {
      for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
