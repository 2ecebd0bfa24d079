package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.ycsbstorage.config.Check;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The {@code capacity} section of a study cell run as a capacity search ({@code study.slo}): the
 * highest rate at which the cell met its latency objective, found by short runs at fixed target rates.
 * The cell's other figures are those of the highest step that met it (of the unthrottled step when
 * none did). Immutable.
 *
 * @param objective   as given, e.g. {@code p99<=10ms}
 * @param saturation  the unthrottled step's throughput, ops/s: the search's upper end
 * @param steps       every step in the order run; the first is the unthrottled one
 * @param lastMet     the highest target that met the objective; empty when none did
 * @param firstMissed the lowest target above it that missed; empty when the search met it at every rate it tried
 */
public record Capacity(String objective, double saturation, List<Step> steps,
    @JsonInclude(JsonInclude.Include.ALWAYS) OptionalDouble lastMet,
    @JsonInclude(JsonInclude.Include.ALWAYS) OptionalDouble firstMissed) {

  /**
   * One short run.
   *
   * @param target    ops/s; 0 for the unthrottled step
   * @param achieved  ops/s
   * @param latencyUs the objective's latency (intended-time under a target); empty when not measured
   * @param met       whether the target was kept (within {@link TargetRate#TOLERANCE}) and the latency met
   * @param cell      the step's result, relative to the cell's folder
   */
  public record Step(double target, double achieved, OptionalDouble latencyUs, boolean met, String cell) {
  }

  public Capacity {
    Check.argument(objective != null && steps != null && !steps.isEmpty(),
        "a capacity section needs its objective and steps");
    steps = List.copyOf(steps);
    lastMet = lastMet == null ? OptionalDouble.empty() : lastMet;
    firstMissed = firstMissed == null ? OptionalDouble.empty() : firstMissed;
  }

  /** E.g. {@code 1,900 ops/s (met at 1,900, missed at 2,100)}, or why there is no figure. */
  public String describe() {
    if (lastMet.isEmpty()) {
      return String.format(Locale.ROOT, "below %,.0f ops/s (no rate tried met %s)",
          firstMissed.orElse(saturation), objective);
    }
    return String.format(Locale.ROOT, "%,.0f ops/s (met at %,.0f, %s)", lastMet.getAsDouble(), lastMet.getAsDouble(),
        firstMissed.isPresent() ? String.format(Locale.ROOT, "missed at %,.0f", firstMissed.getAsDouble())
            : "no higher rate tried");
  }
}
