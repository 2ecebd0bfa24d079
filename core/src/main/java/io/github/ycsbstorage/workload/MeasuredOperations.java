package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.YcsbInternals;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import site.ycsb.measurements.Measurements;

/**
 * The names of the measurements YCSB holds (its operations' and their {@code Intended-} ones), read from
 * its private maps ({@link YcsbInternals}) without exporting them: an export has side effects
 * (HdrHistogram's log). The result exporter checks that YCSB's export wrote each. Stateless.
 */
final class MeasuredOperations {
  private MeasuredOperations() {
  }

  static Set<String> names(Measurements measurements) {
    var names = new TreeSet<String>();
    for (var map : List.of(YcsbInternals.operations(measurements), YcsbInternals.intended(measurements))) {
      map.values().forEach(m -> names.add(m.getName()));
    }
    return names;
  }
}
