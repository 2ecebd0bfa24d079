package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The {@code precondition} section of a load: unmeasured overwrites of the loaded records after the
 * inserts, in rounds until the write rate was steady ({@code storage.precondition=dataset}), so that
 * the runs that follow meet the device and the engine in their steady state rather than freshly
 * written. None of it is in the load's figures (YCSB's, the collector's, the engine's): those end with
 * the inserts. Immutable.
 *
 * @param requested          as asked for
 * @param seconds            how long it took
 * @param records            records in the overwritten key range (this client's share of the load)
 * @param operations         overwrites that succeeded
 * @param failed             overwrites that failed (the record keeps its earlier value)
 * @param engineBytesWritten bytes the embedded engine wrote to its files meanwhile (write-ahead log,
 *                           flushes, compactions), counted by the engine; absent when the binding keeps
 *                           no such counters (a remote server)
 * @param steady             the rounds' write rates and their verdict
 */
public record Precondition(String requested, double seconds, long records, long operations, long failed,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalLong engineBytesWritten, SteadyState steady) {

  public Precondition {
    engineBytesWritten = engineBytesWritten == null ? OptionalLong.empty() : engineBytesWritten;
  }

  /** What a round's rate counts: the chart's axis and the summary's unit. */
  public String roundUnit() {
    return "overwrites per second";
  }

  /** How many times the key range was written over, on average. */
  public double passes() {
    return records == 0 ? 0 : (double) operations / records;
  }

  /** E.g. {@code 412,003 overwrites (3.2 passes), engine wrote 1.4 GB; steady after 7 rounds (…)}. */
  public String summary() {
    return String.format(Locale.ROOT, "%,d overwrites (%.1f passes over %,d records)%s%s; %s",
        operations(), passes(), records(),
        failed() > 0 ? String.format(Locale.ROOT, ", %,d failed", failed()) : "",
        engineBytesWritten().isPresent()
            ? String.format(Locale.ROOT, ", the engine wrote %,.1f MB to its files",
                engineBytesWritten().getAsLong() / 1e6)
            : ", bytes written unknown (the binding counts none)",
        steady().verdict());
  }

}
