package io.github.ycsbstorage.study;

import java.nio.file.Path;
import java.util.List;

/**
 * What a study run ended with. Immutable.
 *
 * @param results the result files of the cells that have one (kept or run now), in run order
 * @param cells   the cells of the study
 * @param kept    cells whose earlier result was kept (resume)
 * @param failed  cells whose result is failed or interrupted, with the reason
 * @param skipped cells not run because the load they depend on failed, with the reason
 */
public record StudyOutcome(List<Path> results, int cells, int kept, List<String> failed, List<String> skipped) {
  public StudyOutcome {
    results = List.copyOf(results);
    failed = List.copyOf(failed);
    skipped = List.copyOf(skipped);
  }

  /** Whether every cell has a complete or degraded result. */
  public boolean succeeded() {
    return failed.isEmpty() && skipped.isEmpty();
  }
}
