package io.github.ycsbstorage.phaseend;

import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Summary;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Collects YCSB's own summary from the metrics its {@code Client} and measurements export: the
 * {@code [OVERALL]} runtime and throughput, and per operation the count, latency figures and return
 * codes, with the intended-time figures ({@code [Intended-READ]}, {@code measurement.interval=both})
 * beside the operation's own, in the shape of every measurement type (raw's {@code Total Operations},
 * {@code Average}, {@code p50} included). Latency histogram buckets, GC and JVM figures are left out.
 *
 * <p>Not thread-safe: YCSB exports from its main thread only.
 */
final class YcsbSummary {
  /** YCSB writes {@code 99thPercentileLatency(us)} for whole percentiles and {@code 99.9PercentileLatency(us)} else. */
  private static final Pattern PERCENTILE = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:st|nd|rd|th)?PercentileLatency\\(us\\)");
  /** {@code measurementtype=raw} writes {@code p50}, {@code p99.9}, ... (µs). */
  private static final Pattern RAW_PERCENTILE = Pattern.compile("p(\\d+(?:\\.\\d+)?)");

  private Long runtimeMs;
  private Double throughput;
  private final Map<String, Figures> operations = new TreeMap<>();
  /** YCSB's {@code Intended-<OP>} figures, by operation. */
  private final Map<String, Figures> intended = new TreeMap<>();
  /** Every metric that arrived, figures left out here included. */
  private final Set<String> metrics = new TreeSet<>();

  /** One operation's figures as they arrive. */
  private static final class Figures {
    long count;
    Double averageUs;
    Long minUs;
    Long maxUs;
    final Map<String, Long> percentiles = new LinkedHashMap<>();
    final Map<String, Long> returnCodes = new TreeMap<>();

    OperationFigures toFigures(Optional<OperationFigures> intended) {
      return new OperationFigures(count, averageUs == null ? OptionalDouble.empty() : OptionalDouble.of(averageUs),
          optional(minUs), optional(maxUs), optional(percentiles.get("p50Us")), optional(percentiles.get("p95Us")),
          optional(percentiles.get("p99Us")), optional(percentiles.get("p999Us")), percentiles, returnCodes,
          intended);
    }

    private static OptionalLong optional(Long value) {
      return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }
  }

  void accept(String metric, String measurement, Number value) {
    metrics.add(metric);
    if (metric.equals("OVERALL")) {
      switch (measurement) {
        case "RunTime(ms)" -> runtimeMs = value.longValue();
        case "Throughput(ops/sec)" -> throughput = value.doubleValue();
        default -> { }
      }
      return;
    }
    if (metric.startsWith("TOTAL_GC") || metric.endsWith("_MEM_USED") || metric.endsWith("_THREADS")
        || metric.endsWith("_SYS_LOAD_AVG")) {
      return;
    }
    var figures = metric.startsWith(OperationFigures.INTENDED_PREFIX)
        ? intended.computeIfAbsent(metric.substring(OperationFigures.INTENDED_PREFIX.length()), name -> new Figures())
        : operations.computeIfAbsent(metric, name -> new Figures());
    if (measurement.startsWith("Return=")) {
      figures.returnCodes.put(measurement.substring("Return=".length()), value.longValue());
      return;
    }
    // measurementtype=raw names them Total Operations, Average, Min, Max, p50, p99.9, ...
    switch (measurement) {
      case "Operations", "Total Operations" -> figures.count = value.longValue();
      case "AverageLatency(us)", "Average" -> figures.averageUs = value.doubleValue();
      case "MinLatency(us)", "Min" -> figures.minUs = value.longValue();
      case "MaxLatency(us)", "Max" -> figures.maxUs = value.longValue();
      default -> {
        var matcher = PERCENTILE.matcher(measurement);
        var raw = RAW_PERCENTILE.matcher(measurement);
        if (matcher.matches()) {
          figures.percentiles.put(OperationFigures.percentileKey(matcher.group(1)), value.longValue());
        } else if (raw.matches()) {
          figures.percentiles.put(OperationFigures.percentileKey(raw.group(1)), value.longValue());
        }
      }
    }
  }

  /** The names of the metrics that arrived, e.g. {@code OVERALL}, {@code READ}, {@code Intended-READ}. */
  Set<String> metrics() {
    return Set.copyOf(metrics);
  }

  /** The {@code summary} section. */
  Summary summary() {
    var figures = new TreeMap<String, OperationFigures>();
    operations.forEach((name, collected) -> figures.put(name, collected.toFigures(
        Optional.ofNullable(intended.get(name)).map(times -> times.toFigures(Optional.empty())))));
    return Summary.of(runtimeMs == null ? OptionalLong.empty() : OptionalLong.of(runtimeMs),
        throughput == null ? OptionalDouble.empty() : OptionalDouble.of(throughput), figures);
  }
}
