package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import oracle.kv.Consistency;
import oracle.kv.Version;

/**
 * The read consistency a user asked for ({@code oraclenosql.consistency} or YCSB's
 * {@code consistency}), turned into a kvclient {@link Consistency} per read. Immutable.
 *
 * <p>Accepted forms: {@code none_required}, {@code absolute}, {@code time:<lag>:<timeout>} (e.g.
 * {@code time:500ms:2s}: a replica may lag the master by at most the lag; the read waits up to the
 * timeout for it to catch up) and {@code version:<timeout>} (read-your-writes: a thread's reads wait
 * until the replica has applied that thread's last write; before its first write a thread reads with
 * {@code NONE_REQUIRED}).
 */
sealed interface ReadConsistency {
  String ACCEPTED = "none_required, absolute, time:<lag>:<timeout> (e.g. time:500ms:2s), "
      + "version:<timeout> (e.g. version:2s)";

  /** The consistency for a read, given the version of this thread's last write or {@code null}. */
  Consistency forRead(Version lastWrite);

  /** kvclient's default. */
  ReadConsistency DEFAULT = new Fixed(Consistency.NONE_REQUIRED);

  /** One of kvclient's constant consistencies. */
  record Fixed(Consistency consistency) implements ReadConsistency {
    @Override
    public Consistency forRead(Version lastWrite) {
      return consistency;
    }
  }

  /** Time-based consistency. */
  record TimeLag(Duration lag, Duration timeout) implements ReadConsistency {
    @Override
    public Consistency forRead(Version lastWrite) {
      return new Consistency.Time(lag.toMillis(), TimeUnit.MILLISECONDS, timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** Version-based consistency on the thread's own last write. */
  record ReadYourWrites(Duration timeout) implements ReadConsistency {
    @Override
    public Consistency forRead(Version lastWrite) {
      return lastWrite == null ? Consistency.NONE_REQUIRED
          : new Consistency.Version(lastWrite, timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Parses a consistency setting.
   *
   * @param property the property it came from, for the error message
   * @throws InvalidPropertyException naming the property, the value and the accepted forms
   */
  static ReadConsistency parse(String property, String text) {
    var parts = text.trim().toLowerCase(Locale.ROOT).split(":", -1);
    ReadConsistency parsed;
    try {
      parsed = switch (parts[0].replace('-', '_')) {
        case "none_required" -> parts.length == 1 ? new Fixed(Consistency.NONE_REQUIRED) : null;
        case "absolute" -> parts.length == 1 ? new Fixed(Consistency.ABSOLUTE) : null;
        case "time" -> parts.length == 3
            ? new TimeLag(DurationFormat.parse(parts[1]), DurationFormat.parse(parts[2])) : null;
        case "version" -> parts.length == 2 ? new ReadYourWrites(DurationFormat.parse(parts[1])) : null;
        default -> null;
      };
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException(property, text, ACCEPTED, e.getMessage());
    }
    Check.input(parsed != null, property, text, ACCEPTED);
    return parsed;
  }
}
