package io.github.ycsbstorage.result;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The {@code study} section of a study cell's result: where the cell sits in its study's matrix.
 * Immutable.
 *
 * @param name                  the study's name
 * @param cell                  the cell's id, also its file name
 * @param index                 1-based position in the study's run order
 * @param device                the study's device (its label and data folder)
 * @param scale                 the dataset size
 * @param workload              the workload file's name
 * @param distribution          the request distribution; empty for a load
 * @param repetition            1-based; 0 for a load
 * @param cache                 {@code warm} or {@code cold}
 * @param clients               client processes
 * @param threadcount           YCSB threads of each client
 * @param target                the cell's target throughput over all clients, ops/s; empty: unthrottled
 * @param clientCpuUtilization  the clients' CPU time ÷ (wall time × cores), when measurable
 * @param sumOfClientThroughputsOpsPerSec the sum of the clients' own YCSB throughputs: a secondary
 *                              figure (PerfKitBenchmarker's way) that overstates the cell's when the
 *                              clients did not run side by side; {@code summary.throughputOpsPerSec}
 *                              is the cell's
 * @param inputs                what produced the figures (the clients' effective properties, secrets
 *                              masked, threads, target, binding and version): resume compares them
 */
public record StudyCell(String name, String cell, int index, Device device, Scale scale, String workload,
    Optional<String> distribution, int repetition, String cache, int clients, int threadcount, OptionalDouble target,
    OptionalDouble clientCpuUtilization, OptionalDouble sumOfClientThroughputsOpsPerSec, Map<String, String> inputs) {

  public StudyCell {
    sumOfClientThroughputsOpsPerSec = sumOfClientThroughputsOpsPerSec == null ? OptionalDouble.empty()
        : sumOfClientThroughputsOpsPerSec;
    // Absent from files written before inputs were recorded: such a cell is stale on resume.
    inputs = inputs == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(inputs));
  }

  /** This section under another cell id (a capacity search's cell, from its chosen step's). */
  public StudyCell renamed(String id) {
    return new StudyCell(name, id, index, device, scale, workload, distribution, repetition, cache, clients,
        threadcount, target, clientCpuUtilization, sumOfClientThroughputsOpsPerSec, inputs);
  }

  /**
   * A study device.
   *
   * @param name     the user's label, e.g. {@code ssd}
   * @param dataPath the data folder on it
   */
  public record Device(String name, String dataPath) {
  }

  /**
   * A dataset size.
   *
   * @param kind  {@code ratio}, {@code size} or {@code records}
   * @param value as given, e.g. {@code 1.33}
   * @param label part of the cell id, e.g. {@code ratio1.33}
   */
  public record Scale(String kind, String value, String label) {
  }
}
