package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.ycsbstorage.config.Check;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The {@code capacity} section of a study cell run as a capacity search ({@code study.slo}): the
 * highest rate at which the cell met its latency objective, found by short runs at fixed target rates.
 * The cell's other figures are those of the highest step that met it (of the unthrottled step when
 * none did). Immutable.
 *
 * @param objective   as given, e.g. {@code p99<=10ms}
 * @param saturation  the unthrottled step's throughput, ops/s: the search's upper end
 * @param steps       every step in the order run, the runs the search repeated among them ({@link Step#repeated});
 *                    the first counted one is the unthrottled one
 * @param runsPerRate runs of each rate tried (odd): a rate met or missed by the majority of its runs, which
 *                    stop once a majority agrees; 1 in results written before it existed
 * @param lastMet     the highest target that met the objective; empty when none did
 * @param firstMissed the lowest target above it that missed; empty when the search met it at every rate it tried
 * @param confirmation a re-run at {@code lastMet} after the search: the search assumes that latency grows
 *                    with the rate, and a noisy or non-monotone system can meet the objective once at a rate
 *                    it does not carry; when it missed, the capacity is unconfirmed. Run with one run per
 *                    rate only (a majority of runs confirms a rate itself); absent when nothing was met
 */
public record Capacity(String objective, double saturation, List<Step> steps, int runsPerRate,
    @JsonInclude(JsonInclude.Include.ALWAYS) OptionalDouble lastMet,
    @JsonInclude(JsonInclude.Include.ALWAYS) OptionalDouble firstMissed,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Step> confirmation) {

  /**
   * One short run.
   *
   * @param target    ops/s; 0 for the unthrottled step
   * @param achieved  ops/s
   * @param latencyUs the objective's latency (intended-time under a target); empty when not measured
   * @param met       whether the target was kept (within {@link TargetRate#TOLERANCE}) and the latency met
   * @param cell      the step's result, relative to the cell's folder
   * @param steal     the host's steal time during the step, percent of all CPUs ({@link CpuShares#steal});
   *                  empty when not measured (or in results written before it was recorded)
   * @param repeated  whether the search ran this step's rate again instead of counting it: the hypervisor
   *                  took the host's CPUs during it ({@link #stolen}), so it measured the host, not the device
   * @param startExcluded operations of the clients' first second left out of {@code latencyUs} (the
   *                  start-transient rule, {@code docs/study.md}); empty for the unthrottled step and in
   *                  results written before the rule
   */
  public record Step(double target, double achieved, OptionalDouble latencyUs, boolean met, String cell,
      OptionalDouble steal, boolean repeated,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalLong startExcluded) {
    public Step {
      steal = steal == null ? OptionalDouble.empty() : steal;
      startExcluded = startExcluded == null ? OptionalLong.empty() : startExcluded;
    }

    /** A step as run, before the search has decided whether it counts. */
    public Step(double target, double achieved, OptionalDouble latencyUs, boolean met, String cell,
        OptionalDouble steal) {
      this(target, achieved, latencyUs, met, cell, steal, false, OptionalLong.empty());
    }

    /** This step, run again by the search instead of counted. */
    public Step asRepeated() {
      return new Step(target, achieved, latencyUs, met, cell, steal, true, startExcluded);
    }

    /** This step, its latency judged without {@code operations} of its start. */
    public Step withStartExcluded(long operations) {
      return new Step(target, achieved, latencyUs, met, cell, steal, repeated, OptionalLong.of(operations));
    }

    /** Whether the hypervisor took the host's CPUs during the step ({@link CpuShares#stolen}). */
    public boolean stolen() {
      return steal.isPresent() && steal.getAsDouble() >= CpuShares.STOLEN_FROM_PERCENT;
    }
  }

  public Capacity {
    Check.argument(objective != null && steps != null && !steps.isEmpty(),
        "a capacity section needs its objective and steps");
    steps = List.copyOf(steps);
    Check.argument(steps.stream().anyMatch(step -> !step.repeated()), "a capacity section needs a step that counted");
    runsPerRate = runsPerRate == 0 ? 1 : runsPerRate; // absent from results written before it existed
    Check.argument(runsPerRate >= 1 && runsPerRate % 2 == 1, "an odd number of runs per rate");
    lastMet = lastMet == null ? OptionalDouble.empty() : lastMet;
    firstMissed = firstMissed == null ? OptionalDouble.empty() : firstMissed;
    confirmation = confirmation == null ? Optional.empty() : confirmation;
  }

  /** This search with its confirming re-run. */
  public Capacity confirmedBy(Step rerun) {
    return new Capacity(objective, saturation, steps, runsPerRate, lastMet, firstMissed, Optional.of(rerun));
  }

  /** The unthrottled step that counted: its throughput is {@link #saturation}. */
  public Step unthrottled() {
    return steps.stream().filter(step -> !step.repeated()).findFirst().orElseThrow();
  }

  /** Whether the re-run at the capacity missed it: the figure is then no firm one. */
  public boolean unconfirmed() {
    return confirmation.isPresent() && !confirmation.get().met();
  }

  /**
   * E.g. {@code 1,900 ops/s (met at 1,900, missed at 2,100; confirmed by a re-run)}, {@code 1,900 ops/s (met at
   * 1,900, missed at 2,100; each rate by the majority of 3 runs)}, {@code unconfirmed: 1,900
   * ops/s met at 1,900 (p99 9.1 ms), missed on its re-run (p99 14.2 ms at 1,899 ops/s); missed at 2,100}, or
   * why there is no figure; each followed by the runs the hypervisor took that were run again, if any.
   */
  public String describe() {
    return figure() + repeatedRuns(List.of(this));
  }

  /**
   * E.g. {@code "; 2 runs the hypervisor took run again"} over {@code searches} (the repetitions of one
   * cell), or "" when none was.
   */
  public static String repeatedRuns(List<Capacity> searches) {
    long repeated = searches.stream().flatMap(c -> c.steps().stream()).filter(Step::repeated).count();
    return repeated == 0 ? "" : String.format(Locale.ROOT, "; %d %s the hypervisor took run again", repeated,
        repeated == 1 ? "run" : "runs");
  }

  private String figure() {
    if (lastMet.isEmpty()) {
      return String.format(Locale.ROOT, "below %,.0f ops/s (no rate tried met %s)",
          firstMissed.orElse(saturation), objective);
    }
    double rate = lastMet.getAsDouble();
    var above = firstMissed.isPresent() ? String.format(Locale.ROOT, "missed at %,.0f", firstMissed.getAsDouble())
        : "no higher rate tried";
    if (unconfirmed()) {
      var met = steps.stream().filter(s -> s.met() && !s.repeated() && s.target() == rate).reduce((a, b) -> b);
      var rerun = confirmation.orElseThrow();
      return String.format(Locale.ROOT, "unconfirmed: %,.0f ops/s met at %,.0f%s, missed on its re-run (%s at %,.0f"
          + " ops/s); %s", rate, rate, met.map(s -> " (" + latency(s) + ")").orElse(""), latency(rerun),
          rerun.achieved(), above);
    }
    return String.format(Locale.ROOT, "%,.0f ops/s (met at %,.0f, %s%s)", rate, rate, above,
        runsPerRate > 1 ? String.format(Locale.ROOT, "; each rate by the majority of %d runs", runsPerRate)
            : confirmation.isPresent() ? "; confirmed by a re-run" : "");
  }

  /** The objective's latency of a step, e.g. {@code 9.1 ms} or {@code 0.097 ms}, or {@code latency unknown}. */
  private static String latency(Step step) {
    if (step.latencyUs().isEmpty()) {
      return "latency unknown";
    }
    double us = step.latencyUs().getAsDouble();
    return String.format(Locale.ROOT, us < 1000 ? "%.3f ms" : "%,.1f ms", us / 1000); // sub-millisecond: not 0.1
  }
}
