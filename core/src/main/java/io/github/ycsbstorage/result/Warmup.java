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
 */
public record Warmup(String requested, double seconds,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalLong operations,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<SteadyState> steady) {

  public Warmup {
    operations = operations == null ? OptionalLong.empty() : operations;
    steady = steady == null ? Optional.empty() : steady;
  }
}
