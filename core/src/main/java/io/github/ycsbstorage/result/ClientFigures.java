package io.github.ycsbstorage.result;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * One client process's own figures in a study cell's {@code clients} section. Immutable.
 *
 * @param index               0-based client number
 * @param runtimeMs           its YCSB run time
 * @param throughputOpsPerSec its YCSB throughput
 * @param cpuSeconds          CPU time the process used, when measurable
 * @param operations          its figures per operation type
 */
public record ClientFigures(int index, long runtimeMs, double throughputOpsPerSec, OptionalDouble cpuSeconds,
    Map<String, OperationFigures> operations) {

  public ClientFigures {
    operations = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(operations));
  }
}
