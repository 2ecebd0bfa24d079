package io.github.ycsbstorage.report;

import java.util.Comparator;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * A workload and its request distribution, at a fixed target rate when the cells ran at one: the unit
 * the report compares devices in, as the published studies do ("workload A, uniform"). Cells at
 * different rates are not repetitions of each other. Immutable.
 *
 * @param target the cells' target rate over all clients, ops/s; empty: unthrottled, or a capacity
 *               search (whose rate is its result, not its setting)
 */
record Mix(String workload, String distribution, OptionalDouble target) implements Comparable<Mix> {
  private static final Pattern YCSB_WORKLOAD = Pattern.compile("workload([a-f])");
  private static final Comparator<Mix> ORDER = Comparator.comparing(Mix::workload).thenComparing(Mix::distribution)
      .thenComparingDouble(mix -> mix.target.orElse(0));

  Mix(String workload, String distribution) {
    this(workload, distribution, OptionalDouble.empty());
  }

  static Mix of(ReportCell cell) {
    return new Mix(cell.workload(), cell.distribution(), cell.fixedTarget());
  }

  /** The same workload and distribution whatever the rate: the family a latency–throughput curve joins. */
  Mix unthrottled() {
    return new Mix(workload, distribution);
  }

  /** E.g. {@code workload A uniform} for YCSB's {@code workloada}. */
  String title() {
    var matcher = YCSB_WORKLOAD.matcher(workload);
    return (matcher.matches() ? "workload " + matcher.group(1).toUpperCase(Locale.ROOT) : workload) + " " + distribution
        + (target.isPresent() ? String.format(Locale.ROOT, " at %,.0f ops/s", target.getAsDouble()) : "");
  }

  /** A file-name part, e.g. {@code workloada-uniform}. */
  String slug() {
    return (workload + "-" + distribution + (target.isPresent() ? "-t" + Math.round(target.getAsDouble()) : ""))
        .replaceAll("[^A-Za-z0-9.-]+", "_");
  }

  @Override
  public int compareTo(Mix other) {
    return ORDER.compare(this, other);
  }
}
