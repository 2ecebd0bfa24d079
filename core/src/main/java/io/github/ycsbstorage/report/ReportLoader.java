package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the result files below a folder: every {@code *.json} of the result schema, except the raw
 * client outputs in {@code <cell>.d/} and hidden files, in study order (study, folder, run order, id).
 * A file that cannot be read, is not JSON (e.g. truncated) or is JSON of another program is skipped
 * with a warning that names it and says why, so that one bad file does not stop the report (so is a
 * {@code *.json} that is no regular file: a FIFO, a device, a folder);
 * ycsb-storage's own other files (time series) are skipped quietly.
 *
 * <p>A capacity search's cell ({@code study.slo}) holds the figures of its chosen step, a rate it was
 * held to; the report reads it as its unthrottled first step ({@code <cell>.d/step1/result.json}) with
 * the cell's {@code capacity} section: its throughput, latencies, I/O and the verdicts on them are the
 * device's at saturation, like every other cell's, and its capacity is reported beside them (a ratio of
 * two throttled rates would be the ratio of the rates the search chose). A cell whose first step is
 * missing is skipped with that reason. Stateless.
 */
final class ReportLoader {
  /**
   * What was found.
   *
   * @param skipped the files that were not read, each with why
   */
  record Loaded(List<ReportCell> cells, List<String> skipped) {
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private ReportLoader() {
  }

  static Loaded load(Path results) throws IOException {
    var cells = new ArrayList<ReportCell>();
    var skipped = new ArrayList<String>();
    var foreign = new ArrayList<Path>();
    try (Stream<Path> files = Files.walk(results)) {
      for (var file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
        if (results.relativize(file).toString().contains(".d/") || file.getFileName().toString().startsWith(".")) {
          continue;
        }
        if (!Files.isRegularFile(file)) {
          // a FIFO would block the read forever, a device would be read as content
          skipped.add("skipped " + file + ": not a regular file");
          continue;
        }
        try {
          var result = ResultReader.readIfResult(file);
          if (result.isPresent()) {
            cells.add(new ReportCell(file, unthrottled(file, result.get())));
          } else if (!ownCompanion(file)) {
            foreign.add(file);
          }
        } catch (ResultReader.ResultFormatException e) {
          skipped.add("skipped " + e.getMessage());
        } catch (IOException e) {
          skipped.add("skipped " + file + ": unreadable (" + e.getMessage() + ")");
        }
      }
    }
    // A time-series file that a result names is its companion, whatever its format.
    var companions = cells.stream().map(ReportCell::timeSeries).flatMap(Optional::stream)
        .map(p -> p.toAbsolutePath().normalize()).toList();
    foreign.stream().filter(file -> !companions.contains(file.toAbsolutePath().normalize())).forEach(file ->
        skipped.add("skipped " + file + ": not a result file (no \"schema\": \"" + Result.SCHEMA + "\")"));
    // Studies of one name in several folders (the demo's, one per device) stay apart.
    cells.sort(Comparator.comparing(ReportCell::studyName).thenComparing(c -> c.file().getParent().toString())
        .thenComparingInt(ReportCell::index).thenComparing(ReportCell::id));
    return new Loaded(cells, skipped);
  }

  /** A capacity search's cell as its unthrottled step, with its capacity section; any other result as it is. */
  private static Result unthrottled(Path file, Result result) throws IOException {
    var capacity = result.sections().capacity();
    if (capacity.isEmpty()) {
      return result;
    }
    var step = file.resolveSibling(capacity.get().unthrottled().cell());
    if (!Files.isRegularFile(step)) {
      throw new IOException("its unthrottled step's result " + step + " is missing: a capacity cell is compared"
          + " by that step's figures");
    }
    var first = ResultReader.read(step);
    return first.withSections(first.sections().withCapacity(capacity.get()));
  }

  /** Whether a JSON file that is no result is another file of ours, e.g. the collector's time series. */
  private static boolean ownCompanion(Path file) throws IOException {
    return JSON.readTree(file.toFile()).path("schema").asText().startsWith("ycsb-storage-");
  }
}
