package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@code precondition} section of a load: unmeasured overwrites of the loaded records after the
 * inserts, in rounds until the write rate was steady ({@code storage.precondition=dataset}), or one
 * file written over the data folder's free space before them, then deleted
 * ({@code storage.precondition=freespace}), so that the runs that follow meet the device and the
 * engine in their steady state rather than freshly written. None of it is in the load's figures
 * (YCSB's, the collector's, the engine's). Immutable.
 *
 * @param requested          as asked for
 * @param seconds            how long it took
 * @param records            records in the overwritten key range (this client's share of the load);
 *                           0 for {@code freespace}, which overwrites none
 * @param operations         overwrites that succeeded; for {@code freespace}, its writes of 1 MiB (the
 *                           last one shorter)
 * @param failed             overwrites that failed (the record keeps its earlier value)
 * @param engineBytesWritten bytes the embedded engine wrote to its files meanwhile (write-ahead log,
 *                           flushes, compactions), counted by the engine; absent when the binding keeps
 *                           no such counters (a remote server)
 * @param steady             the rounds' write rates and their verdict (for {@code freespace} each round's
 *                           {@code opsPerSec} is MiB written per second)
 * @param freeSpace          what {@code freespace} wrote; absent for {@code dataset}
 */
public record Precondition(String requested, double seconds, long records, long operations, long failed,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalLong engineBytesWritten, SteadyState steady,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<FreeSpace> freeSpace) {

  /**
   * The file {@code storage.precondition=freespace} wrote.
   *
   * @param file         its path; deleted when the preconditioning ended, on every path
   * @param freeBytes    the file system's space free to this user before it
   * @param reserveBytes the free space left unwritten
   * @param bytesWritten bytes written to the file and synced to the device; {@code freeBytes − reserveBytes}
   *                     unless stopped or failed
   * @param deleted      whether the file was deleted afterwards (a failed delete is recorded, not hidden)
   */
  public record FreeSpace(String file, long freeBytes, long reserveBytes, long bytesWritten, boolean deleted) {
  }

  public Precondition {
    engineBytesWritten = engineBytesWritten == null ? OptionalLong.empty() : engineBytesWritten;
    freeSpace = freeSpace == null ? Optional.empty() : freeSpace;
  }

  /** What a round's rate counts: the chart's axis and the summary's unit. */
  public String roundUnit() {
    return freeSpace.isPresent() ? "MiB written per second" : "overwrites per second";
  }

  /** How many times the key range was written over, on average. */
  public double passes() {
    return records == 0 ? 0 : (double) operations / records;
  }

  /**
   * E.g. {@code 412,003 overwrites (3.2 passes), engine wrote 1.4 GB; steady after 7 rounds (…)}, or
   * {@code wrote 9.7 GB of 10.7 GB free (reserve 1.1 GB) to a file, deleted; steady after …}.
   */
  public String summary() {
    if (freeSpace.isPresent()) {
      var fill = freeSpace.get();
      return String.format(Locale.ROOT, "wrote %,.1f MB of the %,.1f MB free (leaving a reserve of %,.1f MB) to %s, %s; %s",
          fill.bytesWritten() / 1e6, fill.freeBytes() / 1e6, fill.reserveBytes() / 1e6, fill.file(),
          fill.deleted() ? "then deleted it" : "which could NOT be deleted", steady().verdict());
    }
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
