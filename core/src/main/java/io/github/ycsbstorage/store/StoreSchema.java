package io.github.ycsbstorage.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The store's tables, versioned: {@link #VERSION} is the schema this build writes; a store of an
 * older version is migrated forward in one transaction, a newer one is refused. Each entry of
 * {@link #migrations} takes a store from its index to the next version, in the store's
 * {@link Dialect}. Stateless.
 */
final class StoreSchema {
  /** The schema version this build reads and writes. */
  static final int VERSION = migrations(Dialect.SQLITE).size();

  private StoreSchema() {
  }

  /**
   * Brings the store to {@link #VERSION}, inside the caller's write transaction (so that two
   * processes opening a new store create it once).
   *
   * @throws StoreException when the store is of a newer version than this build knows
   */
  static void migrate(Connection connection, StoreLocation location) throws SQLException, StoreException {
    var dialect = location.dialect();
    try (var statement = connection.createStatement()) {
      if (dialect.creationLock().isPresent()) {
        statement.execute(dialect.creationLock().get());
      }
      statement.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
      int version;
      try (var rows = statement.executeQuery("SELECT max(version) FROM schema_version")) {
        version = rows.next() ? rows.getInt(1) : 0;
      }
      if (version > VERSION) {
        throw StoreException.refused(location + " is a results store of schema version " + version + "; this ycsb-storage "
            + "reads up to version " + VERSION + ": use a newer ycsb-storage, or another store", null);
      }
      for (int from = version; from < VERSION; from++) {
        for (var sql : migrations(dialect).get(from)) {
          statement.execute(sql);
        }
        statement.execute("INSERT INTO schema_version (version) VALUES (" + (from + 1) + ")");
      }
    }
  }

  /** Version 1: {@code runs} (one row per phase or cell, {@link Column}s and the result) and {@code hdr_logs}. */
  private static List<List<String>> migrations(Dialect dialect) {
    return List.of(List.of(
        "CREATE TABLE runs (id " + dialect.id() + ", " + Arrays.stream(Column.values())
            .map(c -> c.sqlName() + " " + dialect.type(c.type())).collect(Collectors.joining(", "))
            + ", result TEXT NOT NULL)",
        "CREATE INDEX runs_study ON runs (study, cell)",
        "CREATE INDEX runs_started ON runs (started_at)",
        // HdrHistogram's own interval log (compressed, base64 histograms), one per operation type
        "CREATE TABLE hdr_logs (run_id " + dialect.type(Column.Type.INTEGER) + " NOT NULL REFERENCES runs (id), "
            + "operation TEXT NOT NULL, log TEXT NOT NULL, PRIMARY KEY (run_id, operation))"));
  }
}
