package io.github.ycsbstorage.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.testkit.PostgresCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results store on a real PostgreSQL server (a private cluster of this class; skipped where none
 * can start): the same rows, filters and schema rules as on SQLite, in PostgreSQL's own types, and its
 * password in no message. Each test has a database of its own.
 */
class PostgresStoreTest {
  private static PostgresCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = PostgresCluster.start();
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void aRunIsStoredAndReadBackInPostgresqlsTypes(TestInfo test, @TempDir Path dir) throws Exception {
    var location = database(test);
    var log = Files.writeString(dir.resolve("READ.hdr"), "#[StartTime: 1.000 (seconds since epoch)]\n0.1,1.0,5.0,HISTFAAAAB\n");
    var result = StoredResults.run(1234.5, 1070);
    try (var store = ResultsStore.open(location)) {
      var id = store.add(result, Map.of("READ", log));
      var none = Optional.<String>empty();
      var runs = store.list(new RunFilter(none, Optional.of("BasicDB"), none, none, Optional.empty(), Optional.empty()));
      assertEquals(1, runs.size());
      assertEquals(id, runs.get(0).id());
      assertEquals(1234.5, runs.get(0).number(Column.THROUGHPUT_OPS).getAsDouble(), "8 bytes: not rounded to a float");
      assertEquals(0, store.list(new RunFilter(none, Optional.of("rocksdb"), none, none, Optional.empty(),
          Optional.empty())).size());
      assertEquals(Optional.of(result), store.result(id), "the stored result reads back as the same model");
      assertEquals(Map.of("READ", Files.readString(log)), store.hdrLogs(id));
    }
    var types = new HashMap<String, String>();
    try (var connection = DriverManager.getConnection(location.url());
        var rows = connection.createStatement().executeQuery(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'runs'")) {
      while (rows.next()) {
        types.put(rows.getString(1), rows.getString(2));
      }
    }
    assertEquals("bigint", types.get("id"));
    assertEquals("double precision", types.get(Column.THROUGHPUT_OPS.sqlName()));
    assertEquals("bigint", types.get(Column.DATASET_BYTES.sqlName()));
  }

  /** Two writers creating a new store at once, then adding rows at once: every row kept. */
  @Test
  void twoWritersAtOnceLoseNothing(TestInfo test) throws Exception {
    var location = database(test);
    int perWriter = 40;
    ResultsStoreTest.writeAtOnce(location, 2, perWriter);
    ResultsStoreTest.assertEveryRowKept(location, 2 * perWriter);
  }

  @Test
  void aStoreOfANewerSchemaIsRefusedWithoutItsPassword(TestInfo test) throws Exception {
    var location = database(test);
    ResultsStore.open(location).close();
    try (var connection = DriverManager.getConnection(location.url());
        var statement = connection.createStatement()) {
      statement.execute("INSERT INTO schema_version (version) VALUES (" + (StoreSchema.VERSION + 1) + ")");
    }
    var refused = assertThrows(StoreException.class, () -> ResultsStore.open(location));
    assertTrue(refused.refused(), refused.getMessage());
    assertTrue(refused.getMessage().contains(" is a results store of schema version " + (StoreSchema.VERSION + 1)),
        refused.getMessage());
    assertFalse(refused.getMessage().contains(cluster.password()), refused.getMessage());
    assertTrue(refused.getMessage().contains("password=" + SecretMasker.MASK),
        refused.getMessage());
    var read = assertThrows(BadInputException.class, () -> ResultsStore.openExisting(location));
    assertEquals(refused.getMessage(), read.getMessage());
  }

  @Test
  void aWrongPasswordFailsWithoutShowingIt(TestInfo test) throws Exception {
    var location = database(test);
    var wrong = new StoreLocation(Dialect.POSTGRESQL, location.url().replace(cluster.password(), "not" + cluster.password()));
    var failure = assertThrows(StoreException.class, () -> ResultsStore.open(wrong));
    assertFalse(failure.refused(), "a server's refusal may be of the moment");
    assertTrue(failure.getMessage().startsWith("cannot open the results store "), failure.getMessage());
    assertFalse(failure.getMessage().contains(cluster.password()), failure.getMessage());
  }

  /** A new database of the test's own. */
  private static StoreLocation database(TestInfo test) throws Exception {
    var name = test.getTestMethod().orElseThrow().getName().toLowerCase(Locale.ROOT);
    try (var connection = DriverManager.getConnection(cluster.url());
        var statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    }
    return new StoreLocation(Dialect.POSTGRESQL, cluster.url(name));
  }
}
