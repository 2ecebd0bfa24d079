package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.Phase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The run order of a study's cells. For each dataset scale, for each repetition ({@link
 * RunOrder#INTERLEAVED}: every device in turn within it, in reverse order in even repetitions; {@link
 * RunOrder#GROUPED}: each device's repetitions together): in the first, the device's load; then the cells of workloads without inserts (workload × distribution,
 * in file order), then the cells of workloads with inserts (read-latest), so that inserted records
 * never reach a read/update cell of the same repetition; with {@code study.targets}, one run cell per
 * rate, lowest first. Immutable.
 */
public final class StudyPlan {
  private final List<Cell> cells;

  public StudyPlan(StudySettings study) {
    var ordered = new ArrayList<Cell>();
    var distributions = study.distributions().isEmpty()
        ? List.<Optional<String>>of(Optional.empty())
        : study.distributions().stream().map(Optional::of).toList();
    var byInserts = new ArrayList<StudySettings.Workload>();
    study.workloads().stream().filter(w -> !w.inserts()).forEach(byInserts::add);
    study.workloads().stream().filter(StudySettings.Workload::inserts).forEach(byInserts::add);
    var groups = study.order() == RunOrder.INTERLEAVED ? List.of(study.devices())
        : study.devices().stream().map(List::of).toList();
    for (var scale : study.scales()) {
      for (var devices : groups) {
        for (int repetition = 1; repetition <= study.repetitions(); repetition++) {
          for (var device : repetition % 2 == 0 ? reversed(devices) : devices) {
            if (repetition == 1) { // just before its first run cells: one server start for both
              ordered.add(new Cell(ordered.size() + 1, Phase.LOAD, device, scale, study.workloads().get(0),
                  Optional.empty(), 0));
            }
            for (var workload : byInserts) {
              for (var distribution : distributions) {
                if (study.targets().isEmpty()) {
                  ordered.add(new Cell(ordered.size() + 1, Phase.RUN, device, scale, workload, distribution,
                      repetition));
                }
                for (var target : study.targets()) {
                  ordered.add(new Cell(ordered.size() + 1, Phase.RUN, device, scale, workload, distribution,
                      repetition, Optional.of(target)));
                }
              }
            }
          }
        }
      }
    }
    this.cells = List.copyOf(ordered);
  }

  private static <T> List<T> reversed(List<T> list) {
    var copy = new ArrayList<>(list);
    Collections.reverse(copy);
    return copy;
  }

  public List<Cell> cells() {
    return cells;
  }
}
