package io.github.ycsbstorage.report;

import io.github.ycsbstorage.study.StudySettings;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Whether the comparison can be trusted as a whole: a single repetition (spread unknown) and two
 * device labels on one physical device. Whether the spread between repetitions covers a difference
 * is each comparison's {@link Verdict}. What is suspect in a single cell (an achieved dataset off the
 * plan, a CPU-saturated host, …) is {@link Suspicions}'. Stateless.
 */
final class QualityChecks {
  private QualityChecks() {
  }

  static List<String> of(Collection<Aggregate> aggregates, List<DeviceColumn> devices) {
    var found = new ArrayList<String>();
    if (!aggregates.isEmpty() && aggregates.stream().allMatch(a -> a.repetitions() == 1)) {
      found.add("single repetition: every figure comes from one run, so the spread between runs is unknown and no "
          + "comparison gets a verdict (set " + StudySettings.REPETITIONS + " to 5 or more)");
    }
    for (int i = 0; i < devices.size(); i++) {
      for (int j = i + 1; j < devices.size(); j++) {
        var shared = devices.get(i).sharedWith(devices.get(j));
        if (!shared.isEmpty()) {
          found.add("devices " + devices.get(i).label() + " and " + devices.get(j).label()
              + " resolve to the same physical device (" + String.join(", ", shared)
              + "): comparing them compares that device with itself");
        }
      }
    }
    return found;
  }
}
