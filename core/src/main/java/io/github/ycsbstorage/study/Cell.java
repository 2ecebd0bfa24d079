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
 */
public record Cell(int index, Phase phase, Device device, DatasetScale scale, StudySettings.Workload workload,
    Optional<String> distribution, int repetition) {

  public Cell {
    if (index < 1 || phase == null || device == null || scale == null || workload == null || distribution == null) {
      throw new IllegalArgumentException("incomplete cell");
    }
  }

  /** File-name-safe and unique within a study, e.g. {@code ssd_ratio1.33_workloada-zipfian_r1}. */
  public String id() {
    var prefix = device.name() + "_" + scale.label() + "_";
    if (phase == Phase.LOAD) {
      return prefix + "load";
    }
    return prefix + workload.name() + distribution.map(d -> "-" + d).orElse("") + "_r" + repetition;
  }

  /**
   * Replaces {@code {datadir}}, {@code {device}} and {@code {scale}} (the dataset scale's label with
   * '.' as '_', e.g. {@code ratio0_33}: usable in database names) in a command or property value.
   */
  public String substitute(String text) {
    return device.substitute(text).replace("{scale}", scale.label().replace('.', '_'));
  }

  /** The {@code bin/ycsb} command word. */
  public String command() {
    return phase.command();
  }
}
