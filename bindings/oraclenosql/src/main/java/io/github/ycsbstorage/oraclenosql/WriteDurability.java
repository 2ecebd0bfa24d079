package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import java.util.Locale;
import oracle.kv.Durability;
import oracle.kv.Durability.ReplicaAckPolicy;
import oracle.kv.Durability.SyncPolicy;

/**
 * Parses the write durability ({@code oraclenosql.durability} or YCSB's {@code durability}): one of
 * kvclient's named durabilities, or an explicit triple {@code <master sync>,<replica sync>,<replica
 * ack>} such as {@code sync,no_sync,simple_majority}. Stateless.
 */
final class WriteDurability {
  static final String ACCEPTED = "commit_sync, commit_no_sync, commit_write_no_sync, or <master sync>,"
      + "<replica sync>,<replica ack> with sync in {sync, no_sync, write_no_sync} and ack in "
      + "{all, none, simple_majority}, e.g. sync,no_sync,simple_majority";

  private WriteDurability() {
  }

  /**
   * @param property the property it came from, for the error message
   * @throws InvalidPropertyException naming the property, the value and the accepted forms
   */
  static Durability parse(String property, String text) {
    var normal = text.trim().toUpperCase(Locale.ROOT).replace('-', '_').replace(" ", "");
    switch (normal) {
      case "COMMIT_SYNC":
        return Durability.COMMIT_SYNC;
      case "COMMIT_NO_SYNC":
        return Durability.COMMIT_NO_SYNC;
      case "COMMIT_WRITE_NO_SYNC":
        return Durability.COMMIT_WRITE_NO_SYNC;
      default:
        break;
    }
    var parts = normal.split("[,:]", -1);
    Check.input(parts.length == 3, property, text, ACCEPTED);
    try {
      return new Durability(SyncPolicy.valueOf(parts[0]), SyncPolicy.valueOf(parts[1]),
          ReplicaAckPolicy.valueOf(parts[2]));
    } catch (IllegalArgumentException e) {
      throw new InvalidPropertyException(property, text, ACCEPTED);
    }
  }
}
