package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a phase ended, as its result file says ({@code docs/RESULTS.md}). */
public enum Status {
  /** Every operation succeeded and nothing recorded a warning. */
  COMPLETE,
  /** Some operation returned an error status, or a component recorded a warning. */
  DEGRADED,
  /** A signal stopped the phase before YCSB exported; the figures cover the time up to it. */
  INTERRUPTED;

  @JsonValue
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return label();
  }
}
