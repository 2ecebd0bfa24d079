package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.PercentilePoint;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.StudyCell;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * One result file as the report reads it: the {@link Result} and where it lies. Absent figures
 * read as empty or NaN, never as zero. Immutable.
 */
public record ReportCell(Path file, Result result) {
  public ReportCell {
    if (file == null || result == null) {
      throw new IllegalArgumentException("file and result are required");
    }
  }

  public String id() {
    return result.study().map(StudyCell::cell).orElse(file.getFileName().toString().replaceFirst("\\.json$", ""));
  }

  public String studyName() {
    return result.study().map(StudyCell::name).orElse("");
  }

  public boolean isLoad() {
    return result.phase() == Phase.LOAD;
  }

  public String device() {
    return result.study().map(s -> s.device().name()).orElse("?");
  }

  public String scale() {
    return result.study().map(s -> s.scale().label()).orElse("?");
  }

  public String workload() {
    return result.study().map(StudyCell::workload).orElse("?");
  }

  /** The distribution, or the workload file's own when the study did not override it. */
  public String distribution() {
    return result.study().flatMap(StudyCell::distribution)
        .orElse(result.properties().getOrDefault("requestdistribution", "default"));
  }

  public int repetition() {
    return result.study().map(StudyCell::repetition).orElse(0);
  }

  /** 1-based position in its study's run order; 0 outside a study. */
  public int index() {
    return result.study().map(StudyCell::index).orElse(0);
  }

  public double throughput() {
    return result.summary().throughputOpsPerSec().orElse(Double.NaN);
  }

  public long errors() {
    return result.summary().errors();
  }

  /** Operation names with figures, e.g. READ, UPDATE (YCSB's CLEANUP left out). */
  public List<String> operations() {
    return List.copyOf(result.summary().measured().keySet());
  }

  /** A latency figure of an operation in µs, e.g. {@code OperationFigures::p99Us}; NaN when absent. */
  public double latency(String operation, Function<OperationFigures, OptionalLong> figure) {
    var figures = result.summary().operations().get(operation);
    if (figures == null) {
      return Double.NaN;
    }
    var value = figure.apply(figures);
    return value.isPresent() ? value.getAsLong() : Double.NaN;
  }

  /** The operation's latency distribution for plots. */
  public List<PercentilePoint> latencyDistribution(String operation) {
    return result.latency().getOrDefault(operation, List.of());
  }

  public Optional<Double> clientCpuUtilization() {
    var value = result.study().map(StudyCell::clientCpuUtilization);
    return value.isPresent() && value.get().isPresent() ? Optional.of(value.get().getAsDouble()) : Optional.empty();
  }

  /** The collector's time-series file, resolved against this result's folder. */
  public Optional<Path> timeSeries() {
    return result.sections().timeseries().map(name -> file.toAbsolutePath().getParent().resolve(name));
  }
}
