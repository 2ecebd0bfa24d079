package io.github.ycsbstorage.rocksdb;

import io.github.ycsbstorage.testkit.DbConformanceSuite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;

/** The shared binding contract, on a real RocksDB in a temporary directory, direct I/O on. */
class RocksDbConformanceTest extends DbConformanceSuite {
  @TempDir
  static Path folder;

  @Override
  protected DB newDb() {
    return new RocksDbClient();
  }

  @Override
  protected Properties connectionProperties() {
    var props = new Properties();
    props.setProperty(RocksDbSettings.DIR, folder.resolve("db").toString());
    props.setProperty(RocksDbSettings.CACHE_SIZE, "8MB");
    return props;
  }

  /** Every instance of the previous test is cleaned up, so the engine is closed: remove its files. */
  @Override
  protected void resetTable() throws IOException {
    var db = folder.resolve("db");
    if (Files.exists(db)) {
      try (Stream<Path> files = Files.walk(db)) {
        for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }
}
