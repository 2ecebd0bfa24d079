package io.github.ycsbstorage.oraclenosql;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.KvLite;
import java.time.Duration;
import java.util.Properties;
import oracle.kv.KVStore;
import oracle.kv.KVStoreConfig;
import oracle.kv.KVStoreFactory;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit extension giving live test classes one KVLite per test JVM: started before the first class
 * that needs it, stopped (and its root deleted) when the test run ends. Without {@code KVHOME} every
 * test of the class is skipped with that reason, which is also printed so that it shows in Maven's
 * output. Thread-safe.
 */
public final class LiveStore implements BeforeAllCallback, BeforeEachCallback {
  private static KvLite store;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    var reason = KvLite.unavailableReason();
    if (reason != null) {
      System.out.println("[oraclenosql] SKIPPED " + context.getDisplayName() + ": " + reason);
      return;
    }
    context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(LiveStore.class, key -> startOnce(), AutoCloseable.class);
  }

  /** Each test is skipped on its own, so that Maven counts and reports every skipped test. */
  @Override
  public void beforeEach(ExtensionContext context) {
    var reason = KvLite.unavailableReason();
    assumeTrue(reason == null, reason);
  }

  private static synchronized AutoCloseable startOnce() {
    try {
      store = KvLite.start();
    } catch (Exception e) {
      throw new IllegalStateException("cannot start KVLite from KVHOME=" + System.getenv("KVHOME"), e);
    }
    return () -> {
      synchronized (LiveStore.class) {
        store.close();
        store = null;
      }
    };
  }

  static synchronized KvLite store() {
    if (store == null) {
      throw new IllegalStateException("no KVLite running: the test class needs @ExtendWith(LiveStore.class)");
    }
    return store;
  }

  /** The binding's properties for the running KVLite. */
  static Properties connection() {
    var properties = new Properties();
    properties.setProperty(OracleNoSqlSettings.STORE_NAME, KvLite.STORE);
    properties.setProperty(OracleNoSqlSettings.HELPER_HOSTS, store().helperHost());
    properties.setProperty(OracleNoSqlSettings.REQUEST_TIMEOUT, HangLimit.timeout(Duration.ofSeconds(10)));
    return properties;
  }

  /** A plain kvclient handle on the running KVLite, for test set-up and checks. */
  static KVStore client() {
    return KVStoreFactory.getStore(new KVStoreConfig(KvLite.STORE, store().helperHost()));
  }
}
