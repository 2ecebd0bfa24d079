package io.github.ycsbstorage.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.ResultWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Runs a study's cells in {@link StudyPlan} order and writes each cell's result to
 * {@code <study.results>/<study>/<cell>.json}, atomically. A cell whose result exists is complete
 * and skipped (resume) unless {@code force}; a cell without one is redone from scratch. For each
 * (device, dataset scale) the server is (re)started when commands are given, and with
 * {@code study.cache=cold} restarted and the page cache dropped before every run cell.
 * Not thread-safe: one runner per study at a time.
 */
public final class StudyRunner {
  private final StudyDefinition study;
  private final Path ycsbHome;
  private final PrintStream out;
  /** Reads YCSB's JSON exports of the clients. */
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param ycsbHome the installation whose {@code bin/ycsb} runs the clients
   * @param out      where progress goes
   */
  public StudyRunner(StudyDefinition study, Path ycsbHome, PrintStream out) {
    this.study = Objects.requireNonNull(study, "study");
    this.ycsbHome = Objects.requireNonNull(ycsbHome, "ycsbHome");
    this.out = Objects.requireNonNull(out, "out");
    if (!Files.isExecutable(ycsbHome.resolve("bin/ycsb"))) {
      throw new IllegalArgumentException("no executable bin/ycsb under " + ycsbHome);
    }
  }

  /**
   * Runs every cell not yet complete.
   *
   * @return the result files of all cells, in run order
   */
  public List<Path> run(boolean force) throws IOException, InterruptedException {
    var cells = new StudyPlan(study).cells();
    var folder = Files.createDirectories(study.resultsDirectory());
    var children = new ChildProcesses();
    var server = new ServerControl(study.serverStart(), study.serverStop(), children, folder.resolve("logs"),
        study.folder());
    var executor = new CellExecutor(study, ycsbHome, children, json);
    var progress = new Progress(out, cells.size());
    var overlaps = DeviceOverlap.warnings(study.devices(), new DeviceResolver(HostFiles.live()));
    overlaps.forEach(warning -> out.println("study: warning: " + warning));
    var results = new ArrayList<Path>();
    Cell running = null;
    String runningGroup = null;
    try {
      for (int i = 0; i < cells.size(); i++) {
        var cell = cells.get(i);
        var result = folder.resolve(cell.id() + ".json");
        results.add(result);
        if (Files.exists(result) && !force) {
          progress.skipped(cell);
          continue;
        }
        var warnings = new ArrayList<String>(overlaps);
        var group = cell.device().name() + "/" + cell.scale().label();
        var groupStarts = !group.equals(runningGroup);
        var cold = study.cache() == StudyDefinition.Cache.COLD && cell.phase() == Phase.RUN;
        if (groupStarts || cold) {
          if (running != null) {
            server.stop(running);
          }
          if (cold) {
            server.dropPageCache().ifPresent(warnings::add);
          }
          server.start(cell);
          running = cell;
          runningGroup = group;
        }
        progress.starting(cell, (int) cells.stream().skip(i).filter(c -> force
            || !Files.exists(folder.resolve(c.id() + ".json"))).count());
        var raw = folder.resolve(cell.id() + ".d");
        deleteRecursively(raw);
        Files.createDirectories(raw);
        long began = System.nanoTime();
        var document = executor.run(cell, raw, warnings);
        ResultWriter.write(result, document);
        progress.finished(cell, System.nanoTime() - began, document.summary().throughputOpsPerSec().orElse(Double.NaN));
      }
      if (running != null) {
        server.stop(running);
      }
    } finally {
      children.close();
    }
    out.println("study: " + study.name() + " complete: " + cells.size() + " cells in " + folder);
    return results;
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
