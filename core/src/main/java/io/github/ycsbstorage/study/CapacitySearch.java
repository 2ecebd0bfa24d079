package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.Capacity;
import io.github.ycsbstorage.result.TargetRate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Finds the highest target rate at which a cell meets its latency objective: an unthrottled step
 * gives the saturation rate S, the upper end; then the rate S (met: the rate 1.25 × S confirms
 * where it stops), else bisection of (0, S) for a bounded number of steps. A step meets the objective
 * when it kept its target (within {@link TargetRate#TOLERANCE}) and its intended-time latency is within
 * the bound. Bisection assumes that latency grows with the rate; a noisy or non-monotone system can
 * meet the objective once at a rate it does not carry, or miss it once at a rate it does. So each rate
 * is judged by the majority of {@link CapacitySearchSettings#runsPerRate} runs (runs stop once a
 * majority agrees); with one run per rate, the rate found is run once more instead, and when that
 * re-run misses, the capacity is unconfirmed ({@link Capacity#unconfirmed}). A run during which the
 * hypervisor took the host's CPUs does not count: it is run again ({@link #STOLEN_RERUNS}). Not thread-safe.
 */
final class CapacitySearch {
  /** Above saturation: the rate that shows where a cell that met at saturation stops. */
  static final double BEYOND = 1.25;
  /**
   * Times a run the hypervisor took ({@link Capacity.Step#stolen}) is run again before the search counts
   * it anyway: a host whose CPUs are taken throughout still ends its search, and the report names the
   * stolen runs it counted.
   */
  static final int STOLEN_RERUNS = 2;

  /** Runs one step: a short run of the cell at {@code target} ops/s, 0 for unthrottled. */
  interface Prober {
    Capacity.Step probe(double target) throws IOException, InterruptedException;
  }

  private final CapacitySearchSettings settings;
  private final Prober prober;
  private final List<Capacity.Step> steps = new ArrayList<>();

  private CapacitySearch(CapacitySearchSettings settings, Prober prober) {
    this.settings = settings;
    this.prober = prober;
  }

  static Capacity run(CapacitySearchSettings settings, Prober prober) throws IOException, InterruptedException {
    var search = new CapacitySearch(settings, prober);
    var found = search.search();
    if (found.lastMet().isEmpty() || settings.runsPerRate() > 1) {
      return found;
    }
    var rerun = search.probe(found.lastMet().getAsDouble());
    return search.capacity(found.saturation(), found.lastMet(), found.firstMissed()).confirmedBy(rerun);
  }

  private Capacity search() throws IOException, InterruptedException {
    var unthrottled = probe(0);
    steps.add(unthrottled);
    double saturation = unthrottled.achieved();
    if (!(saturation > 0)) {
      return capacity(saturation, OptionalDouble.empty(), OptionalDouble.empty());
    }
    if (meets(saturation)) {
      double beyond = saturation * BEYOND;
      return meets(beyond) ? capacity(saturation, OptionalDouble.of(beyond), OptionalDouble.empty())
          : capacity(saturation, OptionalDouble.of(saturation), OptionalDouble.of(beyond));
    }
    double low = 0;
    double high = saturation;
    for (int i = 0; i < settings.bisections(); i++) {
      double rate = (low + high) / 2;
      if (meets(rate)) {
        low = rate;
      } else {
        high = rate;
      }
    }
    return capacity(saturation, low > 0 ? OptionalDouble.of(low) : OptionalDouble.empty(), OptionalDouble.of(high));
  }

  /** Runs {@code rate} until a majority of its runs agree: whether it meets the objective. */
  private boolean meets(double rate) throws IOException, InterruptedException {
    int met = 0;
    int missed = 0;
    while (met < settings.majority() && missed < settings.majority()) {
      var step = probe(rate);
      steps.add(step);
      if (step.met()) {
        met++;
      } else {
        missed++;
      }
    }
    return met > missed;
  }

  /**
   * One run of {@code rate} that counts: a run the hypervisor took measured the host, not the device, so
   * it is recorded as repeated and run again, up to {@link #STOLEN_RERUNS} times.
   */
  private Capacity.Step probe(double rate) throws IOException, InterruptedException {
    var step = prober.probe(rate);
    for (int i = 0; i < STOLEN_RERUNS && step.stolen(); i++) {
      steps.add(step.asRepeated());
      step = prober.probe(rate);
    }
    return step;
  }

  private Capacity capacity(double saturation, OptionalDouble lastMet, OptionalDouble firstMissed) {
    return new Capacity(settings.objective().text(), saturation, steps, settings.runsPerRate(), lastMet, firstMissed,
        Optional.empty());
  }

  /** Whether a step kept its target and met the objective. */
  static boolean met(LatencyObjective objective, double target, double achieved, OptionalDouble latencyUs) {
    return achieved >= target * (1 - TargetRate.TOLERANCE) && objective.met(latencyUs);
  }
}
