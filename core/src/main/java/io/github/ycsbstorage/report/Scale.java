package io.github.ycsbstorage.report;

import java.util.Comparator;
import java.util.OptionalDouble;

/**
 * A dataset size of the report: its key (e.g. {@code ratio1.33}), how readers see it
 * (e.g. {@code 1.33× RAM}), when known its multiple of memory for the x axis, and what that memory is
 * ({@link ReportCell#basis()}). Ordered by that multiple, then by key. Immutable.
 */
record Scale(String key, String title, OptionalDouble memoryMultiple, String basis) implements Comparable<Scale> {
  private static final Comparator<Scale> ORDER = Comparator
      .comparingDouble((Scale s) -> s.memoryMultiple.orElse(Double.MAX_VALUE)).thenComparing(Scale::key);

  static Scale of(ReportCell cell) {
    return new Scale(cell.scale(), cell.scaleTitle(), cell.memoryMultiple(), cell.basis());
  }

  @Override
  public int compareTo(Scale other) {
    return ORDER.compare(this, other);
  }
}
