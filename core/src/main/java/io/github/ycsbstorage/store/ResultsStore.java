package io.github.ycsbstorage.store;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import io.github.ycsbstorage.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * One results store: an SQLite file in WAL mode, so that readers never block the writer, with a
 * busy timeout, so that processes writing at once (a study's clients, two studies) wait for each other
 * instead of failing; each row is written in one immediate transaction. Or a PostgreSQL database,
 * where each row is one transaction too. Not thread-safe: one per thread.
 */
public final class ResultsStore implements AutoCloseable {
  /** How long a writer waits for another one: a row takes milliseconds, a whole study's clients queue. */
  private static final int BUSY_TIMEOUT_MS = 60_000;
  /** How often a process creating the store tries again to switch it to WAL mode. */
  private static final long WAL_RETRY_MS = 5;

  private final StoreLocation location;
  private final Connection connection;

  private ResultsStore(StoreLocation location, Connection connection) {
    this.location = location;
    this.connection = connection;
  }

  /** Opens the store at {@code location}, creating it (and an SQLite file's folder) or migrating it forward. */
  public static ResultsStore open(StoreLocation location) throws StoreException {
    Connection connection = null;
    try {
      connection = location.dialect() == Dialect.SQLITE ? openSqlite(location)
          : DriverManager.getConnection(location.url());
      connection.setAutoCommit(false);
      StoreSchema.migrate(connection, location);
      connection.commit();
      return new ResultsStore(location, connection);
    } catch (SQLException | StoreException e) {
      closeQuietly(connection);
      if (e instanceof StoreException store) {
        throw store;
      }
      if (e instanceof SQLiteException sqlite && sqlite.getResultCode() == SQLiteErrorCode.SQLITE_NOTADB) {
        throw StoreException.refused(location + " is not a results store (not an SQLite file): name another file", e);
      }
      throw new StoreException("cannot open the results store " + location + ": " + e.getMessage(), e);
    }
  }

  /** Opens the SQLite file in WAL mode, with the busy timeout and immediate transactions. */
  private static Connection openSqlite(StoreLocation location) throws SQLException, StoreException {
    var file = location.file().orElseThrow();
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new StoreException("cannot create the folder of the results store " + file + ": " + e, e);
    }
    var config = new SQLiteConfig();
    config.setBusyTimeout(BUSY_TIMEOUT_MS);
    config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    config.enforceForeignKeys(true);
    var connection = config.createConnection(location.url());
    try {
      useWriteAheadLog(connection);
      return connection;
    } catch (SQLException e) {
      closeQuietly(connection);
      throw e;
    }
  }

  /**
   * Puts the store in WAL mode. SQLite does not call the busy handler while it changes a new file's
   * journal mode, so two processes creating the store at once would fail with SQLITE_BUSY (the
   * driver's own {@code setJournalMode} does); this waits for the other one, up to the busy timeout.
   */
  private static void useWriteAheadLog(Connection connection) throws SQLException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BUSY_TIMEOUT_MS);
    while (true) {
      try (var statement = connection.createStatement();
          var mode = statement.executeQuery("PRAGMA journal_mode=WAL")) {
        mode.next();
        if (!"wal".equalsIgnoreCase(mode.getString(1))) {
          throw new SQLException("the file system does not allow SQLite's write-ahead log (journal mode "
              + mode.getString(1) + ")");
        }
        return;
      } catch (SQLiteException e) {
        if ((e.getResultCode().code & 0xff) != SQLiteErrorCode.SQLITE_BUSY.code || System.nanoTime() > deadline) {
          throw e;
        }
      }
      try {
        Thread.sleep(WAL_RETRY_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted while waiting for another writer of the results store", e);
      }
    }
  }

  /**
   * Opens an existing store for reading; a missing file is not made a new empty store (a database
   * server's store is made in its database, which must exist).
   *
   * @throws BadInputException when there is no store at {@code location}, or one this build cannot use
   */
  public static ResultsStore openExisting(StoreLocation location) throws StoreException {
    if (location.file().isPresent() && !Files.isRegularFile(location.file().get())) {
      throw new BadInputException("no results store at " + location);
    }
    try {
      return open(location);
    } catch (StoreException e) {
      if (e.refused()) {
        throw new BadInputException(e.getMessage(), e);
      }
      throw e;
    }
  }

  public StoreLocation location() {
    return location;
  }

  /**
   * Adds the row of a phase or cell, with its HdrHistogram interval logs.
   *
   * @param hdrLogs each operation type's log file, e.g. {@code READ} → {@code READ.hdr}
   * @return the row's id
   */
  public long add(Result result, Map<String, Path> hdrLogs) throws StoreException {
    var columns = List.of(Column.values());
    var sql = "INSERT INTO runs (" + Column.names(columns) + ", result) VALUES ("
        + "?, ".repeat(columns.size()) + "?)";
    try (var insert = connection.prepareStatement(sql, java.sql.Statement.RETURN_GENERATED_KEYS)) {
      for (int i = 0; i < columns.size(); i++) {
        insert.setObject(i + 1, columns.get(i).of(result));
      }
      insert.setString(columns.size() + 1, new String(ResultWriter.toBytes(result), StandardCharsets.UTF_8));
      insert.executeUpdate();
      long id;
      try (var keys = insert.getGeneratedKeys()) {
        keys.next();
        id = keys.getLong(1);
      }
      try (var log = connection.prepareStatement("INSERT INTO hdr_logs (run_id, operation, log) VALUES (?, ?, ?)")) {
        for (var entry : new TreeMap<>(hdrLogs).entrySet()) {
          log.setLong(1, id);
          log.setString(2, entry.getKey());
          log.setString(3, Files.readString(entry.getValue(), StandardCharsets.US_ASCII));
          log.executeUpdate();
        }
      }
      connection.commit();
      return id;
    } catch (SQLException | IOException e) {
      rollbackQuietly();
      throw new StoreException("cannot write to the results store " + location + ": " + e.getMessage(), e);
    }
  }

  /** The rows that match, oldest first. */
  public List<StoredRun> list(RunFilter filter) throws StoreException {
    var where = filter.where(location.dialect());
    try (var query = connection.prepareStatement("SELECT id, " + Column.names(List.of(Column.values()))
        + " FROM runs" + where.sql() + " ORDER BY started_at, id")) {
      bind(query, where.values());
      return rows(query);
    } catch (SQLException e) {
      throw failedRead(e);
    }
  }

  /** A row's stored result. */
  public Optional<Result> result(long id) throws StoreException {
    try (var query = connection.prepareStatement("SELECT result FROM runs WHERE id = ?")) {
      query.setLong(1, id);
      try (var rows = query.executeQuery()) {
        if (!rows.next()) {
          return Optional.empty();
        }
        return Optional.of(ResultReader.parse(rows.getString(1).getBytes(StandardCharsets.UTF_8),
            location + " row " + id));
      }
    } catch (SQLException e) {
      throw failedRead(e);
    } catch (ResultReader.ResultFormatException e) {
      throw new StoreException(e.getMessage(), e);
    }
  }

  /**
   * The results a selection names: one run, or each cell of a study as last stored (a resumed or
   * repeated study stores a cell again).
   *
   * @throws BadInputException when it names nothing stored
   */
  public List<Result> select(Selection selection) throws StoreException {
    if (selection.id().isPresent()) {
      var id = selection.id().getAsLong();
      return List.of(result(id).orElseThrow(() -> new BadInputException("no run " + id + " in the results store " + location)));
    }
    var latest = new java.util.LinkedHashMap<String, Long>();
    for (var run : list(RunFilter.study(selection.study().orElseThrow()))) {
      if (run.text(Column.KIND).equals(Optional.of("cell"))) {
        latest.put(run.text(Column.CELL).orElseThrow(), run.id());
      }
    }
    if (latest.isEmpty()) {
      throw new BadInputException("no cell of study " + selection.study().get() + " in the results store " + location);
    }
    var results = new ArrayList<Result>();
    for (var id : latest.values()) {
      results.add(result(id).orElseThrow());
    }
    return results;
  }

  /** A row's HdrHistogram interval logs by operation type, as HdrHistogram wrote them. */
  public Map<String, String> hdrLogs(long id) throws StoreException {
    try (var query = connection.prepareStatement("SELECT operation, log FROM hdr_logs WHERE run_id = ? ORDER BY operation")) {
      query.setLong(1, id);
      var logs = new TreeMap<String, String>();
      try (var rows = query.executeQuery()) {
        while (rows.next()) {
          logs.put(rows.getString(1), rows.getString(2));
        }
      }
      return logs;
    } catch (SQLException e) {
      throw failedRead(e);
    }
  }

  @Override
  public void close() {
    closeQuietly(connection);
  }

  private List<StoredRun> rows(PreparedStatement query) throws SQLException {
    var runs = new ArrayList<StoredRun>();
    try (ResultSet rows = query.executeQuery()) {
      while (rows.next()) {
        var values = new EnumMap<Column, Object>(Column.class);
        for (var column : Column.values()) {
          var value = rows.getObject(column.sqlName());
          if (value != null) {
            values.put(column, column.type() == Column.Type.REAL ? ((Number) value).doubleValue()
                : column.type() == Column.Type.INTEGER ? ((Number) value).longValue() : value.toString());
          }
        }
        runs.add(new StoredRun(rows.getLong("id"), values));
      }
    }
    return runs;
  }

  private static void bind(PreparedStatement statement, List<String> values) throws SQLException {
    for (int i = 0; i < values.size(); i++) {
      statement.setString(i + 1, values.get(i));
    }
  }

  private StoreException failedRead(SQLException e) {
    return new StoreException("cannot read the results store " + location + ": " + e.getMessage(), e);
  }

  private void rollbackQuietly() {
    try {
      connection.rollback();
    } catch (SQLException ignored) {
      // the write's own failure is the one reported
    }
  }

  private static void closeQuietly(Connection connection) {
    try {
      if (connection != null) {
        connection.close();
      }
    } catch (SQLException ignored) {
      // nothing was written on this connection after its last commit
    }
  }
}
