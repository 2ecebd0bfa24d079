package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.EngineActivity;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.TargetRate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Judges a {@link Comparison} from its result files, in this order: are the two devices distinct;
 * did every run do enough operations and last enough collector intervals ({@link SampleSize}); was
 * something other than the device the bottleneck (a saturated client or host CPU, a server doing less
 * than half of the host's work, a missed target rate); was the device exercised at all (the engine's
 * own cache misses where a binding reports them, else the data devices' reads per operation) — each a
 * {@link Verdict.Finding} and no verdict; then, with repetitions of both devices, whether the interval
 * of the throughput ratio ({@link Verdict.Interval}) includes 1. Stateless.
 */
final class Judge {
  /** Device reads per operation below which the device served (almost) none of the reads. */
  static final double EXERCISED_FROM = 0.05;

  private Judge() {
  }

  /**
   * @param shared the physical devices both devices' data paths lie on (empty: distinct devices)
   */
  static Verdict of(Comparison comparison, Set<String> shared) {
    var first = comparison.first();
    var second = comparison.second();
    var findings = new ArrayList<Verdict.Finding>();
    if (!shared.isEmpty()) {
      findings.add(new Verdict.Finding(Verdict.Reason.SAME_DEVICE, first.device() + " and " + second.device()
          + " are both on " + String.join(", ", shared)));
    }
    var cells = new ArrayList<>(first.cells());
    cells.addAll(second.cells());
    var fewest = cells.stream().mapToLong(c -> c.result().summary().count()).min().orElse(0);
    if (fewest < SampleSize.MIN_OPERATIONS_FOR_VERDICT) {
      var most = cells.stream().mapToLong(c -> c.result().summary().count()).max().orElse(0);
      findings.add(new Verdict.Finding(Verdict.Reason.TOO_FEW_OPERATIONS, String.format(Locale.ROOT,
          "%s operations per run; a verdict needs %,d", range(fewest, most), SampleSize.MIN_OPERATIONS_FOR_VERDICT)));
    }
    var shortest = cells.stream().flatMap(c -> c.result().sections().io().stream()).mapToInt(Io::samples)
        .filter(samples -> samples > 0).min(); // 0: not recorded
    if (shortest.isPresent() && shortest.getAsInt() < SampleSize.MIN_COLLECTOR_INTERVALS) {
      findings.add(new Verdict.Finding(Verdict.Reason.TOO_SHORT, "the shortest run spans " + shortest.getAsInt()
          + (shortest.getAsInt() == 1 ? " interval" : " intervals")));
    }
    bottleneck(cells, findings);
    exercised(comparison, findings);
    if (!findings.isEmpty()) {
      return new Verdict(comparison, Verdict.Kind.NONE, findings, Optional.empty());
    }
    if (first.repetitions() < 2 || second.repetitions() < 2) {
      return new Verdict(comparison, Verdict.Kind.ONE_REPETITION, List.of(), Optional.empty());
    }
    var a = first.throughputs();
    var b = second.throughputs();
    var interval = new Verdict.Interval(min(a) / max(b), max(a) / min(b), a.length, b.length);
    return new Verdict(comparison, interval.includesOne() ? Verdict.Kind.NO_DIFFERENCE : Verdict.Kind.DIFFERENCE,
        List.of(), Optional.of(interval));
  }

  /** A saturated client or host CPU, a server busy elsewhere, a missed target: in how many runs. */
  private static void bottleneck(List<ReportCell> cells, List<Verdict.Finding> findings) {
    var runs = cells.size();
    var saturated = cells.stream().filter(c -> c.cpuSaturated().orElse(false)).count();
    var clientBound = cells.stream().filter(Judge::clientCpuBound).count();
    if (saturated > 0 || clientBound > 0) {
      var parts = new ArrayList<String>();
      if (saturated > 0) {
        parts.add("the host's CPUs in " + saturated + " of " + runs + " runs");
      }
      if (clientBound > 0) {
        parts.add(String.format(Locale.ROOT, "the clients' (%.0f %% of all cores or more) in %d of %d runs",
            Suspicions.CLIENT_CPU_LIMIT * 100, clientBound, runs));
      }
      findings.add(new Verdict.Finding(Verdict.Reason.CPU_SATURATED, String.join("; ", parts)));
    }
    var processes = cells.stream().flatMap(c -> c.result().sections().io().flatMap(Io::process).stream()).toList();
    var shares = processes.stream()
        .map(Io.ProcessTotals::shareOfHostCpu).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble)
        .filter(share -> share < Io.ProcessTotals.BUSY_ELSEWHERE_BELOW).min();
    if (shares.isPresent()) {
      // an embedded engine's process is the client's own: named as such, not as a server
      var whose = processes.stream().map(Io.ProcessTotals::role).distinct().map(Io.ProcessTotals.Role::noun)
          .collect(java.util.stream.Collectors.joining(" or "));
      findings.add(new Verdict.Finding(Verdict.Reason.SERVER_BUSY_ELSEWHERE, String.format(Locale.ROOT,
          "as little as %.0f %% of the host's CPU time was that of the %s", shares.getAsDouble() * 100, whose)));
    }
    var missed = cells.stream().filter(c -> TargetRate.missed(target(c), c.result().summary().throughputOpsPerSec())
        .isPresent()).count();
    if (missed > 0) {
      findings.add(new Verdict.Finding(Verdict.Reason.TARGET_MISSED, "in " + missed + " of " + runs + " runs"));
    }
  }

  private static boolean clientCpuBound(ReportCell cell) {
    return cell.clientCpuUtilization().filter(u -> u >= Suspicions.CLIENT_CPU_LIMIT).isPresent()
        && cell.result().summary().runtimeMs().orElse(0) >= Suspicions.CPU_VERDICT_MIN_RUNTIME_MS;
  }

  /** YCSB's {@code target} (ops/s) of a run; 0 without one. */
  private static double target(ReportCell cell) {
    var target = cell.result().properties().getOrDefault(site.ycsb.Client.TARGET_PROPERTY, "0").strip();
    try {
      return target.isEmpty() ? 0 : Double.parseDouble(target);
    } catch (NumberFormatException e) {
      return 0; // YCSB itself would have refused it; a report of a foreign file does not judge it
    }
  }

  /**
   * Whether the slower device's runs read from their device (the faster one's where the slower one's
   * reads are unknown, e.g. a RAM folder without a block device): first from the engine's own counters,
   * else from the data devices' reads per operation.
   */
  private static void exercised(Comparison comparison, List<Verdict.Finding> findings) {
    var slower = comparison.first().throughput() < comparison.second().throughput() ? comparison.first()
        : comparison.second();
    var faster = slower == comparison.first() ? comparison.second() : comparison.first();
    for (var side : List.of(slower, faster)) {
      var engine = mean(side, cell -> cell.result().sections().engine()
          .map(EngineActivity::deviceReadsPerOperation).orElse(OptionalDouble.empty()));
      if (engine.isPresent()) {
        if (engine.getAsDouble() < EXERCISED_FROM) {
          findings.add(new Verdict.Finding(Verdict.Reason.ENGINE_CACHE_SERVED, String.format(Locale.ROOT,
              "%s cache misses per operation on %s", Format.precise(engine.getAsDouble()), side.device())));
        }
        return;
      }
      var device = mean(side, Judge::deviceReadsPerOperation);
      if (device.isPresent()) {
        if (device.getAsDouble() < EXERCISED_FROM) {
          findings.add(new Verdict.Finding(Verdict.Reason.MEMORY_SERVED, String.format(Locale.ROOT,
              "%s device reads per operation on %s%s", Format.precise(device.getAsDouble()), side.device(),
              utilisation(side))));
        }
        return;
      }
    }
  }

  /** The data devices' reads per operation of a run: the counted devices', else every sampled device's. */
  static OptionalDouble deviceReadsPerOperation(ReportCell cell) {
    var io = cell.result().sections().io();
    var operations = cell.result().summary().count();
    if (io.isEmpty() || operations <= 0) {
      return OptionalDouble.empty();
    }
    var counted = io.get().withOperations(new OperationCount(operations, "the result's summary")).perOperation()
        .map(Io.PerOperation::deviceReads).orElse(OptionalDouble.empty());
    if (counted.isPresent() || io.get().devices().isEmpty()) {
      return counted;
    }
    return OptionalDouble.of(io.get().devices().values().stream().mapToLong(Io.DeviceTotals::reads).sum()
        / (double) operations);
  }

  /** E.g. {@code , vda at most 19 %util}: the busiest data device of a side's runs, when sampled. */
  private static String utilisation(Aggregate side) {
    var most = side.cells().stream().flatMap(c -> c.result().sections().io().stream())
        .flatMap(io -> io.devices().entrySet().stream()).filter(e -> e.getValue().utilMax().isPresent())
        .max(java.util.Comparator.comparingDouble(e -> e.getValue().utilMax().getAsDouble()));
    return most.map(e -> String.format(Locale.ROOT, ", %s at most %.0f %%util", e.getKey(),
        e.getValue().utilMax().getAsDouble())).orElse("");
  }

  /** The mean of a figure over a side's runs; empty when any run lacks it. */
  private static OptionalDouble mean(Aggregate side, java.util.function.Function<ReportCell, OptionalDouble> figure) {
    var values = side.cells().stream().map(figure).toList();
    if (values.stream().anyMatch(OptionalDouble::isEmpty)) {
      return OptionalDouble.empty();
    }
    return values.stream().mapToDouble(OptionalDouble::getAsDouble).average();
  }

  private static String range(long low, long high) {
    return low == high ? String.format(Locale.ROOT, "%,d", low) : String.format(Locale.ROOT, "%,d–%,d", low, high);
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElseThrow();
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElseThrow();
  }
}
