package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.AchievedDataset;
import io.github.ycsbstorage.result.DeviceType;
import io.github.ycsbstorage.result.Io;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a cell's figures may not mean what they seem: the achieved dataset far from the plan, a device
 * classification the kernel could not vouch for, operations that failed, a client that ran out of
 * CPU, a server host whose CPUs were saturated, and whatever the run itself recorded as a warning. Each
 * is a kind with the cell's own figures, so that the report lists a kind once with the cells it
 * concerns ({@link #grouped}). Stateless.
 */
final class Suspicions {
  /**
   * One suspicion of one cell.
   *
   * @param kind   what is suspect, the same words in every cell, e.g. {@code operations failed}
   * @param detail this cell's figures, e.g. {@code 3}; empty when the kind says it all
   */
  record Suspicion(String kind, String detail) {
    /** A recorded warning: its words before the first colon are its kind. */
    static Suspicion recorded(String warning) {
      var colon = warning.indexOf(": ");
      return colon < 0 ? new Suspicion(warning, "") : new Suspicion(warning.substring(0, colon),
          warning.substring(colon + 2));
    }

    String text() {
      return detail.isEmpty() ? kind : kind + ": " + detail;
    }
  }

  /** Achieved/planned dataset outside [1/1.25, 1.25] is "far from the plan". */
  static final double DATASET_TOLERANCE = 1.25;
  /** Client processes using this share of all cores or more were the bottleneck. */
  static final double CLIENT_CPU_LIMIT = 0.9;
  /** Below this run time the clients' JVM start-up dominates their CPU time: no verdict. */
  static final long CPU_VERDICT_MIN_RUNTIME_MS = 5000;
  private static final String OFF_PLAN = "achieved dataset far from the plan";
  /** How the workload's own warning about an achieved dataset off the plan begins. */
  private static final String RECORDED_OFF_PLAN = "achieved dataset ";

  private Suspicions() {
  }

  static List<Suspicion> of(ReportCell cell) {
    var found = new ArrayList<Suspicion>();
    var result = cell.result();
    // A load that found its dataset off the plan recorded why, in more detail than the report can say.
    var recordedOffPlan = result.warnings().stream().anyMatch(w -> w.startsWith(RECORDED_OFF_PLAN));
    result.sections().sizing().filter(sizing -> !recordedOffPlan).ifPresent(sizing -> {
      var ofPlan = sizing.achieved().flatMap(a -> a.ofPlan().isPresent() ? Optional.of(a.ofPlan().getAsDouble())
          : Optional.empty());
      var planned = sizing.ratio();
      var achieved = sizing.achievedRatio();
      if (ofPlan.isPresent()) {
        if (far(ofPlan.get(), 1)) {
          found.add(new Suspicion(OFF_PLAN, String.format(Locale.ROOT, "%.2f × the plan on storage (%s)", ofPlan.get(),
              sizing.achieved().flatMap(AchievedDataset::from).orElse("measured"))));
        }
      } else if (planned.isPresent() && achieved.isPresent() && planned.getAsDouble() > 0
          && achieved.getAsDouble() > 0) {
        if (far(achieved.getAsDouble(), planned.getAsDouble())) {
          found.add(new Suspicion(OFF_PLAN, String.format(Locale.ROOT, "%.2f × %s, planned %.2f ×",
              achieved.getAsDouble(), cell.basis(), planned.getAsDouble())));
        }
      } else {
        var measured = sizing.measured().flatMap(m -> m.logicalBytes().isPresent()
            ? Optional.of(m.logicalBytes().getAsLong()) : Optional.empty());
        if (sizing.expectedBytes() > 0 && measured.isPresent() && measured.get() > 0
            && far(measured.get(), sizing.expectedBytes())) {
          found.add(new Suspicion(OFF_PLAN, String.format(Locale.ROOT, "%.2f × the planned size",
              (double) measured.get() / sizing.expectedBytes())));
        }
      }
    });
    result.sections().devices().orElse(List.of()).forEach(entry -> {
      var device = entry.device();
      // A RAM folder is known from its file system; it has no rotational flag to trust.
      if (!device.rotationalTrusted() && device.type() != DeviceType.RAM) {
        found.add(new Suspicion("device type without a trusted rotational flag", device.name() + " classified as "
            + device.type() + device.rotationalNote().map(note -> " (" + note + ")").orElse("")));
      }
    });
    if (cell.errors() > 0) {
      found.add(new Suspicion("operations failed", Format.count(cell.errors())));
    }
    var runtimeMs = result.summary().runtimeMs().orElse(0);
    cell.clientCpuUtilization().filter(u -> u >= CLIENT_CPU_LIMIT && runtimeMs >= CPU_VERDICT_MIN_RUNTIME_MS)
        .ifPresent(u -> found.add(new Suspicion("throughput limited by the client's CPU", String.format(Locale.ROOT,
            "clients used %.0f %% of all cores", u * 100))));
    result.sections().io().flatMap(Io::cpuSaturated).filter(Boolean::booleanValue).ifPresent(saturated -> found.add(
        new Suspicion("the sampled host's CPUs were saturated (under " + (int) Io.SATURATED_BELOW_PERCENT
            + " % idle + iowait time): measured CPU, not storage", "")));
    result.warnings().forEach(warning -> found.add(Suspicion.recorded(warning)));
    return found;
  }

  /**
   * Each kind of suspicion once, with the cells it concerns, those with the same figures together:
   * {@code operations failed: 3 (a), 12 (b, c)}; {@code (all N results)} for every cell.
   */
  static List<String> grouped(List<ReportCell> cells) {
    var byKind = new LinkedHashMap<String, LinkedHashMap<String, List<String>>>();
    cells.forEach(c -> of(c).stream().distinct().forEach(s -> byKind.computeIfAbsent(s.kind(),
        k -> new LinkedHashMap<>()).computeIfAbsent(s.detail(), k -> new ArrayList<>()).add(c.id())));
    var lines = new ArrayList<String>();
    byKind.forEach((kind, byDetail) -> {
      var parts = byDetail.entrySet().stream().map(e -> {
        var where = "(" + (e.getValue().size() == cells.size() && cells.size() > 1 ? "all " + cells.size()
            + " results" : String.join(", ", e.getValue())) + ")";
        return e.getKey().isEmpty() ? where : e.getKey() + " " + where;
      }).toList();
      lines.add(kind + (parts.size() == 1 && byDetail.containsKey("") ? " " : ": ") + String.join("; ", parts));
    });
    return lines;
  }

  /** Whether two sizes differ by more than {@link #DATASET_TOLERANCE} either way. */
  private static boolean far(double a, double b) {
    return a / b > DATASET_TOLERANCE || b / a > DATASET_TOLERANCE;
  }
}
