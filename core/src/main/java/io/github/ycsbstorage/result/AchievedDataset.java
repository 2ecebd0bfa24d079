package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a load left on storage, and how that was learnt: the {@code sizing.achieved} section of the
 * result (docs/RESULTS.md). Never an estimate: a size that was not measured is empty, with the
 * reason. Immutable.
 *
 * @param bytes         the measured size; empty when unknown
 * @param source        where it came from
 * @param from          what was measured, for the console's {@code (from …)}, e.g.
 *                      {@code growth of /var/lib/mongodb on disk (du)}; empty when unknown
 * @param reason        why the size is unknown; empty when it is known
 * @param paths         the data directories measured on this host; empty for other sources
 * @param beforeBytes   the first reading: the directories' size before the phase wrote, or what the
 *                      server reported then
 * @param afterBytes    the second reading, after the writes had settled
 * @param flush         what the server was asked before the last reading, and its answer
 * @param settled       whether the size held still before it was read (false: still changing when
 *                      the wait ran out)
 * @param settleSeconds how long the last reading waited for that
 * @param plannedBytes  what the plan expected this figure to be: this client's share for a directory's
 *                      growth, the whole dataset for a server's figure; empty until compared
 * @param ofPlan        {@code bytes} ÷ {@code plannedBytes}, when both are known
 */
public record AchievedDataset(OptionalLong bytes, Source source, Optional<String> from, Optional<String> reason,
    List<String> paths, OptionalLong beforeBytes, OptionalLong afterBytes, Optional<String> flush,
    boolean settled, double settleSeconds, OptionalLong plannedBytes, OptionalDouble ofPlan) {

  /** Where an achieved size comes from, in order of preference. */
  public enum Source {
    /** Growth of the server's data directory on this host: allocated blocks, as du counts them. */
    DATA_DIRECTORY("data-directory"),
    /** The on-disk size the server reports for the table or collection (e.g. MongoDB collStats). */
    SERVER("server"),
    /** Nothing measured it. */
    UNKNOWN("unknown");

    private final String label;

    Source(String label) {
      this.label = label;
    }

    @JsonValue
    public String label() {
      return label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  public AchievedDataset {
    paths = paths == null ? List.of() : List.copyOf(paths);
    plannedBytes = plannedBytes == null ? OptionalLong.empty() : plannedBytes;
    ofPlan = ofPlan == null ? OptionalDouble.empty() : ofPlan;
    if (bytes.isPresent() == (source == Source.UNKNOWN) || bytes.isPresent() == reason.isPresent()) {
      throw new IllegalArgumentException("a size needs a source, an unknown size a reason: " + bytes + ", "
          + source + ", " + reason);
    }
  }

  /** A measured size. */
  public static AchievedDataset measured(long bytes, Source source, String from, List<String> paths,
      OptionalLong before, OptionalLong after, Optional<String> flush, boolean settled, double settleSeconds) {
    return new AchievedDataset(OptionalLong.of(bytes), source, Optional.of(from), Optional.empty(), paths, before,
        after, flush, settled, settleSeconds, OptionalLong.empty(), OptionalDouble.empty());
  }

  /** An unknown size, and why. */
  public static AchievedDataset unknown(String reason, List<String> paths, OptionalLong before, OptionalLong after,
      Optional<String> flush, boolean settled, double settleSeconds) {
    return new AchievedDataset(OptionalLong.empty(), Source.UNKNOWN, Optional.empty(), Optional.of(reason), paths,
        before, after, flush, settled, settleSeconds, OptionalLong.empty(), OptionalDouble.empty());
  }

  /** The same readings, as an unknown size of this phase's dataset, and why. */
  public AchievedDataset unknownBecause(String why) {
    return unknown(why, paths, beforeBytes, afterBytes, flush, settled, settleSeconds);
  }

  /** This figure compared with what the plan expected it to be. */
  public AchievedDataset comparedWith(long planned) {
    return new AchievedDataset(bytes, source, from, reason, paths, beforeBytes, afterBytes, flush, settled,
        settleSeconds, OptionalLong.of(planned), bytes.isPresent() && planned > 0
            ? OptionalDouble.of(Math.round(bytes.getAsLong() * 1000.0 / planned) / 1000.0) : OptionalDouble.empty());
  }
}
