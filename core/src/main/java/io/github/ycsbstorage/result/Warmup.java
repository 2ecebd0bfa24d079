package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@code warmup} section: unmeasured operations before the run ({@code storage.warmup}).
 * Immutable.
 *
 * @param requested  as asked for, e.g. {@code 60 s} or {@code 10000 operations}
 * @param seconds    how long it took
 * @param operations operations issued, when a count was asked for
 * @param steady     the rounds and their verdict, when the warm-up ran until steady
 * @param compilers  how the JIT compiler threads ran in the measured phase, when they were made to
 *                   yield to the client threads (a run held to a target rate)
 */
public record Warmup(String requested, double seconds,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalLong operations,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<SteadyState> steady,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<CompilerYield> compilers) {

  /**
   * The client JVM's JIT compiler threads, reniced after the warm-up.
   *
   * @param threads how many
   * @param nice    their nice value in the phase, read back from {@code /proc}
   */
  public record CompilerYield(int threads, int nice) {
  }

  public Warmup {
    operations = operations == null ? OptionalLong.empty() : operations;
    steady = steady == null ? Optional.empty() : steady;
    compilers = compilers == null ? Optional.empty() : compilers;
  }

  /** This section with the compilers' yield recorded. */
  public Warmup withCompilers(CompilerYield yielded) {
    return new Warmup(requested, seconds, operations, steady, Optional.of(yielded));
  }
}
