package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import io.github.ycsbstorage.result.Status;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The few lines a study ends with: how many cells ran, were kept, failed or were skipped (with the
 * reasons), and the headline: for each workload, distribution and dataset size measured on two or
 * more devices, the fastest device's throughput against the slowest's (means over repetitions of
 * complete or degraded cells). The report ({@code bin/ycsb report}) has the rest. Stateless.
 */
public final class StudySummary {
  private StudySummary() {
  }

  public static void print(StudyOutcome outcome, PrintStream out) throws IOException {
    var ran = outcome.results().size() - outcome.kept();
    out.printf(Locale.ROOT, "study: summary: %d cells: %d run now, %d kept from an earlier run, %d failed,"
        + " %d skipped%n", outcome.cells(), ran, outcome.kept(), outcome.failed().size(), outcome.skipped().size());
    outcome.failed().forEach(cell -> out.println("study: failed: " + cell));
    outcome.skipped().forEach(cell -> out.println("study: skipped: " + cell));
    headlines(outcome).forEach(line -> out.println("study: headline: " + line));
  }

  /** E.g. {@code workloada-zipfian ratio1.33: ssd 48,975.0 ops/s vs hdd 1,537.0 ops/s: 31.9× the throughput}. */
  static List<String> headlines(StudyOutcome outcome) throws IOException {
    // comparison (workload, distribution, scale) → device → throughputs of its repetitions
    var byComparison = new LinkedHashMap<String, Map<String, List<Double>>>();
    for (var file : outcome.results()) {
      var result = ResultReader.read(file);
      var study = result.study();
      var throughput = result.summary().throughputOpsPerSec();
      if (result.phase() != Phase.RUN || study.isEmpty() || throughput.isEmpty() || !usable(result)) {
        continue;
      }
      var cell = study.get();
      var key = cell.workload() + cell.distribution().map(d -> "-" + d).orElse("") + " " + cell.scale().label();
      byComparison.computeIfAbsent(key, k -> new LinkedHashMap<>())
          .computeIfAbsent(cell.device().name(), k -> new ArrayList<>()).add(throughput.getAsDouble());
    }
    var lines = new ArrayList<String>();
    byComparison.forEach((comparison, devices) -> {
      if (devices.size() < 2) {
        return;
      }
      var means = new LinkedHashMap<String, Double>();
      devices.forEach((device, values) -> means.put(device,
          values.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
      var fastest = means.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
      var slowest = means.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow();
      lines.add(String.format(Locale.ROOT, "%s: %s %,.1f ops/s vs %s %,.1f ops/s: %s the throughput", comparison,
          fastest.getKey(), fastest.getValue(), slowest.getKey(), slowest.getValue(),
          slowest.getValue() > 0 ? String.format(Locale.ROOT, "%.1f×", fastest.getValue() / slowest.getValue())
              : "unbounded ×"));
    });
    return lines;
  }

  private static boolean usable(Result result) {
    return result.status() == Status.COMPLETE || result.status() == Status.DEGRADED;
  }
}
