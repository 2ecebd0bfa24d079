package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.Capacity;
import io.github.ycsbstorage.result.TargetRate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Finds the highest target rate at which a cell meets its latency objective: an unthrottled step
 * gives the saturation rate S, the upper end; then a step at S (met: a step at 1.25 × S confirms
 * where it stops), else bisection of (0, S) for a bounded number of steps. A step meets the objective
 * when it kept its target (within {@link TargetRate#TOLERANCE}) and its intended-time latency is within
 * the bound. Bisection assumes that latency grows with the rate; a noisy or non-monotone system can
 * meet the objective once at a rate it does not carry, so the rate found is run once more: when that
 * re-run misses, the capacity is unconfirmed ({@link Capacity#unconfirmed}). Not thread-safe.
 */
final class CapacitySearch {
  /** Above saturation: the step that shows where a cell that met at saturation stops. */
  static final double BEYOND = 1.25;

  /** Runs one step: a short run of the cell at {@code target} ops/s, 0 for unthrottled. */
  interface Prober {
    Capacity.Step probe(double target) throws IOException, InterruptedException;
  }

  private CapacitySearch() {
  }

  /**
   * @param bisections steps of bisection below saturation
   */
  static Capacity run(LatencyObjective objective, Prober prober, int bisections)
      throws IOException, InterruptedException {
    var found = search(objective, prober, bisections);
    return found.lastMet().isPresent() ? found.confirmedBy(prober.probe(found.lastMet().getAsDouble())) : found;
  }

  private static Capacity search(LatencyObjective objective, Prober prober, int bisections)
      throws IOException, InterruptedException {
    var steps = new ArrayList<Capacity.Step>();
    var unthrottled = prober.probe(0);
    steps.add(unthrottled);
    double saturation = unthrottled.achieved();
    if (!(saturation > 0)) {
      return new Capacity(objective.text(), saturation, steps, OptionalDouble.empty(), OptionalDouble.empty(),
          Optional.empty());
    }
    var atSaturation = prober.probe(saturation);
    steps.add(atSaturation);
    if (atSaturation.met()) {
      var beyond = prober.probe(saturation * BEYOND);
      steps.add(beyond);
      return beyond.met()
          ? new Capacity(objective.text(), saturation, steps, OptionalDouble.of(beyond.target()), OptionalDouble.empty(),
              Optional.empty())
          : new Capacity(objective.text(), saturation, steps, OptionalDouble.of(saturation),
              OptionalDouble.of(beyond.target()), Optional.empty());
    }
    double low = 0;
    double high = saturation;
    for (int i = 0; i < bisections; i++) {
      var step = prober.probe((low + high) / 2);
      steps.add(step);
      if (step.met()) {
        low = step.target();
      } else {
        high = step.target();
      }
    }
    return new Capacity(objective.text(), saturation, steps, low > 0 ? OptionalDouble.of(low) : OptionalDouble.empty(),
        OptionalDouble.of(high), Optional.empty());
  }

  /** Whether a step kept its target and met the objective. */
  static boolean met(LatencyObjective objective, double target, double achieved, OptionalDouble latencyUs) {
    return achieved >= target * (1 - TargetRate.TOLERANCE) && objective.met(latencyUs);
  }
}
