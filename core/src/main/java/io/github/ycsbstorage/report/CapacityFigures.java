package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.Capacity;
import io.github.ycsbstorage.result.TargetRate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;

/**
 * What the report says about load against latency: the capacity searches' answers ({@code study.slo})
 * and the latency–throughput curves of cells run at several fixed rates ({@code study.targets}). Stateless.
 */
final class CapacityFigures {
  /** How a comparison of capacities that does not exceed the noise begins. */
  static final String NO_DIFFERENCE = "no difference measurable";

  /** One point of a latency–throughput curve: a cell at one rate. */
  record Point(double achieved, double p50Us, double p99Us, boolean missed) {
  }

  private CapacityFigures() {
  }

  /**
   * Per device, workload and dataset size, the capacity found with its bracket, the unthrottled
   * throughput, both as medians with their ranges over repetitions, and the share of the one in the
   * other: how near saturation the objective lets the device run.
   */
  static Optional<Table> table(ReportModel model) {
    var rows = new ArrayList<List<String>>();
    model.aggregates().forEach((mix, scales) -> scales.forEach((scale, devices) -> devices.forEach((device, aggregate) -> {
      var searches = searches(aggregate);
      if (!searches.isEmpty()) {
        var capacity = median(searches);
        var unthrottled = unthrottled(searches);
        rows.add(List.of(device, mix.title(), scale.title(), searches.get(0).objective(), describe(searches),
            describeUnthrottled(searches), capacity.isPresent()
                ? Format.percent(capacity.getAsDouble() / unthrottled) : Format.UNKNOWN));
      }
    })));
    return rows.isEmpty() ? Optional.empty() : Optional.of(new Table("Capacity at the latency objective",
        List.of("device", "workload", "dataset", "objective", "capacity", "unthrottled", "capacity ÷ unthrottled"),
        rows));
  }

  /**
   * What the searches' throttled steps were judged on, e.g. {@code Each throttled step is judged without its
   * clients' start (the log intervals that begin in their first second: the start-transient rule,
   * docs/study.md): 412 operations of 7 steps left out of
   * their latency, every one still counted in their other figures.}; empty where no step recorded the rule
   * (results written before it).
   */
  static Optional<String> startTransient(ReportModel model) {
    var searches = new ArrayList<Capacity>();
    model.aggregates().values().forEach(scales -> scales.values().forEach(devices -> devices.values()
        .forEach(aggregate -> searches.addAll(searches(aggregate)))));
    return startTransient(searches);
  }

  static Optional<String> startTransient(List<Capacity> searches) {
    // the re-run that confirms a capacity is a step too
    var judged = searches.stream().flatMap(c -> Stream.concat(c.steps().stream(),
        c.confirmation().stream())).filter(step -> step.startExcluded().isPresent()).toList();
    if (judged.isEmpty()) {
      return Optional.empty();
    }
    long excluded = judged.stream().mapToLong(step -> step.startExcluded().getAsLong()).sum();
    return Optional.of(String.format(Locale.ROOT, "Each throttled step is judged without its clients' start (the log"
        + " intervals that begin in their first second: the start-transient rule, docs/study.md): %,d operations of %d %s left out of %s latency, every one"
        + " still counted in %s other figures.", excluded, judged.size(), judged.size() == 1 ? "step" : "steps",
        judged.size() == 1 ? "its" : "their", judged.size() == 1 ? "its" : "their"));
  }

  /**
   * Per workload and dataset size where two or more devices were searched: e.g. {@code at p99<=10ms,
   * workload C uniform, 1.33× cache: ssd carries 1,900 ops/s, hdd 61.0 ops/s (31.1×)}, fastest first;
   * prefixed {@code no verdict:} and followed by the reasons where the devices' comparison there has
   * none ({@link Judge}); prefixed {@link #NO_DIFFERENCE} where a search of the faster device met no
   * more than a search of the slower one may carry.
   */
  static List<String> lines(ReportModel model) {
    var lines = new ArrayList<String>();
    model.aggregates().forEach((mix, scales) -> scales.forEach((scale, devices) -> {
      var found = new LinkedHashMap<String, Double>();
      var saturation = new LinkedHashMap<String, Double>();
      var unconfirmed = new ArrayList<String>();
      var stolen = new ArrayList<String>();
      String objective = null;
      for (var entry : devices.entrySet()) {
        var searches = searches(entry.getValue());
        var capacity = median(searches);
        if (capacity.isPresent()) {
          found.put(entry.getKey(), capacity.getAsDouble());
          saturation.put(entry.getKey(), unthrottled(searches));
          objective = searches.get(0).objective();
          if (searches.stream().anyMatch(Capacity::unconfirmed)) {
            unconfirmed.add(entry.getKey());
          }
          // the runs that counted: one the hypervisor took and the search ran again decided nothing
          var steps = searches.stream().flatMap(c -> c.steps().stream()).filter(step -> !step.repeated()).toList();
          var taken = steps.stream().filter(Capacity.Step::stolen).mapToDouble(step -> step.steal().getAsDouble())
              .summaryStatistics();
          if (taken.getCount() > 0) {
            stolen.add(String.format(Locale.ROOT, "%s: %d of %d steps, up to %.1f %%", entry.getKey(), taken.getCount(),
                steps.size(), taken.getMax()));
          }
        }
      }
      if (found.size() < 2) {
        return;
      }
      var ordered = found.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).toList();
      var parts = new ArrayList<String>();
      for (int i = 0; i < ordered.size(); i++) {
        parts.add(ordered.get(i).getKey() + (i == 0 ? " carries " : " ") + Format.throughput(ordered.get(i).getValue()));
      }
      var fastest = ordered.get(0).getKey();
      var slowest = ordered.get(ordered.size() - 1).getKey();
      // beside the ratio within the objective, the same devices' ratio unthrottled: how much of the gap
      // at saturation the objective keeps
      var line = String.format(Locale.ROOT, "at %s, %s, %s: %s (%s; unthrottled %s)", objective, mix.title(),
          scale.title(), String.join(", ", parts), Format.ratio(found.get(fastest) / found.get(slowest)),
          Format.ratio(saturation.get(fastest) / saturation.get(slowest)));
      // the difference must exceed the noise: every search of the faster device met more than any search
      // of the slower one may carry, below the rate it first missed (a search that met no rate may
      // carry nothing; one that missed none met the rate beyond its saturation, which its client could
      // not exceed)
      double fastestLeast = searches(devices.get(fastest)).stream().mapToDouble(c -> c.lastMet().orElse(0)).min()
          .orElseThrow();
      double slowestMost = searches(devices.get(slowest)).stream()
          .mapToDouble(c -> c.firstMissed().orElse(atMost(c))).max().orElseThrow();
      var overlap = fastestLeast > slowestMost ? Optional.<String>empty() : Optional.of(String.format(Locale.ROOT,
          "the searches overlap (%s met as little as %s, %s may carry up to %s)", fastest,
          Format.throughput(fastestLeast), slowest, Format.throughput(slowestMost)));
      // judged as the devices' comparison at this mix and size is: its reasons for no verdict hold here too;
      // a capacity its re-run missed is no firm figure to compare
      var reasons = new ArrayList<String>();
      model.withoutVerdict(mix, scale).ifPresent(verdict -> verdict.findings().stream().map(f -> f.reason().label())
          .distinct().forEach(reasons::add));
      if (!unconfirmed.isEmpty()) {
        reasons.add("capacity unconfirmed, its re-run missed the objective (" + String.join(", ", unconfirmed) + ")");
      }
      // the searches' steps at fixed rates, which the comparison of unthrottled steps does not see
      if (!stolen.isEmpty() && !reasons.contains(Verdict.Reason.CPU_STOLEN.label())) {
        reasons.add(Verdict.Reason.CPU_STOLEN.label() + " in the searches (" + String.join("; ", stolen) + ")");
      }
      if (!reasons.isEmpty()) {
        overlap.ifPresent(reasons::add);
        lines.add(ReportTables.NO_VERDICT + ": " + line + ": " + String.join(", ", reasons));
      } else {
        lines.add(overlap.map(why -> NO_DIFFERENCE + ": " + line + ": " + why).orElse(line));
      }
    }));
    return lines;
  }

  /**
   * Per workload family (its rates joined), dataset size and device: the points of its latency–throughput
   * curve in rate order; only where cells ran at two or more rates.
   */
  static Map<Mix, Map<String, List<Point>>> curves(ReportModel model) {
    var curves = new LinkedHashMap<Mix, Map<String, List<Point>>>();
    model.aggregates().forEach((mix, scales) -> {
      if (mix.target().isEmpty()) {
        return;
      }
      scales.forEach((scale, devices) -> devices.forEach((device, aggregate) -> {
        var cell = aggregate.repetitionCells().get(0).get(0);
        var missed = TargetRate.missed(mix.target().getAsDouble(), OptionalDouble.of(aggregate.throughput())).isPresent();
        curves.computeIfAbsent(mix.unthrottled(), k -> new LinkedHashMap<>())
            .computeIfAbsent(device + ", " + scale.title(), k -> new ArrayList<>())
            .add(new Point(aggregate.throughput(), cell.worstP50Us(), cell.worstP99Us(), missed));
      }));
    });
    curves.values().removeIf(perDevice -> perDevice.values().stream().allMatch(points -> points.size() < 2));
    return curves;
  }

  private static List<Capacity> searches(Aggregate aggregate) {
    return aggregate.cells().stream().map(cell -> cell.result().sections().capacity()).flatMap(Optional::stream)
        .toList();
  }

  /**
   * The capacities' median, where the searches that met no rate leave it known: such a search's capacity
   * lies somewhere below the lowest rate it missed, so the median is known when it is the same with each
   * of them at 0 and at that rate (they are below it, e.g. one of three repetitions); empty otherwise.
   */
  static OptionalDouble median(List<Capacity> searches) {
    if (searches.isEmpty()) {
      return OptionalDouble.empty();
    }
    double lowest = median(searches.stream().mapToDouble(c -> c.lastMet().orElse(0)).toArray());
    double highest = median(searches.stream().mapToDouble(CapacityFigures::atMost).toArray());
    return lowest == highest && lowest > 0 ? OptionalDouble.of(lowest) : OptionalDouble.empty();
  }

  /** The capacity found, or the rate below which it lies when the search met none. */
  private static double atMost(Capacity search) {
    return search.lastMet().orElse(search.firstMissed().orElse(search.saturation()));
  }

  /** The unthrottled steps' median. */
  private static double unthrottled(List<Capacity> searches) {
    return median(searches.stream().mapToDouble(Capacity::saturation).toArray());
  }

  private static double median(double[] values) {
    var sorted = values.clone();
    Arrays.sort(sorted);
    int half = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  }

  private static String describeUnthrottled(List<Capacity> searches) {
    if (searches.size() == 1) {
      return Format.throughput(searches.get(0).saturation());
    }
    var range = searches.stream().mapToDouble(Capacity::saturation).summaryStatistics();
    return String.format(Locale.ROOT, "%s (median; %s–%s)", Format.throughput(unthrottled(searches)),
        Format.throughput(range.getMin()), Format.throughput(range.getMax()));
  }

  /**
   * E.g. {@code 69,061 ops/s (median; 65,201 ops/s–75,643 ops/s over 3 repetitions)}, or, with a repetition
   * that met no rate, {@code 69,061 ops/s (median of 3 repetitions: 69,061 ops/s–75,643 ops/s in the 2 that met
   * a rate, below 3,339 ops/s in the 1 that met none)}; followed by the runs the hypervisor took that
   * their searches ran again, if any.
   */
  static String describe(List<Capacity> searches) {
    if (searches.size() == 1) {
      return searches.get(0).describe();
    }
    var none = searches.stream().filter(c -> c.lastMet().isEmpty()).toList();
    var median = median(searches);
    if (median.isEmpty()) {
      return String.format(Locale.ROOT, "unknown: %d of %d repetitions met the objective at no rate tried%s", none.size(),
          searches.size(), Capacity.repeatedRuns(searches));
    }
    var met = searches.stream().map(Capacity::lastMet).filter(OptionalDouble::isPresent)
        .mapToDouble(OptionalDouble::getAsDouble).summaryStatistics();
    var range = met.getMin() == met.getMax() ? Format.throughput(met.getMin())
        : Format.throughput(met.getMin()) + "–" + Format.throughput(met.getMax());
    var spread = none.isEmpty() ? String.format(Locale.ROOT, "median; %s over %d repetitions", range, searches.size())
        : String.format(Locale.ROOT, "median of %d repetitions: %s in the %d that met a rate, below %s in the %d that"
            + " met none", searches.size(), range, met.getCount(), none.stream().map(c -> Format.throughput(atMost(c)))
            .collect(java.util.stream.Collectors.joining(", ")), none.size());
    long unconfirmed = searches.stream().filter(Capacity::unconfirmed).count();
    return String.format(Locale.ROOT, "%s%s (%s%s%s)", unconfirmed > 0 ? "unconfirmed: " : "",
        Format.throughput(median.getAsDouble()), spread, unconfirmed > 0 ? String.format(Locale.ROOT, "; the re-run at"
            + " the capacity missed the objective in %d of them: see their results' capacity sections", unconfirmed) : "",
        Capacity.repeatedRuns(searches));
  }
}
