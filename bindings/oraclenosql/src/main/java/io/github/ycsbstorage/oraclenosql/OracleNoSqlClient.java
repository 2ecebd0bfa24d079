package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.binding.LostRecords;
import io.github.ycsbstorage.binding.RateLimitedWarning;
import io.github.ycsbstorage.binding.SharedResource;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.EngineCounters;
import io.github.ycsbstorage.spi.EngineStatisticsProvider;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import oracle.kv.BulkWriteOptions;
import oracle.kv.Consistency;
import oracle.kv.Direction;
import oracle.kv.KVVersion;
import oracle.kv.Version;
import oracle.kv.table.PrimaryKey;
import oracle.kv.table.ReadOptions;
import oracle.kv.table.Row;
import oracle.kv.table.TableIteratorOptions;
import oracle.kv.table.WriteOptions;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding {@code oraclenosql}: Oracle NoSQL Database through kvclient's Table API. Compiled
 * against kvclient 18.3.10, run with the {@code kvclient.jar} of the user's installation
 * ({@code $KVHOME/lib}).
 *
 * <p>Each operation is one atomic row operation: {@code insert} a put (or, with
 * {@code oraclenosql.bulkput=true}, a buffered row: {@code BATCHED_OK}, and {@code OK} for the row that
 * completes a batch written by one bulk put), {@code update} a conditional put that never creates a row,
 * {@code read} a get ({@code NOT_FOUND} when absent), {@code delete} a delete ({@code NOT_FOUND} when
 * nothing was deleted) and {@code scan} an ordered table iterator that returns rows in global key
 * order across all partitions.
 *
 * <p>YCSB creates one instance per client thread; instances share the JVM's one {@link StoreSession}.
 * An instance is used by one thread only and is not thread-safe itself.
 */
public class OracleNoSqlClient extends DB implements ServerInfoProvider, EngineStatisticsProvider {
  static final SharedResource<StoreSession> SESSION = new SharedResource<>(OracleNoSqlClient::close);
  private static final RateLimitedWarning WARNINGS = new RateLimitedWarning("oraclenosql", 5_000);
  /**
   * Longest pause between two attempts of an update's read-merge-conditional-put. Pauses double from
   * 1 ms up to this, each a random part of it ("full jitter"), so that writers who collided on a hot
   * row spread out instead of colliding again. An update retries for at most the request timeout, then
   * reports the row as too busy.
   */
  private static final long MAX_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(64);

  private StoreSession session;
  private TableSchema schema;
  private ReadConsistency consistency;
  private long timeoutMillis;
  private WriteOptions writeOptions;
  private ReadOptions fixedReadOptions;
  private ReadOptions masterReadOptions;
  private BulkPutBuffer bulk;
  private Version lastWrite;

  @Override
  public void init() throws DBException {
    MissingClient.requirePresent();
    OracleNoSqlSettings settings;
    try {
      NamespaceValidator.validateOnce(getProperties()); // in a YCSB install nothing else checks the input
      settings = OracleNoSqlSettings.from(getProperties());
    } catch (InvalidPropertyException e) {
      throw new DBException(e.getMessage(), e);
    }
    session = SESSION.acquire(() -> StoreSession.open(settings));
    if (!session.settings().sameStoreAndTable(settings)) {
      session = null;
      SESSION.release();
      throw new DBException("the client threads of one JVM share one store connection and table, but this "
          + "instance asks for another store, table or layout than the first: " + settings);
    }
    schema = settings.schema();
    consistency = settings.consistency();
    timeoutMillis = settings.requestTimeout().toMillis();
    var durability = settings.durability().orElse(null);
    writeOptions = new WriteOptions(durability, timeoutMillis, TimeUnit.MILLISECONDS);
    if (consistency instanceof ReadConsistency.ReadYourWrites) {
      fixedReadOptions = null;
    } else {
      fixedReadOptions = new ReadOptions(consistency.forRead(null), timeoutMillis, TimeUnit.MILLISECONDS);
    }
    masterReadOptions = new ReadOptions(Consistency.ABSOLUTE, timeoutMillis, TimeUnit.MILLISECONDS);
    bulk = settings.bulkPut()
        .map(b -> new BulkPutBuffer(session.tables(), new BulkWriteOptions(durability, timeoutMillis,
            TimeUnit.MILLISECONDS), b))
        .orElse(null);
  }

  /** Closes the JVM's session when its last user is done, saying how many records were not stored. */
  private static void close(StoreSession session) {
    session.close();
    if (LostRecords.total() > 0) {
      System.err.println("oraclenosql: " + LostRecords.total() + " records not stored");
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (session == null) {
      return;
    }
    try {
      var last = bulk == null ? BulkPutBuffer.Outcome.stored(0) : bulk.flush();
      if (last.notStored() > 0) {
        notStored(last, 0);
        // No cause: YCSB prints this exception's stack trace, whose "Caused by" line would carry the
        // failure's whole message; the warning above has already shown it, cut short.
        throw new DBException("bulk put of the last batch: " + last.notStored() + " of " + last.rows()
            + " records not stored: " + RateLimitedWarning.shorten(String.valueOf(last.failure().getMessage())));
      }
    } finally {
      session = null;
      SESSION.release();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return attempt("read", () -> {
      var row = session.tables().get(primaryKey(key), readOptions());
      if (row == null) {
        return Status.NOT_FOUND;
      }
      schema.read(row, fields, result);
      return Status.OK;
    });
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return attempt("scan", () -> {
      var range = session.table().createFieldRange(TableSchema.KEY_COLUMN).setStart(startkey, true);
      var options = new TableIteratorOptions(Direction.FORWARD, readOptions().getConsistency(), timeoutMillis,
          TimeUnit.MILLISECONDS, StoreSession.SCAN_REQUESTS, session.scanBatch(recordcount));
      var rows = session.tables().tableIterator(session.table().createPrimaryKey(),
          range.createMultiRowOptions(), options);
      try {
        while (result.size() < recordcount && rows.hasNext()) {
          var values = new HashMap<String, ByteIterator>();
          schema.read(rows.next(), fields, values);
          result.add(values);
        }
      } finally {
        rows.close();
      }
      return Status.OK;
    });
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return attempt("update", () -> {
      var fields = TableSchema.bytes(values);
      if (schema.layout() == TableLayout.COLUMNS && fields.keySet().containsAll(schema.fieldNames())) {
        var version = session.tables().putIfPresent(schema.newRow(session.table(), key, fields), null, writeOptions);
        return wrote(version);
      }
      long started = System.nanoTime();
      long budget = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
      int attempt = 0;
      for (; attempt == 0 || System.nanoTime() - started < budget; attempt++) {
        if (attempt > 0) {
          long ceiling = Math.min(MAX_BACKOFF_NANOS, TimeUnit.MILLISECONDS.toNanos(1) << Math.min(attempt - 1, 20));
          LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(ceiling + 1));
        }
        // The first read may come from any replica: putIfVersion refuses a stale row, and the
        // retries then read from the master.
        Row row = session.tables().get(primaryKey(key), attempt == 0 ? readOptions() : masterReadOptions);
        if (row == null) {
          return Status.NOT_FOUND;
        }
        schema.merge(row, fields);
        var version = session.tables().putIfVersion(row, row.getVersion(), null, writeOptions);
        if (version != null) {
          lastWrite = version;
          return Status.OK;
        }
      }
      WARNINGS.warn("update", new IllegalStateException("row " + key + " changed under each of " + attempt
          + " read-merge-put attempts in " + TimeUnit.NANOSECONDS.toMillis(budget) + " ms"));
      return Status.ERROR;
    });
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return attempt("insert", () -> {
      var row = schema.newRow(session.table(), key, TableSchema.bytes(values));
      if (bulk != null) {
        return bulk.add(row).map(written -> written.notStored() == 0 ? Status.OK : notStored(written, 1))
            .orElse(Status.BATCHED_OK);
      }
      lastWrite = session.tables().put(row, null, writeOptions);
      return Status.OK;
    });
  }

  @Override
  public Status delete(String table, String key) {
    return attempt("delete", () -> session.tables().delete(primaryKey(key), null, writeOptions)
        ? Status.OK : Status.NOT_FOUND);
  }

  @Override
  public ServerInfo serverInfo() throws DBException {
    return requireSession().facts().serverInfo();
  }

  @Override
  public DatasetSize datasetSize() throws DBException {
    return requireSession().facts().datasetSize();
  }

  /** The replication nodes clear JE's statistics unless told not to; see {@link ServerFacts#countersUnknown()}. */
  @Override
  public Optional<String> countersUnknown() {
    return session == null ? Optional.of("the store session is closed") : session.facts().countersUnknown();
  }

  /** The store's JE counters (every client's operations count): its replication nodes' cache misses. */
  @Override
  public EngineCounters engineCounters() {
    if (session == null) {
      throw new IllegalStateException("the oraclenosql binding is not initialised");
    }
    return session.facts().engineCounters();
  }

  @Override
  public long recordOverheadEstimate(int fieldCount) {
    return -1;
  }

  /**
   * Counts a written batch's lost records as failed in YCSB's return codes and warns; the status of the
   * call that wrote it.
   *
   * @param ownAnswer 1 when the calling insert answers for one of the lost records with the returned
   *                  status, 0 in {@code cleanup()}, whose result YCSB does not count
   */
  private static Status notStored(BulkPutBuffer.Outcome written, int ownAnswer) {
    var status = FailureStatus.of(written.failure());
    LostRecords.notStored("INSERT", written.notStored(), written.notStored() - ownAnswer, status);
    WARNINGS.warn("bulk put", written.notStored() + " of " + written.rows() + " records not stored, "
        + LostRecords.total() + " in total", written.failure());
    return status;
  }

  /** The kvclient the binding runs with (the installation's, not the one it was compiled against). */
  @Override
  public Optional<String> driverVersion() {
    return Optional.of(KVVersion.CURRENT_VERSION.getNumericVersionString());
  }

  private StoreSession requireSession() throws DBException {
    if (session == null) {
      throw new DBException("the oraclenosql binding is not initialised");
    }
    return session;
  }

  private PrimaryKey primaryKey(String key) {
    var primaryKey = session.table().createPrimaryKey();
    primaryKey.put(TableSchema.KEY_COLUMN, key);
    return primaryKey;
  }

  private ReadOptions readOptions() {
    return fixedReadOptions != null ? fixedReadOptions
        : new ReadOptions(consistency.forRead(lastWrite), timeoutMillis, TimeUnit.MILLISECONDS);
  }

  private Status wrote(Version version) {
    if (version == null) {
      return Status.NOT_FOUND;
    }
    lastWrite = version;
    return Status.OK;
  }

  private static Status attempt(String operation, Supplier<Status> body) {
    try {
      return body.get();
    } catch (RuntimeException e) {
      WARNINGS.warn(operation, e);
      return FailureStatus.of(e);
    }
  }
}
