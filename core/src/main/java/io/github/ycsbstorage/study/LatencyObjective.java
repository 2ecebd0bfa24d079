package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Summary;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A latency objective ({@code study.slo}), e.g. {@code p99<=10ms} (the worst operation type) or
 * {@code READ.p99<=2ms}. Judged on intended-time latencies, which include the wait for a client that
 * fell behind its schedule. Immutable.
 *
 * @param text       as given, trimmed
 * @param percentile which percentile
 * @param limitUs    the bound, in microseconds
 * @param operation  YCSB's operation name (e.g. {@code READ}); empty: every measured operation
 */
public record LatencyObjective(String text, Percentile percentile, long limitUs, Optional<String> operation) {
  static final String ACCEPTED = "[OPERATION.]pNN<=DURATION with pNN one of p50, p95, p99, p99.9, e.g. p99<=10ms "
      + "or READ.p99<=2ms";
  private static final Pattern SYNTAX = Pattern.compile("(?:([A-Za-z-]+)\\.)?(p[0-9.]+)\\s*<=\\s*(\\S+)");

  /** The percentiles a result's summary carries. */
  public enum Percentile {
    P50("p50", OperationFigures::p50Us, 100), P95("p95", OperationFigures::p95Us, 200),
    P99("p99", OperationFigures::p99Us, 1_000), P999("p99.9", OperationFigures::p999Us, 10_000);

    private final String label;
    private final Function<OperationFigures, OptionalLong> figure;
    /** Below this many operations the percentile is a handful of the slowest, not a distribution's. */
    private final long minimumOperations;

    public String label() {
      return label;
    }

    Percentile(String label, Function<OperationFigures, OptionalLong> figure, long minimumOperations) {
      this.label = label;
      this.figure = figure;
      this.minimumOperations = minimumOperations;
    }

    public long minimumOperations() {
      return minimumOperations;
    }
  }

  /** Parses {@code text} as the value of {@code key}. */
  static LatencyObjective parse(String key, String text) {
    var matcher = SYNTAX.matcher(text.trim());
    Check.input(matcher.matches(), key, text, ACCEPTED);
    var percentile = java.util.Arrays.stream(Percentile.values()).filter(p -> p.label.equals(matcher.group(2)))
        .findFirst().orElseThrow(() -> new InvalidPropertyException(key, text, ACCEPTED));
    long limitUs;
    try {
      limitUs = DurationFormat.parse(matcher.group(3)).toNanos() / 1_000;
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException(key, text, ACCEPTED);
    }
    Check.input(limitUs > 0, key, text, ACCEPTED, "the bound must be at least 1 µs");
    return new LatencyObjective(text.trim(), percentile,
        limitUs, Optional.ofNullable(matcher.group(1)).map(op -> op.toUpperCase(Locale.ROOT)));
  }

  /**
   * The objective's latency in {@code summary}: the named operation's percentile, or the worst over
   * the measured operations; intended-time figures where recorded. Empty when not measured.
   */
  public OptionalDouble latencyUs(Summary summary) {
    var measured = summary.measured();
    if (operation.isPresent()) {
      var figures = measured.get(operation.get());
      return figures == null ? OptionalDouble.empty() : of(figures);
    }
    var worst = OptionalDouble.empty();
    for (var figures : measured.values()) {
      var latency = of(figures);
      if (latency.isEmpty()) {
        return OptionalDouble.empty(); // one operation unmeasured: the worst is unknown
      }
      if (worst.isEmpty() || latency.getAsDouble() > worst.getAsDouble()) {
        worst = latency;
      }
    }
    return worst;
  }

  private OptionalDouble of(OperationFigures figures) {
    var value = percentile.figure.apply(figures.intended().orElse(figures));
    return value.isPresent() ? OptionalDouble.of(value.getAsLong()) : OptionalDouble.empty();
  }

  /** Whether a measured latency meets the bound. */
  boolean met(OptionalDouble latencyUs) {
    return latencyUs.isPresent() && latencyUs.getAsDouble() <= limitUs;
  }
}
