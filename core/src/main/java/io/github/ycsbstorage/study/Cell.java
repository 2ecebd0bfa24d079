package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.Phase;
import java.util.Optional;

/**
 * One YCSB phase of a study: the load of one (device, dataset scale), or one run of a workload with
 * a request distribution. Its {@link #id()} names its result file {@code <id>.json}. Immutable.
 *
 * @param index        1-based position in the study's run order
 * @param workload     for a load, the workload file that gives the record shape
 * @param distribution empty: the workload file's own {@code requestdistribution}
 * @param repetition   1-based; 0 for a load
 * @param target       this cell's own target rate over all clients (a rate of {@code study.targets}, or a
 *                     step of a capacity search), which names it; empty: {@code study.target}'s
 */
public record Cell(int index, Phase phase, Device device, DatasetScale scale, StudySettings.Workload workload,
    Optional<String> distribution, int repetition, Optional<Double> target) {

  public Cell(int index, Phase phase, Device device, DatasetScale scale, StudySettings.Workload workload,
      Optional<String> distribution, int repetition) {
    this(index, phase, device, scale, workload, distribution, repetition, Optional.empty());
  }

  public Cell {
    if (index < 1 || phase == null || device == null || scale == null || workload == null || distribution == null
        || target == null) {
      throw new IllegalArgumentException("incomplete cell");
    }
  }

  /**
   * File-name-safe and unique within a study, e.g. {@code ssd_ratio1.33_workloada-zipfian_r1}, or
   * {@code ssd_ratio1.33_workloada-zipfian_r1_t2000} at its own target rate.
   */
  public String id() {
    var prefix = device.name() + "_" + scale.label() + "_";
    if (phase == Phase.LOAD) {
      return prefix + "load";
    }
    return prefix + workload.name() + distribution.map(d -> "-" + d).orElse("") + "_r" + repetition
        + target.map(rate -> "_t" + Math.round(rate)).orElse("");
  }

  /**
   * Replaces {@code {datadir}}, {@code {device}} and {@code {scale}} (the dataset scale's label with
   * '.' as '_', e.g. {@code ratio0_33}: usable in database names) in a command or property value.
   */
  public String substitute(String text) {
    return device.substitute(text).replace("{scale}", scale.label().replace('.', '_'));
  }

  /** This cell at its own target rate (ops/s over all clients). */
  public Cell withTarget(double rate) {
    return new Cell(index, phase, device, scale, workload, distribution, repetition, Optional.of(rate));
  }

  /** The rate this cell runs at: its own, else the study's; empty: unthrottled. */
  public Optional<Double> effectiveTarget(StudySettings study) {
    return target.or(study::target);
  }

  /** The {@code bin/ycsb} command word. */
  public String command() {
    return phase.command();
  }
}
