package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a phase ended, as its result file says ({@code docs/RESULTS.md}). */
public enum Status {
  /** Every operation succeeded and nothing recorded a warning. Exit status 0. */
  COMPLETE,
  /**
   * The phase did its work, but some operation returned an error status or a component recorded a
   * warning. Exit status 0, with a summary line that says so.
   */
  DEGRADED,
  /**
   * The phase did not do its work: a load stored fewer records than planned, or a run stopped
   * before its operation count or time limit (e.g. every operation failed for
   * {@code storage.failure.timeout}). Exit status 1.
   */
  FAILED,
  /** A signal stopped the phase before YCSB exported; the figures cover the time up to it. Exit 130 / 143. */
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
