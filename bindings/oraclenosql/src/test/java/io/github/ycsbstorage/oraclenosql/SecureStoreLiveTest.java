package io.github.ycsbstorage.oraclenosql;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.KvLite;
import io.github.ycsbstorage.workload.StorageAwareWorkload;
import java.time.Duration;
import java.util.Properties;
import oracle.kv.KVStoreConfig;
import oracle.kv.KVStoreFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import site.ycsb.measurements.Measurements;

/**
 * A secure KVLite: the store describes itself to a login with admin rights, and to a user with only
 * read/write rights every admin figure is unknown with the store's refusal as the reason. Needs KVHOME.
 * The password login runs first: after a handle with the admin's login file was closed, a handle with
 * another login in the same JVM could not contact the store (observed with kvclient 25.3.21).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SecureStoreLiveTest {
  private static final String PASSWORD = "BEnch_pw_2026x";
  private static KvLite store;

  @BeforeAll
  static void startSecureStore() throws Exception {
    if (KvLite.unavailableReason() != null) {
      System.out.println("[oraclenosql] SKIPPED " + SecureStoreLiveTest.class.getSimpleName() + ": "
          + KvLite.unavailableReason());
      return;
    }
    store = KvLite.startSecure();
    // The admin creates a user with read/write rights only, and the table it will use.
    var admin = settings(properties(OracleNoSqlSettings.SECURITY, store.securityFolder().resolve("user.security")
        .toString()));
    var config = new KVStoreConfig(KvLite.STORE, store.helperHost());
    config.setSecurityProperties(StoreSession.securityProperties(admin));
    var handle = KVStoreFactory.getStore(config);
    try {
      handle.executeSync("CREATE USER bench IDENTIFIED BY \"" + PASSWORD + "\"");
      handle.executeSync("GRANT readwrite TO USER bench");
      handle.executeSync(admin.schema().createStatement("usertable"));
    } finally {
      handle.close();
    }
  }

  @AfterAll
  static void stopSecureStore() throws Exception {
    if (store != null) {
      store.close();
    }
  }

  @BeforeEach
  void requireStore() {
    assumeTrue(store != null, KvLite.unavailableReason());
  }

  private static Properties connection(Properties login) {
    var properties = properties(OracleNoSqlSettings.HELPER_HOSTS, store.helperHost(), "fieldcount", "1",
        OracleNoSqlSettings.REQUEST_TIMEOUT, HangLimit.timeout(Duration.ofSeconds(10)));
    properties.putAll(login);
    return properties;
  }

  private static OracleNoSqlSettings settings(Properties login) {
    return OracleNoSqlSettings.from(connection(login));
  }

  private static OracleNoSqlClient open(Properties login) throws Exception {
    var properties = connection(login);
    var client = new OracleNoSqlClient();
    client.setProperties(properties);
    client.init();
    return client;
  }

  @Test
  @Order(2)
  void anAdminLoginGetsTheDocumentedFiguresButNotTheInternalOnes() throws Exception {
    var client = open(properties(OracleNoSqlSettings.SECURITY,
        store.securityFolder().resolve("user.security").toString()));
    try {
      var info = client.serverInfo();
      assertEquals("25.3.21", info.version().orElse(null), info::toString);
      assertEquals((long) KvLite.MEMORY_MB << 20, info.ram().map(r -> r.bytes()).orElse(0L), info::toString);
      assertTrue(info.storageDirectories().get(0).path().startsWith(store.root().toString()), info::toString);
      // RepNodeAdmin.getInfo() needs the internal-operator privilege, which not even the admin holds:
      // on a secure KVLite the exact cache is unknown, with that reason.
      assertTrue(info.cache().isEmpty(), info::toString);
      assertTrue(info.unknown().get("cache").contains("requiredPrivileges:[INTLOPER]"), info.unknown()::toString);
      var size = client.datasetSize();
      assertTrue(size.storageBytes().isEmpty() && size.source().contains("INTLOPER"), size::toString);
    } finally {
      client.cleanup();
    }
  }

  /**
   * The store does not tell its JE cache (on a secure KVLite not even to its admin), so a dataset sized
   * on the cache stops before anything is written, asking for the memory instead of guessing it.
   */
  @Test
  @Order(3)
  void aDatasetSizedOnACacheTheStoreDoesNotTellIsRefusedAskingForTheMemory() {
    var properties = connection(properties(OracleNoSqlSettings.SECURITY,
        store.securityFolder().resolve("user.security").toString()));
    properties.putAll(properties("db", OracleNoSqlClient.class.getName(), "dotransactions", "false",
        "fieldlength", "1000", "storage.progress", "false", "storage.memory.basis", "cache",
        "storage.dataset.ratio", "0.33"));
    Measurements.setProperties(new Properties());
    var error = assertThrows(InvalidPropertyException.class, () -> new StorageAwareWorkload().init(properties));
    assertTrue(error.getMessage().startsWith("storage.server.memory='auto' is invalid: storage.dataset.ratio=0.33 "
        + "needs the server's memory, but Oracle NoSQL Database reported no cache size ("), error.getMessage());
    assertTrue(error.getMessage().contains("INTLOPER") && error.getMessage().endsWith(
        "accepted: the server's database cache as a size, e.g. 96GB"), error.getMessage());
    assertEquals(0, OracleNoSqlClient.SESSION.users(), "the refused workload closed its binding");
  }

  @Test
  @Order(1)
  void aUserWithoutAdminRightsGetsTheRefusalAsTheReasonAndNoFigure() throws Exception {
    var client = open(properties(OracleNoSqlSettings.USERNAME, "bench", OracleNoSqlSettings.SECURITY,
        store.securityFolder().resolve("client.security").toString(), OracleNoSqlSettings.PASSWORD, PASSWORD));
    try {
      var info = client.serverInfo();
      System.out.println("[oraclenosql] " + info.unknown());
      assertTrue(info.version().isEmpty() && info.ram().isEmpty() && info.cache().isEmpty(), info::toString);
      assertTrue(info.unknown().get("ram").contains("Insufficient access rights"), info.unknown()::toString);
      assertTrue(info.unknown().get("ram").contains("SYSVIEW"), info.unknown()::toString);
      var size = client.datasetSize();
      assertTrue(size.storageBytes().isEmpty() && size.source().startsWith("unknown: "), size::toString);
      assertFalse(info.toString().contains(PASSWORD) || size.toString().contains(PASSWORD), "the password leaks");
    } finally {
      client.cleanup();
    }
  }
}
