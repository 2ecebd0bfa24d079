package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * The figures of one operation type ({@code summary.operations.READ}), latencies in microseconds.
 * A latency YCSB did not report (e.g. a percentile not in {@code hdrhistogram.percentiles}) is
 * empty, written as {@code null}. Immutable.
 *
 * @param count             completed operations
 * @param otherPercentiles  percentiles beyond 50, 95, 99 and 99.9 that YCSB was asked for, by
 *                          {@link #percentileKey key} (e.g. {@code p90Us}); written beside the others
 * @param returnCodes       YCSB's {@code Return=} counts; empty when it reported none
 * @param intended          the same figures measured from each operation's intended start time
 *                          (YCSB's {@code Intended-<OP>}, under a target rate), when recorded
 */
public record OperationFigures(long count, OptionalDouble averageUs, OptionalLong minUs, OptionalLong maxUs,
    OptionalLong p50Us, OptionalLong p95Us, OptionalLong p99Us, OptionalLong p999Us,
    @JsonAnySetter Map<String, Long> otherPercentiles, Map<String, Long> returnCodes,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<OperationFigures> intended) {

  /** YCSB's name of an operation's intended-time measurement: {@code Intended-READ}. */
  public static final String INTENDED_PREFIX = "Intended-";
  private static final Pattern PERCENTILE_KEY = Pattern.compile("p\\d+Us");
  private static final Set<String> NAMED = Set.of("p50Us", "p95Us", "p99Us", "p999Us");
  /** Return codes that are successes; every other code counts as an error. */
  private static final Set<String> OK_CODES = Set.of("OK", "BATCHED_OK");

  public OperationFigures {
    var others = new TreeMap<String, Long>();
    if (otherPercentiles != null) {
      otherPercentiles.forEach((key, value) -> {
        if (PERCENTILE_KEY.matcher(key).matches() && !NAMED.contains(key) && value != null) {
          others.put(key, value);
        }
      });
    }
    otherPercentiles = Map.copyOf(others);
    returnCodes = returnCodes == null ? Map.of() : Map.copyOf(new TreeMap<>(returnCodes));
    intended = intended == null ? Optional.empty() : intended;
  }

  @JsonAnyGetter
  @Override
  public Map<String, Long> otherPercentiles() {
    return new TreeMap<>(otherPercentiles);
  }

  /** Figures of a histogram of µs values; a histogram without values has no latencies. */
  public static OperationFigures of(Histogram histogram, Map<String, Long> returnCodes) {
    if (histogram.getTotalCount() == 0) {
      return new OperationFigures(0, OptionalDouble.empty(), OptionalLong.empty(), OptionalLong.empty(),
          OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), Map.of(),
          returnCodes, Optional.empty());
    }
    return new OperationFigures(histogram.getTotalCount(), OptionalDouble.of(histogram.getMean()),
        OptionalLong.of(histogram.getMinValue()), OptionalLong.of(histogram.getMaxValue()),
        OptionalLong.of(histogram.getValueAtPercentile(50)), OptionalLong.of(histogram.getValueAtPercentile(95)),
        OptionalLong.of(histogram.getValueAtPercentile(99)), OptionalLong.of(histogram.getValueAtPercentile(99.9)),
        Map.of(), returnCodes, Optional.empty());
  }

  /** These figures with {@code intended} as their intended-time figures. */
  public OperationFigures withIntended(Optional<OperationFigures> intended) {
    return new OperationFigures(count, averageUs, minUs, maxUs, p50Us, p95Us, p99Us, p999Us, otherPercentiles,
        returnCodes, intended);
  }

  /** The result file's key of a percentile: 50 → {@code p50Us}, 99.9 → {@code p999Us}. */
  public static String percentileKey(String percentile) {
    var digits = percentile.contains(".") ? percentile.replaceAll("0+$", "").replaceAll("\\.$", "") : percentile;
    return "p" + digits.replace(".", "") + "Us";
  }

  /** A percentile by its number, e.g. {@code 99.9}; empty when YCSB did not report it. */
  public OptionalLong percentile(double percentile) {
    var key = percentileKey(new BigDecimal(Double.toString(percentile)).stripTrailingZeros()
        .toPlainString());
    return switch (key) {
      case "p50Us" -> p50Us;
      case "p95Us" -> p95Us;
      case "p99Us" -> p99Us;
      case "p999Us" -> p999Us;
      default -> otherPercentiles.containsKey(key) ? OptionalLong.of(otherPercentiles.get(key)) : OptionalLong.empty();
    };
  }

  /** Operations that returned something other than {@code OK} or {@code BATCHED_OK}. */
  public long errors() {
    return returnCodes.entrySet().stream().filter(code -> !OK_CODES.contains(code.getKey()))
        .mapToLong(Map.Entry::getValue).sum();
  }
}
