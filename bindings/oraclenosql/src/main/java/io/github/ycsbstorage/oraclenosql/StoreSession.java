package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.SecretMasker;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import oracle.kv.KVSecurityConstants;
import oracle.kv.KVStore;
import oracle.kv.KVStoreConfig;
import oracle.kv.KVStoreFactory;
import oracle.kv.Key;
import oracle.kv.PasswordCredentials;
import oracle.kv.RequestLimitConfig;
import oracle.kv.table.Table;
import oracle.kv.table.TableAPI;
import site.ycsb.DBException;

/**
 * The JVM's one connection to the store and its checked table: opened by the first YCSB client
 * thread, shared by all, closed by the last (through {@link io.github.ycsbstorage.binding.SharedResource}).
 * Opening connects (logging in to a secure store), creates the table if missing, rejects a table of
 * another shape, and makes one data request so that a refused kvclient fails here, with advice,
 * instead of in every operation. Immutable; kvclient's handles are thread-safe.
 *
 * @param store    the kvclient handle
 * @param tables   its Table API
 * @param table    the workload's table, checked against the schema
 * @param settings the settings it was opened with
 * @param facts    what the store tells about itself, asked once per session
 * @param partitions the store's partitions, when the client's topology tells (for sizing scan batches)
 */
record StoreSession(KVStore store, TableAPI tables, Table table, OracleNoSqlSettings settings, ServerFacts facts,
                    OptionalInt partitions) {
  /** The key/value key read once at open time to learn whether the store accepts this kvclient. */
  static final String PROBE_KEY = "ycsb-storage-compatibility-probe";

  /**
   * Requests one ordered table scan keeps in flight at most. kvclient's own choice is two per
   * replication node it reads from (one in transit, one being processed), unbounded as the store grows;
   * the binding passes this bound to every scan, so that the request limit below can be sized before
   * the topology is known.
   */
  static final int SCAN_REQUESTS = 8;

  /**
   * kvclient refuses requests beyond 90 % of {@code maxActiveRequests} in flight when more than 80 % of
   * them go to one node ({@code RequestLimitException}, "Node limit exceeded"): with many YCSB threads on
   * the one shared handle, operations would fail for the client's own sake. Sized for what each thread's
   * operation can hold open at once — one request, {@link #SCAN_REQUESTS} for a scan, one per stream of a
   * bulk put — twice over, because a closed scan's last requests may still be in flight when the
   * thread's next operation starts; never below kvclient's default.
   */
  static RequestLimitConfig requestLimit(OracleNoSqlSettings settings) {
    var defaults = RequestLimitConfig.getDefault();
    long perThread = Math.max(SCAN_REQUESTS,
        settings.bulkPut().map(OracleNoSqlSettings.BulkPutSettings::parallelism).orElse(1));
    long wanted = 2L * settings.threads() * perThread;
    int active = (int) Math.min(Integer.MAX_VALUE, Math.max(defaults.getMaxActiveRequests(), wanted));
    return new RequestLimitConfig(active, defaults.getRequestThresholdPercent(), defaults.getNodeLimitPercent());
  }

  /**
   * Rows one scan asks each partition for per request. An ordered scan merges every partition, and the
   * {@code count} keys after a start key spread evenly over them (keys are hashed to partitions): asking
   * each for twice its share, plus two, makes a second request to a partition rare, where asking for
   * {@code count} rows from each of 120 partitions read 120 times the rows the scan returns.
   */
  int scanBatch(int count) {
    int wanted = Math.max(1, Math.min(count, 1000));
    if (partitions.isEmpty() || partitions.getAsInt() <= 0) {
      return wanted;
    }
    long share = ((long) count * 2 + partitions.getAsInt() - 1) / partitions.getAsInt() + 2;
    return (int) Math.min(wanted, share);
  }

  static StoreSession open(OracleNoSqlSettings settings) throws DBException {
    var config = new KVStoreConfig(settings.storeName(), settings.helperHosts().toArray(String[]::new));
    long requestMillis = settings.requestTimeout().toMillis();
    config.setRequestTimeout(requestMillis, TimeUnit.MILLISECONDS);
    if (requestMillis > KVStoreConfig.DEFAULT_READ_TIMEOUT) { // kvclient refuses a request timeout above it
      config.setSocketReadTimeout(requestMillis, TimeUnit.MILLISECONDS);
    }
    settings.durability().ifPresent(config::setDurability);
    config.setRequestLimit(requestLimit(settings));
    var security = securityProperties(settings);
    if (!security.isEmpty()) {
      config.setSecurityProperties(security);
    }
    KVStore store;
    try {
      if (settings.password().isPresent()) {
        var credentials = new PasswordCredentials(settings.username().orElseThrow(),
            settings.password().get().value().toCharArray());
        store = KVStoreFactory.getStore(config, credentials, handle -> handle.login(credentials));
      } else {
        store = KVStoreFactory.getStore(config);
      }
    } catch (RuntimeException e) {
      // a host that DNS does not know (nosuch.invalid:5000) ends here too: named by its key, checked
      // when the store is opened (once, before YCSB starts), not by a second lookup up front
      throw failure("cannot open store '" + settings.storeName() + "' (" + OracleNoSqlSettings.STORE_NAME + ") at "
          + settings.helperHosts() + " (" + OracleNoSqlSettings.HELPER_HOSTS + ")", e);
    }
    try {
      // One data request first: an old kvclient can still run DDL, but the store refuses its data
      // requests (and its table lookups then come back empty), so this is where to tell the user.
      store.get(Key.createKey(PROBE_KEY));
      var tables = store.getTableAPI();
      // Checked before the DDL: the store refuses CREATE TABLE IF NOT EXISTS for a table of another
      // shape with a message that does not say what differs.
      var table = tables.getTable(settings.table());
      if (table == null) {
        tables.executeSync(settings.schema().createStatement(settings.table()));
        table = tables.getTable(settings.table());
      }
      if (table == null) {
        throw new DBException("table " + settings.table() + " is missing right after CREATE TABLE IF NOT EXISTS");
      }
      var mismatch = settings.schema().mismatch(table);
      if (mismatch.isPresent()) {
        throw new DBException(mismatch.get());
      }
      return new StoreSession(store, tables, table, settings, new ServerFacts(store, settings),
          StoreInternals.topology(store).partitions());
    } catch (RuntimeException | DBException e) {
      store.close();
      throw e instanceof DBException db ? db
          : failure("cannot prepare table " + settings.table() + " in store '" + settings.storeName() + "'",
              (RuntimeException) e);
    }
  }

  void close() {
    store.close();
  }

  private static DBException failure(String what, RuntimeException e) {
    if (IncompatibleClient.isRefusal(e)) {
      return new DBException(IncompatibleClient.message(e));
    }
    return new DBException(what + ": " + SecretMasker.maskText(e.getClass().getSimpleName() + ": " + e.getMessage()));
  }

  /**
   * Security properties that name a file or folder. Oracle NoSQL reads a relative one against the
   * security file's folder (the store's own {@code client.security} names {@code client.trust}), and so
   * does the binding.
   */
  private static final List<String> FILE_PROPERTIES = List.of(KVSecurityConstants.SSL_TRUSTSTORE_FILE_PROPERTY,
      "oracle.kv.ssl.keyStore", KVSecurityConstants.AUTH_PWDFILE_PROPERTY, KVSecurityConstants.AUTH_WALLET_PROPERTY,
      KVSecurityConstants.AUTH_KRB_KEYTAB_PROPERTY, KVSecurityConstants.AUTH_KRB_CCACHE_PROPERTY);

  /** The security file's properties (transport, trust store, login), plus the user name if given. */
  static Properties securityProperties(OracleNoSqlSettings settings) throws DBException {
    var properties = new Properties();
    if (settings.securityFile().isPresent()) {
      var file = settings.securityFile().get();
      try (Reader reader = Files.newBufferedReader(file)) {
        properties.load(reader);
      } catch (IOException e) {
        throw new DBException("cannot read " + OracleNoSqlSettings.SECURITY + " file " + file + ": " + e.getMessage());
      }
      var folder = file.toAbsolutePath().getParent();
      for (var key : FILE_PROPERTIES) {
        var value = properties.getProperty(key);
        if (value != null && !value.isBlank() && !Path.of(value.trim()).isAbsolute()) {
          properties.setProperty(key, folder.resolve(value.trim()).toString());
        }
      }
    }
    settings.username().ifPresent(user -> properties.setProperty(KVSecurityConstants.AUTH_USERNAME_PROPERTY, user));
    return properties;
  }
}
