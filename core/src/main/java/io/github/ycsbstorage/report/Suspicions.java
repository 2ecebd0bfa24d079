package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.AchievedDataset;
import io.github.ycsbstorage.result.Io;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a cell's figures may not mean what they seem: the achieved dataset far from the plan, a device
 * classification the kernel could not vouch for, operations that failed, a client that ran out of
 * CPU, a server host whose CPUs were saturated, and whatever the run itself recorded as a warning. Stateless.
 */
final class Suspicions {
  /** Achieved/planned dataset outside [1/1.25, 1.25] is "far from the plan". */
  static final double DATASET_TOLERANCE = 1.25;
  /** Client processes using this share of all cores or more were the bottleneck. */
  static final double CLIENT_CPU_LIMIT = 0.9;
  /** Below this run time the clients' JVM start-up dominates their CPU time: no verdict. */
  static final long CPU_VERDICT_MIN_RUNTIME_MS = 5000;

  private Suspicions() {
  }

  static List<String> of(ReportCell cell) {
    var found = new ArrayList<String>();
    var result = cell.result();
    result.sections().sizing().ifPresent(sizing -> {
      var ofPlan = sizing.achieved().flatMap(a -> a.ofPlan().isPresent() ? Optional.of(a.ofPlan().getAsDouble())
          : Optional.empty());
      var planned = sizing.ratio();
      var achieved = sizing.achievedRatio();
      if (ofPlan.isPresent()) {
        if (far(ofPlan.get(), 1)) {
          found.add(String.format(Locale.ROOT, "achieved dataset %.2f × the plan on storage (%s)", ofPlan.get(),
              sizing.achieved().flatMap(AchievedDataset::from).orElse("measured")));
        }
      } else if (planned.isPresent() && achieved.isPresent() && planned.getAsDouble() > 0
          && achieved.getAsDouble() > 0) {
        if (far(achieved.getAsDouble(), planned.getAsDouble())) {
          found.add(String.format(Locale.ROOT, "achieved dataset %.2f × memory, planned %.2f ×",
              achieved.getAsDouble(), planned.getAsDouble()));
        }
      } else {
        var measured = sizing.measured().flatMap(m -> m.logicalBytes().isPresent()
            ? Optional.of(m.logicalBytes().getAsLong()) : Optional.empty());
        if (sizing.expectedBytes() > 0 && measured.isPresent() && measured.get() > 0
            && far(measured.get(), sizing.expectedBytes())) {
          found.add(String.format(Locale.ROOT, "achieved dataset %.2f × the planned size",
              (double) measured.get() / sizing.expectedBytes()));
        }
      }
    });
    result.sections().devices().orElse(List.of()).forEach(entry -> {
      var device = entry.device();
      if (!device.rotationalTrusted()) {
        found.add("device " + device.name() + " classified as " + device.type() + " without a trusted rotational flag"
            + device.rotationalNote().map(note -> " (" + note + ")").orElse(""));
      }
    });
    if (cell.errors() > 0) {
      found.add(cell.errors() + " operations failed");
    }
    var runtimeMs = result.summary().runtimeMs().orElse(0);
    cell.clientCpuUtilization().filter(u -> u >= CLIENT_CPU_LIMIT && runtimeMs >= CPU_VERDICT_MIN_RUNTIME_MS)
        .ifPresent(u -> found.add(String.format(Locale.ROOT,
            "throughput limited by the client's CPU: clients used %.0f %% of all cores", u * 100)));
    result.sections().io().flatMap(Io::cpuSaturated).filter(Boolean::booleanValue).ifPresent(saturated -> found.add(
        "the sampled host's CPUs were saturated (under " + (int) Io.SATURATED_BELOW_PERCENT + " % idle + iowait time): "
            + "this cell measured CPU, not storage"));
    found.addAll(result.warnings());
    return found;
  }

  /** Whether two sizes differ by more than {@link #DATASET_TOLERANCE} either way. */
  private static boolean far(double a, double b) {
    return a / b > DATASET_TOLERANCE || b / a > DATASET_TOLERANCE;
  }
}
