package io.github.ycsbstorage.store;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.StudyCell;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Whether a candidate's runs are worse than a baseline's beyond the noise: per configuration (a study
 * cell's device, workload, distribution and dataset size; a single run is one configuration), the
 * throughput and each operation type's p99. With two or more repetitions a side the ratio's interval
 * over them (as the report's verdicts: lowest ÷ highest to highest ÷ lowest) must lie wholly beyond the
 * tolerance; with one run a side the noise is not measured and the ratio itself must. Stateless.
 */
public final class RegressionCheck {
  /** What was found: one line per figure compared, each saying whether it regressed and by which method. */
  public record Outcome(List<String> lines, int regressions) {
  }

  private RegressionCheck() {
  }

  /**
   * @param throughputTolerance the share by which throughput may fall, e.g. 0.1
   * @param latencyTolerance    the share by which a p99 may rise, e.g. 0.25
   */
  public static Outcome of(List<Result> baseline, List<Result> candidate, double throughputTolerance,
      double latencyTolerance) {
    Check.argument(throughputTolerance >= 0 && latencyTolerance >= 0, "tolerances are shares from 0");
    var before = byConfiguration(baseline);
    var after = byConfiguration(candidate);
    var lines = new ArrayList<String>();
    int regressions = 0;
    for (var entry : before.entrySet()) {
      var runs = after.get(entry.getKey());
      if (runs == null) {
        lines.add("not compared: " + entry.getKey() + ": the candidate has no run of it");
        continue;
      }
      var base = entry.getValue();
      var figure = figure(entry.getKey() + " throughput", "ops/s", values(base, r -> r.summary().throughputOpsPerSec()
          .orElse(Double.NaN)), values(runs, r -> r.summary().throughputOpsPerSec().orElse(Double.NaN)), false,
          throughputTolerance);
      lines.add(figure.line());
      regressions += figure.regressed() ? 1 : 0;
      var operations = new TreeSet<String>();
      base.forEach(r -> operations.addAll(r.summary().measured().keySet()));
      for (var operation : operations) {
        Function<Result, Double> p99 = r -> {
          var figures = r.summary().measured().get(operation);
          OptionalLong value = figures == null ? OptionalLong.empty() : figures.p99Us();
          return value.isPresent() ? (double) value.getAsLong() : Double.NaN;
        };
        var latency = figure(entry.getKey() + " " + operation + " p99", "µs", values(base, p99), values(runs, p99), true,
            latencyTolerance);
        lines.add(latency.line());
        regressions += latency.regressed() ? 1 : 0;
      }
    }
    after.keySet().stream().filter(key -> !before.containsKey(key))
        .forEach(key -> lines.add("not compared: " + key + ": the baseline has no run of it"));
    return new Outcome(lines, regressions);
  }

  private record Figure(String line, boolean regressed) {
  }

  /**
   * @param lowerIsBetter a latency (its rise is the regression), else a throughput (its fall)
   */
  private static Figure figure(String name, String unit, double[] base, double[] candidate, boolean lowerIsBetter,
      double tolerance) {
    if (Arrays.stream(base).anyMatch(Double::isNaN) || Arrays.stream(candidate).anyMatch(Double::isNaN)) {
      return new Figure("not compared: " + name + ": not known in every run", false);
    }
    boolean repeated = base.length >= 2 && candidate.length >= 2;
    // candidate ÷ baseline
    double low = repeated ? min(candidate) / max(base) : mean(candidate) / mean(base);
    double high = repeated ? max(candidate) / min(base) : low;
    boolean regressed = lowerIsBetter ? low > 1 + tolerance : high < 1 - tolerance;
    var ratio = repeated ? String.format(Locale.ROOT, "%.2f–%.2f×", low, high) : String.format(Locale.ROOT, "%.2f×", low);
    var method = repeated ? String.format(Locale.ROOT, "the ratio's interval over %d × %d repetitions", base.length,
        candidate.length) : "one run a side, the noise not measured";
    var line = String.format(Locale.ROOT, "%s: %s %s → %s %s: %s (%s %.0f %% tolerance; method: %s)",
        regressed ? "REGRESSION" : "ok", name, format(base), format(candidate), unit, ratio,
        regressed ? "beyond the" : "within the", tolerance * 100, method);
    return new Figure(line, regressed);
  }

  /** The RUN results by configuration, in their order. */
  private static Map<String, List<Result>> byConfiguration(List<Result> results) {
    var groups = new LinkedHashMap<String, List<Result>>();
    results.stream().filter(r -> r.phase() == Phase.RUN).forEach(r -> groups
        .computeIfAbsent(configuration(r), k -> new ArrayList<>()).add(r));
    return groups;
  }

  private static String configuration(Result result) {
    return result.study().map(RegressionCheck::configuration).orElse("run");
  }

  private static String configuration(StudyCell cell) {
    return cell.device().name() + " " + cell.workload() + cell.distribution().map(d -> " " + d).orElse("")
        + " " + cell.scale().label();
  }

  private static double[] values(List<Result> results, Function<Result, Double> figure) {
    return results.stream().mapToDouble(figure::apply).toArray();
  }

  private static String format(double[] values) {
    var texts = Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, "%,.1f", v)).toList();
    return texts.size() == 1 ? texts.get(0) : "[" + String.join(", ", texts) + "]";
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElseThrow();
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElseThrow();
  }

  private static double mean(double[] values) {
    return Arrays.stream(values).average().orElseThrow();
  }
}
