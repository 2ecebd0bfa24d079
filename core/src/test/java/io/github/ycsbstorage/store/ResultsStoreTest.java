package io.github.ycsbstorage.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.testkit.HangLimit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {
  /** Hang limit of the concurrent writers, scaled like every test's. */
  private static final long HANG_LIMIT_S = (long) (120 * Double.parseDouble(System.getProperty("ycsb.test.timeout.factor", "1")));

  @Test
  void aRunIsStoredWithItsColumnsItsResultAndItsHdrLog(@TempDir Path dir) throws Exception {
    var log = Files.writeString(dir.resolve("READ.hdr"), "#[StartTime: 1.000 (seconds since epoch)]\n0.1,1.0,5.0,HISTFAAAAB\n");
    var result = StoredResults.run(1234.5, 1070);
    try (var store = ResultsStore.open(StoreLocation.file(dir.resolve("new/results.db")))) {
      var id = store.add(result, Map.of("READ", log));
      var runs = store.list(RunFilter.ALL);
      assertEquals(1, runs.size());
      var run = runs.get(0);
      assertEquals(id, run.id());
      assertEquals(Optional.of("phase"), run.text(Column.KIND));
      assertEquals(Optional.of("complete"), run.text(Column.STATUS));
      assertEquals(Optional.of("site.ycsb.BasicDB"), run.text(Column.BINDING));
      assertEquals(1234.5, run.number(Column.THROUGHPUT_OPS).getAsDouble());
      assertEquals(1070, run.number(Column.P99_US).getAsDouble());
      assertEquals(4, run.number(Column.THREADS).getAsDouble());
      assertEquals(Optional.of("2026-11-21T19:55:00.000000000Z"), run.text(Column.STARTED_AT), "one width: times sort as text");
      assertTrue(run.text(Column.DEVICE).isEmpty(), "no collector: the device is unknown, not empty text");
      assertEquals(Optional.of(result), store.result(id), "the stored result reads back as the same model");
      assertEquals(Map.of("READ", Files.readString(log)), store.hdrLogs(id), "HdrHistogram's log as it wrote it");
    }
  }

  @Test
  void filtersSelectByBindingStudyAndTime(@TempDir Path dir) throws Exception {
    try (var store = ResultsStore.open(StoreLocation.file(dir.resolve("results.db")))) {
      store.add(StoredResults.run(100, 10), Map.of());
      var none = Optional.<String>empty();
      assertEquals(1, store.list(new RunFilter(none, Optional.of("BasicDB"), none, none, Optional.empty(),
          Optional.empty())).size());
      assertEquals(0, store.list(new RunFilter(none, Optional.of("rocksdb"), none, none, Optional.empty(),
          Optional.empty())).size());
      assertEquals(0, store.list(RunFilter.study("nightly")).size());
      assertEquals(0, store.list(new RunFilter(none, none, none, none,
          Optional.of(StoredResults.STARTED.plusNanos(1)), Optional.empty())).size());
      assertEquals(1, store.list(new RunFilter(none, none, none, none,
          Optional.of(StoredResults.STARTED), Optional.of(StoredResults.STARTED.plusNanos(1)))).size());
      assertThrows(BadInputException.class, () -> store.select(Selection.parse("A", "study:nightly")));
      assertThrows(BadInputException.class, () -> store.select(Selection.parse("A", "99")));
    }
  }

  @Test
  void twoWritersAtOnceLoseNothing(@TempDir Path dir) throws Exception {
    var file = dir.resolve("results.db");
    int perWriter = 40;
    writeAtOnce(StoreLocation.file(file), 2, perWriter);
    assertEveryRowKept(StoreLocation.file(file), 2 * perWriter);
  }

  /**
   * SQLite does not call the busy handler while it switches a new file to WAL mode; a process that
   * opens the store while another one is creating it (here: holds its write lock) must wait for it.
   */
  @Test
  void openingAStoreAnotherProcessIsCreatingWaitsForIt(@TempDir Path dir) throws Exception {
    var file = dir.resolve("results.db");
    var opener = new java.util.concurrent.atomic.AtomicReference<Thread>();
    var pool = Executors.newSingleThreadExecutor(task -> {
      var thread = new Thread(task, "opener");
      opener.set(thread);
      return thread;
    });
    try (var creator = DriverManager.getConnection("jdbc:sqlite:" + file);
        var statement = creator.createStatement()) {
      statement.execute("CREATE TABLE other (v INTEGER)");
      statement.execute("BEGIN IMMEDIATE");
      var opened = pool.submit(() -> {
        try (var store = ResultsStore.open(StoreLocation.file(file))) {
          return store.add(StoredResults.run(1, 10), Map.of());
        }
      });
      // until it has failed, or is waiting between its tries to switch the file to WAL mode
      HangLimit.await(() -> opened.isDone() || opener.get().getState() == Thread.State.TIMED_WAITING,
          () -> "the opener's state: " + opener.get().getState());
      assertFalse(opened.isDone(), "waits while the other process holds the file");
      statement.execute("COMMIT");
      assertEquals(1L, opened.get(HANG_LIMIT_S, TimeUnit.SECONDS));
    } finally {
      pool.shutdownNow();
    }
    assertEveryRowKept(StoreLocation.file(file), 1);
  }

  /** Each row on its own connection, as a phase or study cell opens the store. */
  static void writeAtOnce(StoreLocation location, int writers, int perWriter) throws Exception {
    var pool = Executors.newFixedThreadPool(writers);
    try {
      var written = new ArrayList<Future<Integer>>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        Callable<Integer> write = () -> {
          for (int i = 0; i < perWriter; i++) {
            try (var store = ResultsStore.open(location)) {
              store.add(StoredResults.run(writer * 1000 + i, 10), Map.of());
            }
          }
          return perWriter;
        };
        written.add(pool.submit(write));
      }
      for (var writer : written) {
        assertEquals(perWriter, writer.get(HANG_LIMIT_S, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  static void assertEveryRowKept(StoreLocation location, int rows) throws Exception {
    try (var store = ResultsStore.open(location)) {
      var throughputs = store.list(RunFilter.ALL).stream().map(r -> r.number(Column.THROUGHPUT_OPS).getAsDouble())
          .toList();
      assertEquals(rows, throughputs.size(), "every row of every writer");
      assertEquals(rows, throughputs.stream().distinct().count());
    }
  }

  @Test
  void aStoreOfANewerSchemaIsRefusedAndAnOlderOneIsKept(@TempDir Path dir) throws Exception {
    var file = dir.resolve("results.db");
    try (var store = ResultsStore.open(StoreLocation.file(file))) {
      store.add(StoredResults.run(1, 1), Map.of());
    }
    try (var store = ResultsStore.open(StoreLocation.file(file))) {
      assertEquals(1, store.list(RunFilter.ALL).size(), "reopening migrates nothing and keeps the rows");
    }
    try (var connection = DriverManager.getConnection("jdbc:sqlite:" + file);
        var statement = connection.createStatement()) {
      statement.execute("INSERT INTO schema_version (version) VALUES (" + (StoreSchema.VERSION + 1) + ")");
    }
    var refused = assertThrows(StoreException.class, () -> ResultsStore.open(StoreLocation.file(file)));
    assertEquals(file + " is a results store of schema version " + (StoreSchema.VERSION + 1) + "; this ycsb-storage "
        + "reads up to version " + StoreSchema.VERSION + ": use a newer ycsb-storage, or another store",
        refused.getMessage());
    assertTrue(refused.refused(), "one the user must change, not a failure of the moment");
    var read = assertThrows(BadInputException.class, () -> ResultsStore.openExisting(StoreLocation.file(file)));
    assertEquals(refused.getMessage(), read.getMessage(), "results and report --look-back: bad input, exit 2");
  }

  @Test
  void aStoreThatCannotBeWrittenSaysWhere(@TempDir Path dir) throws Exception {
    var blocker = Files.writeString(dir.resolve("file"), "not a folder");
    var failure = assertThrows(StoreException.class, () -> ResultsStore.open(StoreLocation.file(blocker.resolve("results.db"))));
    assertTrue(failure.getMessage().startsWith("cannot create the folder of the results store " + blocker), failure.getMessage());
    assertThrows(BadInputException.class, () -> ResultsStore.openExisting(StoreLocation.file(dir.resolve("absent.db"))));
    assertTrue(Files.notExists(dir.resolve("absent.db")), "reading does not create a store");
  }

  @Test
  void settings() {
    var none = Optional.<String>empty();
    assertEquals(Optional.of(StoreSettings.defaultFile()), StoreSettings.parse(none, none).location().flatMap(StoreLocation::file));
    assertTrue(StoreSettings.defaultFile().endsWith(Path.of(".ycsb-storage", "results.db")));
    assertEquals(Optional.of(Path.of("/tmp/env.db")), StoreSettings.parse(none, Optional.of("/tmp/env.db")).location().flatMap(StoreLocation::file));
    assertEquals(Optional.of(Path.of("/tmp/p.db")), StoreSettings.parse(Optional.of("/tmp/p.db"),
        Optional.of("off")).location().flatMap(StoreLocation::file), "the property before the environment");
    var properties = new Properties();
    properties.setProperty(StoreSettings.STORE, "OFF");
    assertEquals(Optional.empty(), StoreSettings.from(properties).location().flatMap(StoreLocation::file));
    properties.setProperty(StoreSettings.STORE, "jdbc:sqlite:/tmp/r.db");
    assertEquals(Optional.of(Path.of("/tmp/r.db")), StoreSettings.from(properties).location().flatMap(StoreLocation::file));
    properties.setProperty(StoreSettings.STORE, "jdbc:postgresql://db:5432/results?user=u&password=secret");
    var server = StoreSettings.from(properties).location().orElseThrow();
    assertEquals(Dialect.POSTGRESQL, server.dialect());
    assertEquals(Optional.empty(), server.file());
    assertEquals("jdbc:postgresql://db:5432/results?user=u&password=*****", server.toString());
    // user information in the URL is not the driver's: a bad port to it
    properties.setProperty(StoreSettings.STORE, "jdbc:postgresql://u:secret@db/results");
    var refused = assertThrows(InvalidPropertyException.class, () -> StoreSettings.from(properties));
    assertTrue(refused.getMessage().startsWith(StoreSettings.STORE + "="), refused.getMessage());
    assertTrue(!refused.getMessage().contains("secret"), "the password is masked: " + refused.getMessage());
    properties.setProperty(StoreSettings.STORE, "jdbc:sqlite:");
    assertThrows(InvalidPropertyException.class, () -> StoreSettings.from(properties));
    var fromEnvironment = assertThrows(InvalidPropertyException.class, () -> StoreSettings.parse(none,
        Optional.of("jdbc:mysql://db/r")));
    assertEquals(StoreSettings.ENVIRONMENT, fromEnvironment.property());
  }

  @Test
  void selections() {
    assertEquals(12, Selection.parse("A", "12").id().getAsLong());
    assertEquals(Optional.of("nightly"), Selection.parse("A", "study:nightly").study());
    for (var bad : new String[] {"0", "x", "study:", "-1"}) {
      var refused = assertThrows(InvalidPropertyException.class, () -> Selection.parse("A", bad));
      assertTrue(refused.getMessage().contains("study:<name>"), refused.getMessage());
    }
  }
}
