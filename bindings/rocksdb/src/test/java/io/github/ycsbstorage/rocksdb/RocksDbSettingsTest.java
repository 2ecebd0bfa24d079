package io.github.ycsbstorage.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbSettingsTest {
  @TempDir
  Path folder;

  private Properties properties(String... keysAndValues) {
    var props = new Properties();
    props.setProperty(RocksDbSettings.DIR, folder.resolve("db").toString());
    for (int i = 0; i < keysAndValues.length; i += 2) {
      props.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    return props;
  }

  private static InvalidPropertyException refused(Properties props) {
    return assertThrows(InvalidPropertyException.class, () -> RocksDbSettings.from(props));
  }

  @Test
  void defaultsAreDirectIoAndTheDocumentedCache() {
    var settings = RocksDbSettings.from(properties());
    assertTrue(settings.directIo());
    assertEquals(RocksDbSettings.DEFAULT_CACHE.bytes(), settings.blockCache().bytes());
    assertTrue(settings.optionsFile().isEmpty());
    assertEquals(folder.resolve("db"), settings.dir());
  }

  @Test
  void theCacheIsItsOwnKeyElseTheDeclaredServerMemory() {
    var own = RocksDbSettings.from(properties("rocksdb.cachesize", "16MB", "storage.server.memory", "32MB"));
    assertEquals(16_000_000, own.blockCache().bytes());
    assertEquals("rocksdb.cachesize", own.blockCache().source());
    var declared = RocksDbSettings.from(properties("storage.server.memory", "32MiB"));
    assertEquals(32L << 20, declared.blockCache().bytes());
    assertEquals("storage.server.memory", declared.blockCache().source());
    var auto = RocksDbSettings.from(properties("storage.server.memory", "auto"));
    assertEquals(RocksDbSettings.DEFAULT_CACHE.bytes(), auto.blockCache().bytes());
  }

  @Test
  void directIoCanBeSwitchedOff() {
    assertFalse(RocksDbSettings.from(properties("rocksdb.directio", "false")).directIo());
    assertEquals("rocksdb.directio", refused(properties("rocksdb.directio", "maybe")).property());
  }

  @Test
  void aMissingDirectoryIsRefusedNamingTheProperty() {
    var props = new Properties();
    var e = refused(props);
    assertEquals("rocksdb.dir", e.property());
    assertTrue(e.getMessage().contains("(not set)"), e.getMessage());
  }

  @Test
  void aRegularFileAsTheDirectoryIsRefused() throws IOException {
    var file = Files.writeString(folder.resolve("file"), "x");
    var e = refused(properties("rocksdb.dir", file.toString()));
    assertTrue(e.getMessage().contains("is a file"), e.getMessage());
  }

  @Test
  void aDirectoryUnderAFileCannotBeCreated() throws IOException {
    var file = Files.writeString(folder.resolve("file"), "x");
    var e = refused(properties("rocksdb.dir", file.resolve("db").toString()));
    assertTrue(e.getMessage().contains("cannot be created"), e.getMessage());
  }

  @Test
  void aMissingOptionsFileIsRefused() {
    var e = refused(properties("rocksdb.optionsfile", folder.resolve("OPTIONS-none").toString()));
    assertEquals("rocksdb.optionsfile", e.property());
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
  }

  @Test
  void aZeroOrMalformedCacheSizeIsRefused() {
    assertEquals("rocksdb.cachesize", refused(properties("rocksdb.cachesize", "0")).property());
    assertEquals("rocksdb.cachesize", refused(properties("rocksdb.cachesize", "lots")).property());
  }

  @Test
  void aMisspeltKeyIsRefusedWithASuggestion() {
    var validator = new NamespaceValidator(List.of(new RocksDbNamespace()));
    var props = properties("rocksdb.cachsize", "16MB");
    var e = assertThrows(InvalidPropertyException.class, () -> validator.validate(props));
    assertTrue(e.getMessage().contains("rocksdb.cachesize"), e.getMessage());
  }
}
