package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.Check;

/**
 * How a study searches each run cell's capacity ({@code study.slo}, {@code study.slo.steps},
 * {@code study.slo.runs}). Immutable.
 *
 * @param objective   the latency objective a step must meet
 * @param bisections  steps of bisection below saturation
 * @param runsPerRate runs of each rate the search judges, odd: the rate's verdict is their majority, so
 *                    that one stall of a shared host neither sinks a rate the device carries nor lifts
 *                    one it does not; 1 judges each rate by one run and re-runs the rate found once
 */
public record CapacitySearchSettings(LatencyObjective objective, int bisections, int runsPerRate) {
  public CapacitySearchSettings {
    Check.argument(objective != null && bisections >= 1, "a capacity search needs an objective and bisections");
    Check.argument(runsPerRate >= 1 && runsPerRate % 2 == 1, "an odd number of runs per rate");
  }

  /** Runs of one rate that agree decide it: the majority of {@link #runsPerRate}. */
  int majority() {
    return runsPerRate / 2 + 1;
  }
}
