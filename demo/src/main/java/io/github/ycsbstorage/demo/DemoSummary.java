package io.github.ycsbstorage.demo;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.report.ReportCell;
import io.github.ycsbstorage.report.SampleSize;
import io.github.ycsbstorage.result.CpuShares;
import io.github.ycsbstorage.result.EngineActivity;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The demo's console summary: one line per cell (throughput, worst p99 where the cell did enough
 * operations for one, errors, the engine's device reads per operation and cache hit ratio where it
 * counts them, device tags, I/O and iowait, and whether the host's CPU was saturated,
 * so that the cell measured CPU rather than storage), then each load's plan and achieved size; at the
 * end the report's headline, word for word: its verdicts, then the comparisons without one. Stateless.
 */
final class DemoSummary {
  private DemoSummary() {
  }

  static void print(List<Path> files, PrintStream out) throws IOException {
    var cells = new ArrayList<ReportCell>();
    for (var file : files) {
      cells.add(new ReportCell(file, ResultReader.read(file)));
    }
    var results = cells.stream().map(ReportCell::result).toList();
    out.println();
    out.printf(Locale.ROOT, "%-38s %9s %9s %6s %8s %6s  %s%n", "cell", "ops/s", "p99 µs", "errors", "reads/op",
        "hits", "device tags; I/O (mean r/s, w/s, MB/s, util) and CPU iowait");
    for (var cell : cells) {
      var result = cell.result();
      var cpuSaturated = result.sections().io().flatMap(Io::cpuSaturated).orElse(false);
      var engine = result.sections().engine();
      out.printf(Locale.ROOT, "%-38s %9s %9s %6d %8s %6s  %s; %s%s%s%n", result.label().orElse("?"),
          result.summary().throughputText("%.1f", "unknown"), worstP99(cell), result.summary().errors(),
          figure(engine.map(EngineActivity::deviceReadsPerOperation), "%.3f"),
          figure(engine.map(EngineActivity::cacheHitRatio).map(ratio -> ratio.isPresent()
              ? OptionalDouble.of(ratio.getAsDouble() * 100) : ratio), "%.0f %%"),
          devices(result), io(result),
          result.sections().io().flatMap(Io::cpu).map(CpuShares::iowait)
              .map(value -> String.format(Locale.ROOT, ", iowait %.1f %%", value)).orElse(""),
          cpuSaturated ? "; CPU-SATURATED (under " + (int) Io.SATURATED_BELOW_PERCENT
              + " % idle): measured CPU, not storage" : "");
    }
    for (var result : results) {
      var sizing = result.sections().sizing();
      if (result.phase() == Phase.LOAD && sizing.isPresent()) {
        out.println("plan " + result.label().orElse("?") + ": " + sizing.get().plan());
        sizing.get().achieved().ifPresent(achieved -> out.println("  achieved " + (achieved.bytes().isPresent()
            ? ByteSize.ofBytes(achieved.bytes().getAsLong()) + achieved.ofPlan().stream()
                .mapToObj(ofPlan -> String.format(Locale.ROOT, " (%.2f × the plan)", ofPlan)).findFirst().orElse("")
                + " on storage, from " + achieved.from().orElseThrow()
            : "unknown: " + achieved.reason().orElseThrow())));
      }
    }
    out.println();
  }

  /** The report's headline ({@code ReportBuilder.Report#headline}), each line as {@code demo: <line>}. */
  static void headline(List<String> lines, PrintStream out) {
    lines.forEach(line -> out.println("demo: " + line));
  }

  /** An engine figure; {@code unknown} without the engine's counters (a server binding has none). */
  private static String figure(Optional<OptionalDouble> value, String format) {
    return value.filter(OptionalDouble::isPresent).map(v -> String.format(Locale.ROOT, format, v.getAsDouble()))
        .orElse("unknown");
  }

  /**
   * The highest p99 over the measured operations; {@link SampleSize#TOO_FEW} where an operation did
   * too few for one (the largest of twenty samples is no p99), or {@code unknown}.
   */
  private static String worstP99(ReportCell cell) {
    if (!cell.supports(99)) {
      return SampleSize.TOO_FEW;
    }
    var worst = cell.serviceWorstP99Us();
    return Double.isFinite(worst) ? String.format(Locale.ROOT, "%.0f", worst) : "unknown";
  }

  private static String devices(Result result) {
    var devices = new ArrayList<String>();
    result.sections().devices().orElse(List.of()).forEach(entry -> devices.add(entry.device().name() + " "
        + entry.device().type() + (entry.device().rotationalTrusted() ? ""
        : " (" + entry.device().rotationalNote().orElse("rotational flag untrusted") + ")")));
    return devices.isEmpty() ? "device tags unknown" : String.join(", ", devices);
  }

  private static String io(Result result) {
    var io = new ArrayList<String>();
    result.sections().io().ifPresent(sampled -> sampled.devices().forEach((name, totals) -> totals.average()
        .ifPresent(mean -> io.add(String.format(Locale.ROOT, "%s %.0f r/s %.0f w/s %.1f MB/s %.0f %%util", name,
            mean.readsPerSec(), mean.writesPerSec(), (mean.readKbPerSec() + mean.writeKbPerSec()) / 1024,
            mean.utilPercent())))));
    if (result.sections().io().isEmpty()) {
      return "I/O figures unknown (no collector)";
    }
    return io.isEmpty() ? "no block device sampled (e.g. a RAM folder has none)" : String.join(", ", io);
  }
}
