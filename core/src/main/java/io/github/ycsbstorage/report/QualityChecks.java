package io.github.ycsbstorage.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * Whether the comparison can be trusted as a whole: a single repetition (spread unknown), a spread
 * between repetitions larger than the difference between two devices, and two device labels on one
 * physical device. What is suspect in a single cell (an achieved dataset off the plan, a CPU-saturated
 * host, …) is {@link Suspicions}'. Stateless.
 */
final class QualityChecks {
  private QualityChecks() {
  }

  static List<String> of(Collection<Aggregate> aggregates, List<Comparison> comparisons,
      List<DeviceColumn> devices) {
    var found = new ArrayList<String>();
    if (!aggregates.isEmpty() && aggregates.stream().allMatch(a -> a.repetitions() == 1)) {
      found.add("single repetition: every figure comes from one run, so the spread between runs is unknown and a "
          + "difference of a few per cent may be noise (set study.repetitions to 3 or more)");
    }
    for (var comparison : comparisons) {
      if (comparison.spreadCoversDifference()) {
        found.add(String.format(Locale.ROOT, "%s, %s, %s vs %s: the spread between repetitions is larger than the "
            + "difference between the devices (%s: %s–%s, CV %s; %s: %s–%s, CV %s)",
            comparison.first().mix().title(), comparison.first().scale().title(), comparison.first().device(),
            comparison.second().device(), comparison.first().device(), range(comparison.first()),
            Format.throughput(comparison.first().maxThroughput()), Format.percent(comparison.first().throughputCv()),
            comparison.second().device(), range(comparison.second()),
            Format.throughput(comparison.second().maxThroughput()), Format.percent(comparison.second().throughputCv())));
      }
    }
    for (int i = 0; i < devices.size(); i++) {
      for (int j = i + 1; j < devices.size(); j++) {
        var shared = new LinkedHashSet<>(devices.get(i).physical());
        shared.retainAll(devices.get(j).physical());
        if (!shared.isEmpty()) {
          found.add("devices " + devices.get(i).label() + " and " + devices.get(j).label()
              + " resolve to the same physical device (" + String.join(", ", shared)
              + "): comparing them compares that device with itself");
        }
      }
    }
    return found;
  }

  /** The lower end of a throughput range, without its unit (the upper end carries it). */
  private static String range(Aggregate aggregate) {
    return Format.throughput(aggregate.minThroughput()).replace(" ops/s", "");
  }
}
