package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultWriter;
import io.github.ycsbstorage.result.StudyCell;
import io.github.ycsbstorage.store.Column;
import io.github.ycsbstorage.store.RegressionCheck;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.RunFilter;
import io.github.ycsbstorage.store.Selection;
import io.github.ycsbstorage.store.StoreSettings;
import io.github.ycsbstorage.store.StoredRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * {@code bin/ycsb results list|show|compare|check|export}: reads the results store that every phase and
 * study cell adds its row to ({@code docs/results-store.md}). Each subcommand returns its exit status.
 */
@Command(name = "results", mixinStandardHelpOptions = true,
    subcommands = {ResultsCommand.ListRuns.class, ResultsCommand.Show.class, ResultsCommand.Compare.class,
        ResultsCommand.CheckRuns.class, ResultsCommand.Export.class},
    description = "List, show, compare, check and export the results store's runs.")
final class ResultsCommand {
  @Option(names = "--store", scope = ScopeType.INHERIT, paramLabel = "FILE|URL",
      description = "the results store (default: $" + StoreSettings.ENVIRONMENT + ", else ~/.ycsb-storage/results.db)")
  String store;

  /** The store named by {@code --store}, which must exist. */
  ResultsStore open() throws IOException {
    var settings = StoreSettings.parse(Optional.ofNullable(store));
    Check.input(settings.location().isPresent(), "--store", store, "a results store's file or URL", "the store is off");
    return ResultsStore.openExisting(settings.location().get());
  }

  /** {@code results list}: one line per stored phase or cell, oldest first. */
  @Command(name = "list", mixinStandardHelpOptions = true, description = "One line per stored phase or cell.")
  static final class ListRuns implements Callable<Integer> {
    private static final List<Column> SHOWN = List.of(Column.STARTED_AT, Column.KIND, Column.STATUS, Column.PHASE,
        Column.STUDY, Column.CELL, Column.DEVICE, Column.BINDING, Column.WORKLOAD, Column.THREADS,
        Column.THROUGHPUT_OPS, Column.P99_US);

    @ParentCommand
    ResultsCommand parent;
    @Option(names = "--device", description = "a part of the device's name or label")
    String device;
    @Option(names = "--binding", description = "a part of the binding's class name, e.g. rocksdb")
    String binding;
    @Option(names = "--workload", description = "a part of the workload's name")
    String workload;
    @Option(names = "--study", description = "the study's name")
    String study;
    @Option(names = "--since", paramLabel = "TIME", description = "started at or after, e.g. 2026-01-31T00:00:00Z")
    String since;
    @Option(names = "--until", paramLabel = "TIME", description = "started before")
    String until;

    @Override
    public Integer call() throws IOException {
      var filter = new RunFilter(Optional.ofNullable(device), Optional.ofNullable(binding),
          Optional.ofNullable(workload), Optional.ofNullable(study), instant("--since", since), instant("--until", until));
      try (var store = parent.open()) {
        var runs = store.list(filter);
        var rows = new ArrayList<List<String>>();
        var header = new ArrayList<>(List.of("id"));
        SHOWN.forEach(c -> header.add(c.sqlName()));
        rows.add(header);
        for (var run : runs) {
          var row = new ArrayList<>(List.of(Long.toString(run.id())));
          SHOWN.forEach(c -> row.add(cell(run, c)));
          rows.add(row);
        }
        printTable(System.out, rows);
        System.out.println(runs.size() + (runs.size() == 1 ? " run" : " runs") + " in " + store.location());
      }
      return ExitStatus.SUCCESS.code();
    }

    private static String cell(StoredRun run, Column column) {
      var value = run.values().get(column);
      if (value == null) {
        return "-";
      }
      if (column == Column.BINDING) {
        var name = value.toString();
        return name.substring(name.lastIndexOf('.') + 1);
      }
      return value instanceof Double d ? String.format(Locale.ROOT, "%.1f", d) : value.toString();
    }

    private static void printTable(PrintStream out, List<List<String>> rows) {
      var widths = new int[rows.get(0).size()];
      rows.forEach(row -> {
        for (int i = 0; i < row.size(); i++) {
          widths[i] = Math.max(widths[i], row.get(i).length());
        }
      });
      for (var row : rows) {
        var line = new StringBuilder();
        for (int i = 0; i < row.size(); i++) {
          line.append(String.format(Locale.ROOT, "%-" + widths[i] + "s", row.get(i))).append(i + 1 < row.size() ? "  " : "");
        }
        out.println(line.toString().stripTrailing());
      }
    }
  }

  /** {@code results show ID}: the stored result file, or one of its HdrHistogram logs. */
  @Command(name = "show", mixinStandardHelpOptions = true,
      description = "Print a stored run's result file (JSON), or with --hdr one of its HdrHistogram logs.")
  static final class Show implements Callable<Integer> {
    @ParentCommand
    ResultsCommand parent;
    @Parameters(paramLabel = "ID", description = "a run id as `results list` shows it")
    String id;
    @Option(names = "--hdr", paramLabel = "OPERATION", description = "the HdrHistogram interval log of e.g. READ")
    String operation;

    @Override
    public Integer call() throws IOException {
      var selection = Selection.parse("ID", id);
      Check.input(selection.id().isPresent(), "ID", id, "a run id as `results list` shows it (e.g. 12)");
      try (var store = parent.open()) {
        var result = store.select(selection).get(0);
        if (operation == null) {
          System.out.println(new String(ResultWriter.toBytes(result), StandardCharsets.UTF_8));
          return ExitStatus.SUCCESS.code();
        }
        var logs = store.hdrLogs(selection.id().getAsLong());
        Check.input(logs.containsKey(operation), "--hdr", operation, logs.isEmpty()
            ? "an operation with a log; run " + id + " has none (YCSB's hdrhistogram.fileoutput was off)"
            : "one of " + String.join(", ", logs.keySet()));
        System.out.print(logs.get(operation));
      }
      return ExitStatus.SUCCESS.code();
    }
  }

  /**
   * {@code results compare A B}: two studies as the report judges them (each device of each study a
   * column of its own); two runs, or a run and a study, figure by figure.
   */
  @Command(name = "compare", mixinStandardHelpOptions = true,
      description = "Compare two studies (the report's verdicts) or two runs (throughput and p99 figure by figure).")
  static final class Compare implements Callable<Integer> {
    @ParentCommand
    ResultsCommand parent;
    @Parameters(index = "0", paramLabel = "A", description = "a run id or study:<name>")
    String first;
    @Parameters(index = "1", paramLabel = "B", description = "a run id or study:<name>")
    String second;

    @Override
    public Integer call() throws IOException {
      var a = Selection.parse("A", first);
      var b = Selection.parse("B", second);
      try (var store = parent.open()) {
        var left = store.select(a);
        var right = store.select(b);
        if (a.study().isPresent() && b.study().isPresent()) {
          var lines = verdicts(List.of(a, b), List.of(left, right));
          lines.forEach(System.out::println);
        } else {
          RegressionCheck.of(left, right, Double.parseDouble(CheckRuns.THROUGHPUT_TOLERANCE_PERCENT) / 100,
              Double.parseDouble(CheckRuns.LATENCY_TOLERANCE_PERCENT) / 100).lines().forEach(System.out::println);
        }
      }
      return ExitStatus.SUCCESS.code();
    }

    /**
     * The report's verdict lines over both studies' cells, each device named after its study ({@code
     * study:a/ssd}) so that the report compares every device of both: its headline, word for word.
     */
    private static List<String> verdicts(List<Selection> selections, List<List<Result>> results) throws IOException {
      var folder = Files.createTempDirectory("ycsb-results-compare");
      try {
        for (int side = 0; side < 2; side++) {
          var sideFolder = Files.createDirectories(folder.resolve("side" + side));
          for (var result : results.get(side)) {
            var cell = result.study().orElseThrow();
            var label = selections.get(side).text() + "/" + cell.device().name();
            var relabelled = new StudyCell(cell.name(), cell.cell(), cell.index(), new StudyCell.Device(label,
                cell.device().dataPath()), cell.scale(), cell.workload(), cell.distribution(), cell.repetition(),
                cell.cache(), cell.clients(), cell.threadcount(), cell.target(), cell.clientCpuUtilization(),
                cell.sumOfClientThroughputsOpsPerSec(), cell.inputs());
            ResultWriter.write(sideFolder.resolve(cell.cell() + ".json"), result.asStudyCell(relabelled,
                result.latency(), result.clients()));
          }
        }
        var headline = ReportBuilder.lines(folder).headline();
        return headline.isEmpty() ? List.of("no comparison: the studies share no workload, distribution and size")
            : headline;
      } finally {
        try (Stream<Path> files = Files.walk(folder)) {
          for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(file);
          }
        }
      }
    }
  }

  /** {@code results check --baseline A --candidate B}: exit 1 on a regression beyond the noise. */
  @Command(name = "check", mixinStandardHelpOptions = true,
      description = "Exit 1 when the candidate's throughput or p99 is worse than the baseline's beyond the noise.")
  static final class CheckRuns implements Callable<Integer> {
    static final String THROUGHPUT_TOLERANCE_PERCENT = "10";
    static final String LATENCY_TOLERANCE_PERCENT = "25";

    @ParentCommand
    ResultsCommand parent;
    @Option(names = "--baseline", required = true, paramLabel = "A", description = "a run id or study:<name>")
    String baseline;
    @Option(names = "--candidate", required = true, paramLabel = "B", description = "a run id or study:<name>")
    String candidate;
    @Option(names = "--tolerance", paramLabel = "PERCENT", defaultValue = THROUGHPUT_TOLERANCE_PERCENT,
        description = "how far throughput may fall, in %% (default: ${DEFAULT-VALUE})")
    double tolerance;
    @Option(names = "--latency-tolerance", paramLabel = "PERCENT", defaultValue = LATENCY_TOLERANCE_PERCENT,
        description = "how far a p99 may rise, in %% (default: ${DEFAULT-VALUE})")
    double latencyTolerance;

    @Override
    public Integer call() throws IOException {
      Check.input(tolerance >= 0 && tolerance < 100, "--tolerance", Double.toString(tolerance), "0 to 99.9");
      Check.input(latencyTolerance >= 0, "--latency-tolerance", Double.toString(latencyTolerance), "0 or more");
      var a = Selection.parse("--baseline", baseline);
      var b = Selection.parse("--candidate", candidate);
      try (var store = parent.open()) {
        var outcome = RegressionCheck.of(store.select(a), store.select(b), tolerance / 100, latencyTolerance / 100);
        outcome.lines().forEach(System.out::println);
        System.out.println(outcome.regressions() == 0 ? "check: no regression" : "check: " + outcome.regressions()
            + (outcome.regressions() == 1 ? " regression" : " regressions"));
        return outcome.regressions() == 0 ? ExitStatus.SUCCESS.code() : ExitStatus.FAILED.code();
      }
    }
  }

  /** {@code results export}: every stored phase and cell as CSV, one row each. */
  @Command(name = "export", mixinStandardHelpOptions = true, description = "Every stored run as CSV, one row each.")
  static final class Export implements Callable<Integer> {
    @ParentCommand
    ResultsCommand parent;
    @Option(names = {"-o", "--output"}, paramLabel = "FILE|URL", description = "the CSV file (default: standard output)")
    String output;

    @Override
    public Integer call() throws IOException {
      var text = new StringBuilder("id");
      for (var column : Column.values()) {
        text.append(',').append(column.sqlName());
      }
      text.append('\n');
      try (var store = parent.open()) {
        for (var run : store.list(RunFilter.ALL)) {
          text.append(run.id());
          for (var column : Column.values()) {
            text.append(',').append(csv(run.text(column).orElse("")));
          }
          text.append('\n');
        }
      }
      if (output == null) {
        System.out.print(text);
      } else {
        Files.writeString(OutputPaths.checkFile("-o", output), text);
      }
      return ExitStatus.SUCCESS.code();
    }

    /** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
    private static String csv(String field) {
      return field.contains(",") || field.contains("\"") || field.contains("\n") || field.contains("\r")
          ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
    }
  }

  private static Optional<Instant> instant(String option, String text) {
    if (text == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(text));
    } catch (DateTimeParseException e) {
      throw new InvalidPropertyException(option, text,
          "an ISO-8601 instant, e.g. 2026-01-31T00:00:00Z");
    }
  }
}
