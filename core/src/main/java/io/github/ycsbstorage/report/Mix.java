package io.github.ycsbstorage.report;

import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A workload and its request distribution: the unit the report compares devices in, as the published
 * studies do ("workload A, uniform"). Immutable.
 */
record Mix(String workload, String distribution) implements Comparable<Mix> {
  private static final Pattern YCSB_WORKLOAD = Pattern.compile("workload([a-f])");
  private static final Comparator<Mix> ORDER = Comparator.comparing(Mix::workload).thenComparing(Mix::distribution);

  static Mix of(ReportCell cell) {
    return new Mix(cell.workload(), cell.distribution());
  }

  /** E.g. {@code workload A uniform} for YCSB's {@code workloada}. */
  String title() {
    var matcher = YCSB_WORKLOAD.matcher(workload);
    return (matcher.matches() ? "workload " + matcher.group(1).toUpperCase(Locale.ROOT) : workload) + " " + distribution;
  }

  /** A file-name part, e.g. {@code workloada-uniform}. */
  String slug() {
    return (workload + "-" + distribution).replaceAll("[^A-Za-z0-9.-]+", "_");
  }

  @Override
  public int compareTo(Mix other) {
    return ORDER.compare(this, other);
  }
}
