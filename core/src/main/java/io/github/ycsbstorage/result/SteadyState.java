package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The {@code warmup.steady} section: the rounds a warm-up ran until the workload was steady
 * ({@code storage.warmup=steady}), judged as SNIA's Performance Test Specification judges steady
 * state. None of these rounds is in the measured figures: the measured phase follows them. Immutable.
 *
 * @param metric      what had to be steady: {@code throughput}, or {@code throughput+p99}
 * @param window      rounds in the judged window
 * @param maxRounds   the bound on rounds
 * @param rounds      every round, in order
 * @param windowStart the first round of the first steady window; empty when none was steady
 */
public record SteadyState(String metric, int window, int maxRounds, List<Round> rounds,
    @JsonInclude(JsonInclude.Include.ALWAYS) OptionalInt windowStart) {

  /**
   * One round of the warm-up.
   *
   * @param number     1-based
   * @param opsPerSec  operations completed ÷ the round's length
   * @param p99Micros  the round's 99th percentile latency; empty when the round completed no operation
   * @param engineBytesWritten bytes an embedded engine wrote to its files in the round (write-ahead log,
   *                   flushes, compactions), counted by the engine; absent when it keeps no such counters
   */
  public record Round(int number, double opsPerSec, OptionalDouble p99Micros,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalLong engineBytesWritten) {
    public Round {
      p99Micros = p99Micros == null ? OptionalDouble.empty() : p99Micros;
      engineBytesWritten = engineBytesWritten == null ? OptionalLong.empty() : engineBytesWritten;
    }
  }

  public SteadyState {
    if (metric == null || window < 2 || maxRounds < window || rounds == null) {
      throw new IllegalArgumentException("a steady-state section needs its metric, a window of at least 2 rounds"
          + " and a bound of at least the window");
    }
    rounds = List.copyOf(rounds);
    windowStart = windowStart == null ? OptionalInt.empty() : windowStart;
  }

  /** Whether a window was steady within the bound on rounds. */
  public boolean steady() {
    return windowStart.isPresent();
  }

  /** E.g. {@code steady after 7 rounds (window: rounds 3–7)} or {@code not steady after 25 rounds}. */
  public String verdict() {
    if (windowStart.isEmpty()) {
      return String.format(Locale.ROOT, "not steady after %d rounds (%s)", rounds.size(), metric);
    }
    int start = windowStart.getAsInt();
    return String.format(Locale.ROOT, "steady after %d rounds (%s; window: rounds %d–%d)", start + window - 1,
        metric, start, start + window - 1);
  }
}
