package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One cell result file as the report reads it (docs/RESULTS.md plus the study runner's
 * {@code study}, {@code latency} and {@code clients} sections). Absent figures read as empty or NaN,
 * never as zero. Immutable.
 */
public record ReportCell(Path file, JsonNode json) {
  public ReportCell {
    if (file == null || json == null) {
      throw new IllegalArgumentException("file and json are required");
    }
  }

  public String id() {
    return json.path("study").path("cell").asText(file.getFileName().toString().replaceFirst("\\.json$", ""));
  }

  public String studyName() {
    return json.path("study").path("name").asText("");
  }

  public boolean isLoad() {
    return json.path("phase").asText().equals("load");
  }

  public String device() {
    return json.path("study").path("device").path("name").asText("?");
  }

  public String scale() {
    return json.path("study").path("scale").path("label").asText("?");
  }

  public String workload() {
    return json.path("study").path("workload").asText("?");
  }

  /** The distribution, or the workload file's own when the study did not override it. */
  public String distribution() {
    var given = json.path("study").path("distribution");
    return given.isTextual() ? given.asText() : json.path("properties").path("requestdistribution")
        .asText("default");
  }

  public int repetition() {
    return json.path("study").path("repetition").asInt(0);
  }

  public double throughput() {
    return number(json.path("summary").path("throughputOpsPerSec"));
  }

  public long errors() {
    return json.path("summary").path("errors").asLong(0);
  }

  /** Operation names with figures, e.g. READ, UPDATE (YCSB's CLEANUP left out). */
  public List<String> operations() {
    var names = new ArrayList<String>();
    json.path("summary").path("operations").fieldNames().forEachRemaining(n -> {
      if (!n.equals("CLEANUP") && json.path("summary").path("operations").path(n).path("count").asLong() > 0) {
        names.add(n);
      }
    });
    return names;
  }

  /** A latency figure of an operation in µs, e.g. {@code p99Us}; NaN when absent. */
  public double latency(String operation, String figure) {
    return number(json.path("summary").path("operations").path(operation).path(figure));
  }

  /** {@code [percentile, µs]} points for the operation's latency plot. */
  public List<double[]> latencyDistribution(String operation) {
    var points = new ArrayList<double[]>();
    json.path("latency").path(operation).forEach(p -> points.add(new double[] {p.get(0).asDouble(), p.get(1).asDouble()}));
    return points;
  }

  public Optional<Double> clientCpuUtilization() {
    var value = json.path("study").path("clientCpuUtilization");
    return value.isNumber() ? Optional.of(value.asDouble()) : Optional.empty();
  }

  /** The collector's time-series file, resolved against this result's folder. */
  public Optional<Path> timeSeries() {
    var value = json.path("timeseries");
    return value.isTextual() ? Optional.of(file.toAbsolutePath().getParent().resolve(value.asText()))
        : Optional.empty();
  }

  public JsonNode section(String name) {
    return json.path(name);
  }

  static double number(JsonNode node) {
    return node.isNumber() ? node.asDouble() : Double.NaN;
  }
}
