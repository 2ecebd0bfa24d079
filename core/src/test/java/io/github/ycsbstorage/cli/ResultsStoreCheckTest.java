package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.StoreLocation;
import io.github.ycsbstorage.store.StoreSettings;
import io.github.ycsbstorage.store.StoredResults;
import io.github.ycsbstorage.testkit.Tmpfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results store checked before a phase or study runs: what cannot hold the row is bad input, naming why. */
class ResultsStoreCheckTest {
  @Test
  void aFileWhereTheStoresFolderWouldBeIsRefused(@TempDir Path dir) throws Exception {
    var blocker = Files.writeString(dir.resolve("blocker"), "not a folder");
    var message = refused(blocker.resolve("results.db").toString());
    assertTrue(message.startsWith(StoreSettings.STORE + "='" + blocker.resolve("results.db") + "' is invalid: "), message);
    assertTrue(message.contains(blocker + " is not a writable folder"), message);
  }

  @Test
  void aFolderIsNoStore(@TempDir Path dir) {
    var message = refused("jdbc:sqlite:" + dir);
    assertTrue(message.contains("it is a folder"), message);
  }

  @Test
  void aReadOnlyLocationIsRefusedWhoeverRuns(@TempDir Path dir) throws Exception {
    try (var readOnly = Tmpfs.mountReadOnly(Files.createDirectory(dir.resolve("ro")))) {
      var message = refused(readOnly.path().resolve("store/results.db").toString());
      assertTrue(message.contains(readOnly.path() + " is not a writable folder"), message);
    }
  }

  @Test
  void aStoreOfANewerSchemaIsRefusedWithItsVersion(@TempDir Path dir) throws Exception {
    var file = dir.resolve("results.db");
    try (var store = ResultsStore.open(StoreLocation.file(file))) {
      store.add(StoredResults.run(1, 1), Map.of());
    }
    try (var connection = DriverManager.getConnection("jdbc:sqlite:" + file);
        var statement = connection.createStatement()) {
      statement.execute("INSERT INTO schema_version (version) VALUES (999)");
    }
    var message = refused(file.toString());
    assertTrue(message.contains(file + " is a results store of schema version 999; this ycsb-storage reads up to version "),
        message);
    assertTrue(message.contains("use a newer ycsb-storage, or another store"), message);
  }

  @Test
  void aFileThatIsNoStoreIsRefusedAndLeftAsItWas(@TempDir Path dir) throws Exception {
    var notAStore = Files.writeString(dir.resolve("result.json"), "{\"schema\": \"not a database, and long enough to be read as a header\"}");
    var before = Files.readAllBytes(notAStore);
    var message = refused(notAStore.toString());
    assertTrue(message.contains(notAStore + " is not a results store (not an SQLite file)"), message);
    assertArrayEquals(before, Files.readAllBytes(notAStore), "the check writes nothing into a file that is not a store");
  }

  @Test
  void theEnvironmentVariableIsNamedWhenItNamedTheStore(@TempDir Path dir) throws Exception {
    var blocker = Files.writeString(dir.resolve("blocker"), "not a folder");
    var settings = new StoreSettings(Optional.of(StoreLocation.file(blocker.resolve("r.db"))), StoreSettings.ENVIRONMENT, blocker.resolve("r.db").toString());
    var refused = assertThrows(InvalidPropertyException.class, () -> ResultsStoreCheck.check(settings));
    assertEquals(StoreSettings.ENVIRONMENT, refused.property());
  }

  @Test
  void aGoodStoreIsOpenedAndANewOneLeftToThePhase(@TempDir Path dir) throws Exception {
    var existing = dir.resolve("results.db");
    ResultsStore.open(StoreLocation.file(existing)).close();
    assertDoesNotThrow(() -> ResultsStoreCheck.check(settings(existing.toString())));
    var fresh = dir.resolve("new/results.db");
    assertDoesNotThrow(() -> ResultsStoreCheck.check(settings(fresh.toString())));
    assertTrue(Files.notExists(fresh.getParent()), "a store still to be created is not created by the check");
    assertDoesNotThrow(() -> ResultsStoreCheck.check(settings(StoreSettings.OFF)));
  }

  private static String refused(String store) {
    return assertThrows(InvalidPropertyException.class, () -> ResultsStoreCheck.check(settings(store))).getMessage();
  }

  private static StoreSettings settings(String store) {
    var properties = new Properties();
    properties.setProperty(StoreSettings.STORE, store);
    return StoreSettings.from(properties);
  }
}
