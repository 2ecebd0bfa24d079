package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.ResultReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds the result files below a folder: every {@code *.json} of the result schema, except the raw
 * client outputs in {@code <cell>.d/} and hidden files, in study order (study, folder, run order, id).
 * Stateless.
 */
final class ReportLoader {
  private ReportLoader() {
  }

  static List<ReportCell> load(Path results) throws IOException {
    var cells = new ArrayList<ReportCell>();
    try (Stream<Path> files = Files.walk(results)) {
      for (var file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
        if (results.relativize(file).toString().contains(".d/") || file.getFileName().toString().startsWith(".")) {
          continue;
        }
        ResultReader.readIfResult(file).ifPresent(result -> cells.add(new ReportCell(file, result)));
      }
    }
    // Studies of one name in several folders (the demo's, one per device) stay apart.
    cells.sort(Comparator.comparing(ReportCell::studyName).thenComparing(c -> c.file().getParent().toString())
        .thenComparingInt(ReportCell::index).thenComparing(ReportCell::id));
    return cells;
  }
}
