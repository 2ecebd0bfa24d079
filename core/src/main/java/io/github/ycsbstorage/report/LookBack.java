package io.github.ycsbstorage.report;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.store.Column;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.RunFilter;
import io.github.ycsbstorage.store.StoreException;
import io.github.ycsbstorage.store.StoreLocation;
import io.github.ycsbstorage.store.StoredRun;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The report's look back ({@code bin/ycsb report --look-back N}): per workload, distribution and
 * dataset size of this study's runs, each device's throughput and p99 in the last {@code N} earlier
 * studies of a results store, then in this one. An earlier study (told by its name; one whose name
 * is reused counts once, with its cells as last stored) is one that started before this one's cells, and counts only where its run cells
 * agree with this study's on every column of {@link #SAME}: the same device label and model (a disk
 * swapped under its label is another line), binding, workload, distribution, record count, threads,
 * clients and target. Each point is a study's {@link Aggregate} of those cells (each cell as last
 * stored), figured as the report figures this study's. Immutable.
 *
 * @param store  the results store it was read from
 * @param depth  how many earlier studies at most, per line
 * @param charts per mix and dataset size of this study, one line per device
 */
record LookBack(StoreLocation store, int depth, List<Chart> charts) {
  /** What an earlier cell must share with this study's to be on its line. */
  static final List<Column> SAME = List.of(Column.DEVICE, Column.DEVICE_MODEL, Column.BINDING, Column.WORKLOAD,
      Column.DISTRIBUTION, Column.RECORD_COUNT, Column.THREADS, Column.CLIENTS, Column.TARGET);

  LookBack {
    charts = List.copyOf(charts);
  }

  /**
   * A study's figures on one device's line.
   *
   * @param p99Us NaN when the report would not state it (too few operations, several clients)
   */
  record Point(String study, Instant started, double throughput, double p99Us, boolean current) {
  }

  /**
   * One device's line, in its column's colour.
   *
   * @param model the device model the line is for; empty where the results carry none
   */
  record Line(String device, int color, Optional<String> model, List<Point> points) {
    Line {
      points = List.copyOf(points);
    }

    /** Whether an earlier study is on it: a line of this study alone has nothing to look back on. */
    boolean hasEarlier() {
      return points.stream().anyMatch(p -> !p.current());
    }
  }

  /** The lines of one mix and dataset size. */
  record Chart(Mix mix, Scale scale, List<Line> lines) {
    Chart {
      lines = List.copyOf(lines);
    }

    String title() {
      return mix.title() + ", " + scale.title();
    }
  }

  /** The look back of this study's run cells over {@code depth} earlier studies in {@code store}. */
  static LookBack of(ReportModel model, ResultsStore store, int depth) throws StoreException {
    Check.argument(depth > 0, "look back over at least one study");
    var stored = store.list(RunFilter.ALL).stream()
        .filter(run -> run.text(Column.KIND).equals(Optional.of("cell")) && run.text(Column.PHASE).equals(Optional.of("run")))
        .toList();
    var charts = new ArrayList<Chart>();
    for (var mix : model.aggregates().keySet()) {
      for (var scale : model.scales(mix)) {
        var lines = new ArrayList<Line>();
        for (int color = 0; color < model.devices().size(); color++) {
          var device = model.devices().get(color).label();
          var current = model.aggregate(mix, scale, device);
          if (current.isPresent()) {
            lines.add(line(current.get(), color, stored, store, depth));
          }
        }
        charts.add(new Chart(mix, scale, lines));
      }
    }
    return new LookBack(store.location(), depth, charts);
  }

  private static Line line(Aggregate current, int color, List<StoredRun> stored, ResultsStore store, int depth)
      throws StoreException {
    var first = current.cells().get(0);
    var same = new LinkedHashMap<Column, Object>();
    SAME.forEach(column -> same.put(column, column.of(first.result())));
    var started = current.cells().stream().map(c -> c.result().startedAt()).min(Comparator.naturalOrder()).orElseThrow();
    var study = first.studyName();
    // per earlier study, its cells as last stored (a resumed or repeated study stores a cell again)
    var byStudy = new LinkedHashMap<String, Map<String, StoredRun>>();
    for (var run : stored) {
      var name = run.text(Column.STUDY).orElse("");
      if (run.text(Column.STARTED_AT).map(Instant::parse).orElseThrow().isBefore(started)
          && same.entrySet().stream().allMatch(e -> Objects.equals(e.getValue(), run.values().get(e.getKey())))) {
        byStudy.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(run.text(Column.CELL).orElseThrow(), run);
      }
    }
    // the last studies only are read in full: a store of years holds many
    var last = byStudy.entrySet().stream()
        .sorted(Comparator.comparing((Map.Entry<String, Map<String, StoredRun>> e) -> firstStart(e.getValue().values())))
        .skip(Math.max(0, byStudy.size() - depth)).toList();
    var points = new ArrayList<Point>();
    for (var entry : last) {
      var cells = new ArrayList<ReportCell>();
      for (var run : entry.getValue().values()) {
        // where it was read from: the store's file, or its URL with the password masked
        cells.add(new ReportCell(Path.of(store.location().toString()), store.result(run.id()).orElseThrow()));
      }
      points.add(point(entry.getKey(), new Aggregate(current.device(), current.mix(), current.scale(), cells), false));
    }
    points.add(point(study, current, true));
    return new Line(current.device(), color, Optional.ofNullable((String) same.get(Column.DEVICE_MODEL)), points);
  }

  private static Instant firstStart(Collection<StoredRun> runs) {
    return runs.stream().map(run -> Instant.parse(run.text(Column.STARTED_AT).orElseThrow())).min(Comparator.naturalOrder())
        .orElseThrow();
  }

  private static Point point(String study, Aggregate aggregate, boolean current) {
    var started = aggregate.cells().stream().map(c -> c.result().startedAt()).min(Comparator.naturalOrder()).orElseThrow();
    return new Point(study, started, aggregate.throughput(), aggregate.supports(99) ? aggregate.p99Us() : Double.NaN,
        current);
  }
}
