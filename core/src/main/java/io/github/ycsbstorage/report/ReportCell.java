package io.github.ycsbstorage.report;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.result.DataDevice;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.PercentilePoint;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.result.StudyCell;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * One result file as the report reads it: the {@link Result} and where it lies. A study cell is
 * labelled by its place in the study; a standalone result by its properties (operation mix, request
 * distribution, dataset size, device). Absent figures read as empty or NaN, never as zero. Immutable.
 */
public record ReportCell(Path file, Result result) {
  /** YCSB's operation proportions, in the order a mix is named. */
  private static final List<String> PROPORTIONS = List.of("read", "update", "insert", "scan", "readmodifywrite");

  public ReportCell {
    Check.argument(file != null && result != null, "file and result are required");
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

  /** The study's device label; for a standalone result the physical devices under its data path. */
  public String device() {
    return result.study().map(s -> s.device().name()).orElseGet(() -> {
      var names = physicalDevices();
      return names.isEmpty() ? "unknown device" : String.join("+", names);
    });
  }

  /** The dataset size as a key, e.g. {@code ratio1.33}; a standalone result's from its sizing plan. */
  public String scale() {
    return result.study().map(s -> s.scale().label()).orElseGet(() -> result.sections().sizing()
        .map(ReportCell::scaleOf).orElse("records" + result.properties().getOrDefault(Client.RECORD_COUNT_PROPERTY, "?")));
  }

  /** The dataset size for readers, e.g. {@code 1.33× RAM} or {@code 0.5× cache}. */
  public String scaleTitle() {
    var multiple = memoryMultiple();
    if (multiple.isPresent() && isRatio()) {
      return Format.multiple(multiple.getAsDouble(), basis());
    }
    return result.study().map(s -> s.scale().kind().equals("records") ? s.scale().value() + " records"
        : s.scale().value()).orElseGet(() -> scale().replaceFirst("^records", "") + " records");
  }

  /**
   * The dataset as a multiple of the memory it was sized against: the study's or plan's ratio, else
   * the plan's bytes over the known memory; empty when neither is known.
   */
  public OptionalDouble memoryMultiple() {
    var scale = result.study().map(StudyCell::scale);
    if (scale.isPresent() && scale.get().kind().equals("ratio")) {
      return OptionalDouble.of(Double.parseDouble(scale.get().value()));
    }
    var sizing = result.sections().sizing();
    if (sizing.isEmpty()) {
      return OptionalDouble.empty();
    }
    if (sizing.get().ratio().isPresent()) {
      return sizing.get().ratio();
    }
    return sizing.get().memory().map(memory -> (double) sizing.get().targetBytes() / memory.bytes())
        .map(OptionalDouble::of).orElse(OptionalDouble.empty());
  }

  /**
   * What the dataset size is a multiple of, as the report names it: {@code RAM} (the host's memory) or
   * {@code cache} (the database's own), from the sizing plan; {@code memory} when the result has none.
   */
  public String basis() {
    return result.sections().sizing().map(s -> s.basis() == Sizing.Basis.CACHE ? "cache" : "RAM").orElse("memory");
  }

  private boolean isRatio() {
    return result.study().map(s -> s.scale().kind().equals("ratio"))
        .orElse(result.sections().sizing().map(s -> s.ratio().isPresent()).orElse(false));
  }

  private static String scaleOf(Sizing sizing) {
    return sizing.ratio().isPresent() ? "ratio" + Format.number(sizing.ratio().getAsDouble())
        : "records" + sizing.recordCount();
  }

  /** The workload file's name; for a standalone result its operation mix, e.g. {@code read 95 % insert 5 %}. */
  public String workload() {
    return result.study().map(StudyCell::workload).orElseGet(this::mix);
  }

  private String mix() {
    var parts = new ArrayList<String>();
    for (var operation : PROPORTIONS) {
      var value = result.properties().get(operation + "proportion");
      if (value != null && Double.parseDouble(value) > 0) {
        parts.add(String.format(Locale.ROOT, "%s %.0f %%", operation, Double.parseDouble(value) * 100));
      }
    }
    return parts.isEmpty() ? result.label().orElse(id()) : String.join(" ", parts);
  }

  /** The distribution, or the workload file's own when the study did not override it (YCSB's default: uniform). */
  public String distribution() {
    return result.study().flatMap(StudyCell::distribution)
        .orElse(result.properties().getOrDefault(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY,
            CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT));
  }

  /** The rate the cell was held to, when it was (a capacity search's chosen step excluded). */
  public OptionalDouble fixedTarget() {
    return result.sections().capacity().isPresent() ? OptionalDouble.empty()
        : result.study().map(StudyCell::target).orElse(OptionalDouble.empty());
  }

  public int repetition() {
    return result.study().map(StudyCell::repetition).orElse(1);
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

  /**
   * Whether every measured operation has intended-time figures (a run under a target rate): those
   * are then the latencies shown first, since the service times hide the waits a stall caused.
   */
  public boolean intendedTime() {
    var measured = result.summary().measured().values();
    return !measured.isEmpty() && measured.stream().allMatch(figures -> figures.intended().isPresent());
  }

  /** The figures shown first: intended-time ones when {@link #intendedTime()}, else service times. */
  private static Optional<OperationFigures> shown(OperationFigures figures, boolean intended) {
    return intended ? figures.intended() : Optional.of(figures);
  }

  /**
   * The mean latency over all measured operations (each type weighted by its count) in µs, intended
   * time when {@link #intendedTime()}; NaN when unknown.
   */
  public double averageLatencyUs() {
    return averageLatencyUs(intendedTime());
  }

  /** The same from the service times (each operation's own start), also under a target rate. */
  public double serviceAverageLatencyUs() {
    return averageLatencyUs(false);
  }

  private double averageLatencyUs(boolean intended) {
    double sum = 0;
    long count = 0;
    for (var measured : result.summary().measured().values()) {
      var figures = shown(measured, intended);
      if (figures.isEmpty() || figures.get().averageUs().isEmpty()) {
        return Double.NaN;
      }
      sum += figures.get().averageUs().getAsDouble() * figures.get().count();
      count += figures.get().count();
    }
    return count == 0 ? Double.NaN : sum / count;
  }

  /** The highest p99 over the measured operation types in µs, intended time when {@link #intendedTime()}. */
  public double worstP99Us() {
    return worstP99Us(intendedTime());
  }

  /** The same from the service times. */
  public double serviceWorstP99Us() {
    return worstP99Us(false);
  }

  /** The highest median over the measured operation types in µs, intended time when {@link #intendedTime()}. */
  public double worstP50Us() {
    return worst(intendedTime(), OperationFigures::p50Us);
  }

  private double worstP99Us(boolean intended) {
    return worst(intended, OperationFigures::p99Us);
  }

  private double worst(boolean intended, java.util.function.Function<OperationFigures, OptionalLong> percentile) {
    return result.summary().measured().values().stream().map(figures -> shown(figures, intended))
        .flatMap(Optional::stream).map(percentile).filter(OptionalLong::isPresent)
        .mapToDouble(OptionalLong::getAsLong).max().orElse(Double.NaN);
  }

  /**
   * Whether every measured operation type did enough operations for the percentile ({@link SampleSize}):
   * the worst p99 is then more than the largest of a handful.
   */
  public boolean supports(double percentile) {
    var measured = result.summary().measured().values();
    return !measured.isEmpty() && measured.stream().allMatch(f -> SampleSize.supports(f.count(), percentile));
  }

  /** Whether the sampled host's CPU was saturated (the cell measured CPU, not storage); empty when not sampled. */
  public Optional<Boolean> cpuSaturated() {
    return result.sections().io().flatMap(Io::cpuSaturated);
  }

  /**
   * The operation's latency distribution for plots: the intended-time one when {@link #intendedTime()}
   * (none rather than the service times under that label); empty when the result holds none.
   */
  public List<PercentilePoint> latencyDistribution(String operation) {
    return result.latency().getOrDefault(intendedTime() ? OperationFigures.INTENDED_PREFIX + operation : operation,
        List.of());
  }

  public Optional<Double> clientCpuUtilization() {
    var value = result.study().map(StudyCell::clientCpuUtilization);
    return value.isPresent() && value.get().isPresent() ? Optional.of(value.get().getAsDouble()) : Optional.empty();
  }

  /** The devices section's entries (empty without a collector). */
  public List<DataDevice> dataDevices() {
    return result.sections().devices().orElse(List.of());
  }

  /**
   * The physical devices under the data path: kernel names, or e.g. {@code tmpfs at /dev/shm} for a
   * file system without a block device.
   */
  public Set<String> physicalDevices() {
    var names = new LinkedHashSet<String>();
    for (var entry : dataDevices()) {
      // A file system without a block device (tmpfs, NFS) has no size: its mount tells instances apart.
      names.add(entry.device().sizeBytes().isEmpty() && entry.mountPoint().isPresent()
          ? entry.device().name() + " at " + entry.mountPoint().get() : entry.device().name());
    }
    return names;
  }

  /** The collector's time-series file, resolved against this result's folder. */
  public Optional<Path> timeSeries() {
    return result.sections().timeseries().map(name -> file.toAbsolutePath().getParent().resolve(name));
  }
}
