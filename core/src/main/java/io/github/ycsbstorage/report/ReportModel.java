package io.github.ycsbstorage.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What the report says, before it is drawn: the results grouped by workload and distribution
 * ({@link Mix}), dataset size ({@link Scale}) and device, each device's figures over its repetitions
 * ({@link Aggregate}), every pair of devices compared where both ran, and the warnings about the
 * comparison and about single cells. Rendered by {@link HtmlRenderer} and {@link MarkdownRenderer}.
 * Immutable.
 *
 * @param title       the studies' names, or a description of standalone results
 * @param results     the folder the results were read from
 * @param cells       every result, loads included, in study order
 * @param devices     device columns, in the order the results first name them
 * @param aggregates  mix → dataset size → device label → its figures
 * @param comparisons per device pair (faster one first over the whole report), per mix and dataset size
 * @param verdicts    each comparison's judgement, in the comparisons' order
 * @param quality     warnings about the comparison as a whole
 * @param suspicions  files that were skipped, then warnings about single cells, each text once with the
 *                    cells it concerns
 */
record ReportModel(String title, Path results, List<ReportCell> cells, List<DeviceColumn> devices,
    Map<Mix, Map<Scale, Map<String, Aggregate>>> aggregates, List<Comparison> comparisons, List<Verdict> verdicts,
    List<String> quality, List<String> suspicions) {

  static ReportModel of(Path results, List<ReportCell> cells) {
    return of(results, cells, List.of());
  }

  /** The model of the cells, with the files that were skipped among the warnings. */
  static ReportModel of(Path results, List<ReportCell> cells, List<String> skipped) {
    var runs = cells.stream().filter(c -> !c.isLoad()).toList();
    var byDevice = new LinkedHashMap<String, List<ReportCell>>();
    cells.forEach(c -> byDevice.computeIfAbsent(c.device(), k -> new ArrayList<>()).add(c));
    var devices = byDevice.entrySet().stream().map(e -> DeviceColumn.of(e.getKey(), e.getValue())).toList();

    var grouped = new TreeMap<Mix, Map<Scale, Map<String, List<ReportCell>>>>();
    for (var cell : runs) {
      grouped.computeIfAbsent(Mix.of(cell), k -> new TreeMap<>()).computeIfAbsent(Scale.of(cell), k -> new TreeMap<>())
          .computeIfAbsent(cell.device(), k -> new ArrayList<>()).add(cell);
    }
    // Sections in the order the mixes first ran (a study's workload order: the demo runs its read-only
    // workload first so that its comparison is the report's first chart), alphabetical among equals.
    var firstRun = new HashMap<Mix, java.time.Instant>();
    runs.forEach(cell -> firstRun.merge(Mix.of(cell), cell.result().startedAt(),
        (a, b) -> a.isBefore(b) ? a : b));
    var aggregates = new TreeMap<Mix, Map<Scale, Map<String, Aggregate>>>(
        Comparator.comparing((Mix mix) -> firstRun.get(mix)).thenComparing(Comparator.<Mix>naturalOrder()));
    grouped.forEach((mix, scales) -> scales.forEach((scale, perDevice) -> {
      var inOrder = new LinkedHashMap<String, Aggregate>();
      byDevice.keySet().stream().filter(perDevice::containsKey)
          .forEach(device -> inOrder.put(device, new Aggregate(device, mix, scale, perDevice.get(device))));
      aggregates.computeIfAbsent(mix, k -> new TreeMap<>()).put(scale, inOrder);
    }));
    var comparisons = comparisons(List.copyOf(byDevice.keySet()), aggregates);
    var verdicts = comparisons.stream().map(c -> Judge.of(c, shared(devices, c))).toList();
    var all = aggregates.values().stream().flatMap(s -> s.values().stream()).flatMap(d -> d.values().stream()).toList();
    return new ReportModel(title(cells), results, List.copyOf(cells), devices, aggregates, comparisons, verdicts,
        QualityChecks.of(all, devices), suspicions(cells, skipped));
  }

  /** The dataset sizes of a mix, in order. */
  List<Scale> scales(Mix mix) {
    return List.copyOf(aggregates.getOrDefault(mix, Map.of()).keySet());
  }

  /** One device's figures at a mix and size, when it ran there. */
  Optional<Aggregate> aggregate(Mix mix, Scale scale, String device) {
    return Optional.ofNullable(aggregates.getOrDefault(mix, Map.of()).getOrDefault(scale, Map.of()).get(device));
  }

  /** The column of a device label. */
  DeviceColumn column(String device) {
    return column(devices, device);
  }

  /** Every warning: the comparison's first, then the cells'. */
  List<String> warnings() {
    var all = new ArrayList<>(quality);
    all.addAll(suspicions);
    return all;
  }

  /** The verdicts in the order the headline lists them: measured differences first, no verdict last. */
  List<Verdict> headline() {
    return verdicts.stream().sorted(java.util.Comparator.comparing(Verdict::kind)).toList();
  }

  /** The verdict at a mix and size where any pair of devices there has none; empty where every pair has one. */
  Optional<Verdict> withoutVerdict(Mix mix, Scale scale) {
    return verdicts.stream().filter(v -> v.kind() == Verdict.Kind.NONE && v.comparison().first().mix().equals(mix)
        && v.comparison().first().scale().equals(scale)).findFirst();
  }

  /** The physical devices under both devices of a comparison. */
  private static java.util.Set<String> shared(List<DeviceColumn> devices, Comparison comparison) {
    return column(devices, comparison.first().device()).sharedWith(column(devices, comparison.second().device()));
  }

  private static DeviceColumn column(List<DeviceColumn> devices, String label) {
    return devices.stream().filter(d -> d.label().equals(label)).findFirst().orElseThrow();
  }

  /**
   * Each pair of devices at every mix and size where both ran; within a pair the device that is faster
   * in most of them (by the product of its speedups) comes first, so that a pair reads one way throughout.
   */
  private static List<Comparison> comparisons(List<String> devices, Map<Mix, Map<Scale, Map<String, Aggregate>>> all) {
    var comparisons = new ArrayList<Comparison>();
    for (int i = 0; i < devices.size(); i++) {
      for (int j = i + 1; j < devices.size(); j++) {
        var pair = new ArrayList<Comparison>();
        double logSpeedup = 0;
        for (var scales : all.values()) {
          for (var perDevice : scales.values()) {
            var a = perDevice.get(devices.get(i));
            var b = perDevice.get(devices.get(j));
            if (a != null && b != null) {
              pair.add(new Comparison(a, b));
              var speedup = a.throughput() / b.throughput();
              logSpeedup += Double.isFinite(Math.log(speedup)) ? Math.log(speedup) : 0;
            }
          }
        }
        var swap = logSpeedup < 0;
        pair.forEach(c -> comparisons.add(swap ? new Comparison(c.second(), c.first()) : c));
      }
    }
    return comparisons;
  }

  /** The skipped files, then each kind of suspicion once with the cells it concerns ({@link Suspicions#grouped}). */
  private static List<String> suspicions(List<ReportCell> cells, List<String> skipped) {
    var warnings = new ArrayList<>(skipped);
    warnings.addAll(Suspicions.grouped(cells));
    return warnings;
  }

  private static String title(List<ReportCell> cells) {
    var studies = new TreeSet<String>();
    cells.forEach(c -> studies.add(c.studyName().isEmpty() ? "standalone results" : c.studyName()));
    return studies.stream().collect(Collectors.joining(", "));
  }
}
