package io.github.ycsbstorage.result;

import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The {@code summary} section: YCSB's own figures of the phase. Immutable.
 *
 * @param runtimeMs           YCSB's {@code [OVERALL], RunTime(ms)}
 * @param throughputOpsPerSec YCSB's {@code [OVERALL], Throughput(ops/sec)} (a study cell: over all
 *                            its clients)
 * @param operations          per operation type, e.g. {@code READ}, in name order
 * @param errors              operations that returned neither {@code OK} nor {@code BATCHED_OK}
 */
public record Summary(OptionalLong runtimeMs, OptionalDouble throughputOpsPerSec,
    Map<String, OperationFigures> operations, long errors) {

  public Summary {
    operations = operations == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(operations));
  }

  /** A summary whose error count is that of its operations. */
  public static Summary of(OptionalLong runtimeMs, OptionalDouble throughput, Map<String, OperationFigures> operations) {
    return new Summary(runtimeMs, throughput, operations,
        operations.values().stream().mapToLong(OperationFigures::errors).sum());
  }

  /** Operations the phase measured, YCSB's {@code CLEANUP} pseudo-operation and empty ones left out. */
  public Map<String, OperationFigures> measured() {
    var measured = new TreeMap<String, OperationFigures>();
    operations.forEach((name, figures) -> {
      if (!name.equals("CLEANUP") && figures.count() > 0) {
        measured.put(name, figures);
      }
    });
    return measured;
  }

  /** Completed operations over all measured types. */
  public long count() {
    return measured().values().stream().mapToLong(OperationFigures::count).sum();
  }

  /** The throughput in {@code format} (e.g. {@code %.1f ops/s}), or {@code unknown} when YCSB reported none. */
  public String throughputText(String format, String unknown) {
    return throughputOpsPerSec.isPresent()
        ? String.format(Locale.ROOT, format, throughputOpsPerSec.getAsDouble()) : unknown;
  }
}
