package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.TargetRate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * A cell's throughput over all its clients: the operations they completed ÷ the span from the first
 * client's start to the last one's end. The sum of the clients' own rates overstates it whenever they
 * did not run at the same time (clients of 3.5 s and 5.0 s: 26 % high) and is kept only as a secondary
 * figure. Immutable.
 *
 * @param spanMs        first start to last end; empty when a client's span is unknown
 * @param opsPerSec     operations ÷ span; empty when the span is unknown
 * @param sumOfClients  the sum of the clients' own throughputs (YCSB's per-client figure); empty when a
 *                      client reported none
 * @param warnings      clients whose run times differ by more than {@value #RUNTIME_SPREAD}, a missed target
 */
record CellThroughput(OptionalLong spanMs, OptionalDouble opsPerSec, OptionalDouble sumOfClients,
    List<String> warnings) {
  /** Clients whose run times differ by more than this share did not run side by side. */
  static final double RUNTIME_SPREAD = 0.10;

  CellThroughput {
    warnings = List.copyOf(warnings);
  }

  /**
   * @param operations the cell's completed operations (its merged count)
   * @param target     the study's target rate over all clients, if any
   */
  static CellThroughput of(List<ClientOutcome> outcomes, long operations, Optional<Double> target) {
    var warnings = new ArrayList<String>();
    var sum = outcomes.stream().allMatch(o -> o.throughput().isPresent())
        ? OptionalDouble.of(outcomes.stream().mapToDouble(o -> o.throughput().getAsDouble()).sum())
        : OptionalDouble.empty();
    var spans = outcomes.stream().map(ClientOutcome::span).flatMap(Optional::stream).toList();
    var spanMs = OptionalLong.empty();
    var rate = OptionalDouble.empty();
    if (spans.size() == outcomes.size()) {
      var first = spans.stream().map(ClientSpan::start).min(Comparator.naturalOrder()).orElseThrow();
      var last = spans.stream().map(ClientSpan::end).max(Comparator.naturalOrder()).orElseThrow();
      long millis = last.toEpochMilli() - first.toEpochMilli();
      if (millis > 0) {
        spanMs = OptionalLong.of(millis);
        rate = OptionalDouble.of(operations * 1000.0 / millis);
      }
    } else {
      warnings.add("the cell's throughput is unknown: " + (outcomes.size() - spans.size()) + " of "
          + outcomes.size() + " clients reported no run time or printed no YCSB status line (-s) to time their run");
    }
    var runtimes = outcomes.stream().map(ClientOutcome::runtimeMs).filter(OptionalLong::isPresent)
        .mapToLong(OptionalLong::getAsLong).toArray();
    var shortest = Arrays.stream(runtimes).min().orElse(0);
    var longest = Arrays.stream(runtimes).max().orElse(0);
    if (runtimes.length > 1 && shortest > 0 && longest > shortest * (1 + RUNTIME_SPREAD)) {
      warnings.add(String.format(Locale.ROOT, "the clients' run times differ by %.0f %% (%.1f s to %.1f s): they did "
          + "not run side by side; the cell's throughput is over the span from the first client's start to the last "
          + "one's end%s", (longest - shortest) * 100.0 / shortest, shortest / 1000.0, longest / 1000.0,
          sum.isPresent() ? String.format(Locale.ROOT, ", the sum of their rates (%.1f ops/s) would overstate it",
              sum.getAsDouble()) : ""));
    }
    var achieved = rate;
    target.flatMap(t -> TargetRate.missed(t, achieved)).ifPresent(warnings::add);
    return new CellThroughput(spanMs, rate, sum, warnings);
  }
}
