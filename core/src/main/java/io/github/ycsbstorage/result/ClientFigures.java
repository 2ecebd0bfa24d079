package io.github.ycsbstorage.result;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One client process's own figures in a study cell's {@code clients} section. Immutable.
 *
 * @param index               0-based client number
 * @param runtimeMs           its YCSB run time; empty when it reported none
 * @param throughputOpsPerSec its YCSB throughput; empty when it reported none
 * @param cpuSeconds          CPU time the process used, when measurable
 * @param operations          its figures per operation type
 */
public record ClientFigures(int index, OptionalLong runtimeMs, OptionalDouble throughputOpsPerSec,
    OptionalDouble cpuSeconds,
    Map<String, OperationFigures> operations) {

  public ClientFigures {
    operations = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(operations));
  }
}
