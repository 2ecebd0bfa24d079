package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.binding.RateLimitedWarning;
import io.github.ycsbstorage.binding.SharedResource;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
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
public class OracleNoSqlClient extends DB implements ServerInfoProvider {
  static final SharedResource<StoreSession> SESSION = new SharedResource<>(StoreSession::close);
  private static final RateLimitedWarning WARNINGS = new RateLimitedWarning("oraclenosql", 5_000);
  /** Attempts of an update's read-merge-conditional-put before it reports the row as too busy. */
  private static final int UPDATE_ATTEMPTS = 16;

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
    ClientSettings settings;
    try {
      settings = ClientSettings.from(getProperties());
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
    timeoutMillis = settings.requestTimeout().map(d -> d.toMillis()).orElse(0L);
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

  @Override
  public void cleanup() throws DBException {
    if (session == null) {
      return;
    }
    try {
      if (bulk != null) {
        bulk.flush();
      }
    } catch (RuntimeException e) {
      throw new DBException("bulk put of the last batch failed: " + e.getMessage(), e);
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
          TimeUnit.MILLISECONDS, 0, Math.max(1, Math.min(recordcount, 1000)));
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
      for (int attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
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
      WARNINGS.warn("update", new IllegalStateException("row " + key + " changed under " + UPDATE_ATTEMPTS
          + " consecutive read-merge-put attempts"));
      return Status.ERROR;
    });
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return attempt("insert", () -> {
      var row = schema.newRow(session.table(), key, TableSchema.bytes(values));
      if (bulk != null) {
        return bulk.add(row) ? Status.OK : Status.BATCHED_OK;
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
    var current = requireSession();
    var topology = StoreTopology.of(current.store());
    var locality = topology.storageNodeHosts().isEmpty() ? Locality.UNKNOWN
        : topology.allLocal() ? Locality.LOCAL : Locality.REMOTE;
    var info = ServerInfo.builder("Oracle NoSQL Database")
        .storageEngine("Berkeley DB Java Edition")
        .locality(locality)
        .detail("store", current.settings().storeName())
        .detail("helperHosts", String.join(",", current.settings().helperHosts()))
        .detail("kvclient.version", KVVersion.CURRENT_VERSION.getNumericVersionString())
        .detail("kvclient.jar", IncompatibleClient.clientLocation());
    topology.shards().ifPresent(n -> info.detail("shards", Integer.toString(n)));
    topology.replicationFactor().ifPresent(n -> info.detail("replicationFactor", Integer.toString(n)));
    topology.partitions().ifPresent(n -> info.detail("partitions", Integer.toString(n)));
    if (!topology.storageNodeHosts().isEmpty()) {
      info.detail("storageNodes", String.join(",", topology.storageNodeHosts()));
    }
    return info.build();
  }

  @Override
  public DatasetSize datasetSize() throws DBException {
    requireSession();
    // kvclient's Table API has no row count or table size short of scanning the table.
    return new DatasetSize(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
        "not exposed by the kvclient Table API");
  }

  @Override
  public long recordOverheadEstimate(int fieldCount) {
    return -1;
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
