package io.github.ycsbstorage.result;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Collects YCSB's own summary from the metrics its {@code Client} and measurements export: the
 * {@code [OVERALL]} runtime and throughput, and per operation the count, latency figures and return
 * codes. Latency histogram buckets, GC and JVM figures and intended-latency series are left out.
 *
 * <p>Not thread-safe: YCSB exports from its main thread only.
 */
final class YcsbSummary {
  private static final Pattern PERCENTILE = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:st|nd|rd|th)PercentileLatency\\(us\\)");
  private static final Set<String> OK_CODES = Set.of("OK", "BATCHED_OK");

  private Long runtimeMs;
  private Double throughput;
  private final Map<String, Map<String, Object>> operations = new TreeMap<>();

  void accept(String metric, String measurement, Number value) {
    if (metric.equals("OVERALL")) {
      switch (measurement) {
        case "RunTime(ms)" -> runtimeMs = value.longValue();
        case "Throughput(ops/sec)" -> throughput = value.doubleValue();
        default -> { }
      }
      return;
    }
    if (metric.startsWith("TOTAL_GC") || metric.startsWith("Intended-") || metric.endsWith("_MEM_USED")
        || metric.endsWith("_THREADS") || metric.endsWith("_SYS_LOAD_AVG")) {
      return;
    }
    var key = figure(measurement);
    if (key == null) {
      return;
    }
    var operation = operations.computeIfAbsent(metric, name -> new LinkedHashMap<>());
    if (key.startsWith("Return=")) {
      @SuppressWarnings("unchecked")
      var codes = (Map<String, Long>) operation.computeIfAbsent("returnCodes", name -> new TreeMap<String, Long>());
      codes.put(key.substring("Return=".length()), value.longValue());
    } else {
      operation.put(key, key.equals("averageUs") ? (Object) value.doubleValue() : (Object) value.longValue());
    }
  }

  /** The result file's name for a YCSB measurement, or null when it is not part of the summary. */
  private static String figure(String measurement) {
    if (measurement.startsWith("Return=")) {
      return measurement;
    }
    switch (measurement) {
      case "Operations":
        return "count";
      case "AverageLatency(us)":
        return "averageUs";
      case "MinLatency(us)":
        return "minUs";
      case "MaxLatency(us)":
        return "maxUs";
      default:
        break;
    }
    var matcher = PERCENTILE.matcher(measurement);
    if (!matcher.matches()) {
      return null;
    }
    return switch (matcher.group(1)) {
      case "50" -> "p50Us";
      case "95" -> "p95Us";
      case "99" -> "p99Us";
      case "99.9" -> "p999Us";
      default -> "p" + matcher.group(1).replace(".", "") + "Us";
    };
  }

  /** Operations that returned something other than OK or BATCHED_OK. */
  long errors() {
    long errors = 0;
    for (var operation : operations.values()) {
      @SuppressWarnings("unchecked")
      var codes = (Map<String, Long>) operation.getOrDefault("returnCodes", Map.of());
      for (var code : codes.entrySet()) {
        if (!OK_CODES.contains(code.getKey())) {
          errors += code.getValue();
        }
      }
    }
    return errors;
  }

  /** The {@code summary} object of the result file. */
  Map<String, Object> toMap() {
    var summary = new LinkedHashMap<String, Object>();
    summary.put("runtimeMs", runtimeMs);
    summary.put("throughputOpsPerSec", throughput);
    summary.put("operations", operations);
    summary.put("errors", errors());
    return summary;
  }
}
