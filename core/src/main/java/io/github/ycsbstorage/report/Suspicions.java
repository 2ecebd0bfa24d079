package io.github.ycsbstorage.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why a cell's figures may not mean what they seem: the achieved dataset far from the plan, a device
 * classification the kernel could not vouch for, operations that failed, a client that ran out of
 * CPU, and whatever the run itself recorded as a warning. Stateless.
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
    var sizing = cell.section("sizing");
    var planned = sizing.path("ratio").asDouble(Double.NaN);
    var achieved = sizing.path("achievedRatio").asDouble(Double.NaN);
    if (planned > 0 && achieved > 0 && (achieved / planned > DATASET_TOLERANCE
        || planned / achieved > DATASET_TOLERANCE)) {
      found.add(String.format(Locale.ROOT, "achieved dataset %.2f × memory, planned %.2f ×", achieved, planned));
    } else {
      // the measured size on storage (never the server's logical size: that is the plan's own estimate)
      var ofPlan = sizing.path("achievedOfPlan").asDouble(Double.NaN);
      if (ofPlan > 0 && (ofPlan > DATASET_TOLERANCE || 1 / ofPlan > DATASET_TOLERANCE)) {
        found.add(String.format(Locale.ROOT, "achieved dataset %.2f × the planned size", ofPlan));
      }
    }
    cell.section("devices").forEach(device -> {
      if (device.path("rotationalTrusted").isBoolean() && !device.path("rotationalTrusted").asBoolean()) {
        found.add("device " + device.path("name").asText("?") + " classified as "
            + device.path("type").asText("?") + " without a trusted rotational flag"
            + (device.path("rotationalNote").isTextual() ? " (" + device.path("rotationalNote").asText() + ")" : ""));
      }
    });
    if (cell.errors() > 0) {
      found.add(cell.errors() + " operations failed");
    }
    var runtimeMs = cell.section("summary").path("runtimeMs").asLong(0);
    cell.clientCpuUtilization().filter(u -> u >= CLIENT_CPU_LIMIT && runtimeMs >= CPU_VERDICT_MIN_RUNTIME_MS).ifPresent(u -> found.add(String.format(
        Locale.ROOT, "throughput limited by the client's CPU: clients used %.0f %% of all cores", u * 100)));
    cell.section("warnings").forEach(w -> found.add(w.asText()));
    return found;
  }
}
