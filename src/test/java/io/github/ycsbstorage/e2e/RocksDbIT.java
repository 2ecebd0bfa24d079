package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded {@code rocksdb} binding through {@code bin/ycsb}: the storage-aware workload sized from
 * the block cache, direct reads that hit the device beyond it and not within it (the engine's own
 * counters), workload E's scans, and a directory another process holds.
 */
class RocksDbIT {
  private static final String READ_ONLY = "workloads/storage/read-only-uniform-1x1000";
  private static final String CACHE = "4MB";

  /** Loads {@code ratio} × the cache, then reads it (after a warm-up) and returns the run's result. */
  private static JsonNode loadAndRead(Path dir, String ratio) throws Exception {
    var data = dir.resolve("db-" + ratio);
    var sized = new String[] {"-P", READ_ONLY, "-p", "rocksdb.dir=" + data, "-p", "rocksdb.cachesize=" + CACHE,
        "-p", "storage.dataset.ratio=" + ratio, "-threads", "1"};
    var load = ycsb(concat(new String[] {"load", "rocksdb"}, sized, "-p", "exportfile=" + dir.resolve("load-" + ratio)));
    assertEquals(0, load.exitCode(), load::all);
    var run = ycsb(concat(new String[] {"run", "rocksdb"}, sized, "-p", "operationcount=4000",
        "-p", "storage.warmup=4000ops", "-p", "exportfile=" + dir.resolve("run-" + ratio)));
    assertEquals(0, run.exitCode(), run::all);
    var export = Files.readString(dir.resolve("run-" + ratio));
    assertTrue(export.contains("[ENGINE], device.reads/op, "), export);
    return new ObjectMapper().readTree(dir.resolve("run-" + ratio + ".result.json").toFile());
  }

  private static String[] concat(String[] first, String[] second, String... third) {
    var all = new java.util.ArrayList<String>(java.util.List.of(first));
    all.addAll(java.util.List.of(second));
    all.addAll(java.util.List.of(third));
    return all.toArray(String[]::new);
  }

  @Test
  void beyondTheBlockCacheReadsHitTheDeviceAndWithinItTheyDoNot(@TempDir Path dir) throws Exception {
    var beyond = loadAndRead(dir, "8");
    assertEquals(4_000_000, beyond.path("server").path("cache").path("bytes").asLong(), beyond::toPrettyString);
    assertEquals(32_000_000, beyond.path("sizing").path("targetBytes").asLong(), beyond::toPrettyString);
    var engine = beyond.path("engine");
    assertEquals(4000, engine.path("operations").asLong(), beyond::toPrettyString);
    assertTrue(engine.path("deviceReadsPerOperation").asDouble() > 0.5, engine::toPrettyString);
    assertTrue(engine.path("cacheHitRatio").asDouble() < 0.5, engine::toPrettyString);
    assertTrue(engine.path("counters").path("bytesRead").asLong() > 4000L * 4096 / 2, engine::toPrettyString);

    var within = loadAndRead(dir, "0.5").path("engine");
    assertTrue(within.path("deviceReadsPerOperation").asDouble() < 0.05, within::toPrettyString);
    assertTrue(within.path("cacheHitRatio").asDouble() > 0.95, within::toPrettyString);
  }

  /**
   * Four threads read right after a four-thread load: the load's compactions end before the measured
   * phase, and the engine's device reads per operation (the operations' own block reads) agree with the
   * reads the data device counted, which the collector watches.
   */
  @Test
  void multiThreadReadsAfterALoadCountOnlyTheOperationsDeviceReads(@TempDir Path dir) throws Exception {
    var data = dir.resolve("db");
    var sized = new String[] {"-P", READ_ONLY, "-p", "rocksdb.dir=" + data, "-p", "rocksdb.cachesize=" + CACHE,
        "-p", "storage.dataset.ratio=8", "-threads", "4"};
    var load = ycsb(concat(new String[] {"load", "rocksdb"}, sized));
    assertEquals(0, load.exitCode(), load::all);
    var run = ycsb(concat(new String[] {"run", "rocksdb"}, sized, "-p", "operationcount=4000",
        "-p", "collector.paths=" + data, "-p", "collector.interval=200ms", "-p", "exportfile=" + dir.resolve("run")));
    assertEquals(0, run.exitCode(), run::all);
    var result = new ObjectMapper().readTree(dir.resolve("run.result.json").toFile());
    var engine = result.path("engine");
    double engineReads = engine.path("deviceReadsPerOperation").asDouble();
    double deviceReads = result.path("io").path("perOperation").path("deviceReads").asDouble();
    assertTrue(engineReads > 0.5 && engineReads <= 1.1, engine::toPrettyString);
    assertEquals(0, engine.path("counters").path("compactionBytesRead").asLong(), engine::toPrettyString);
    // The data device's count checks the engine's only when this process did (nearly) all of its I/O.
    double share = result.path("io").path("process").path("shareOfDeviceIo").asDouble(1);
    assumeTrue(share >= 0.9, "other processes did " + Math.round((1 - share) * 100) + " % of the data device's"
        + " I/O during the run: its reads are not this run's alone, so they check nothing");
    assertTrue(Math.abs(engineReads - deviceReads) <= 0.15 * deviceReads,
        "engine " + engineReads + " vs device " + deviceReads + " reads per operation: " + result.path("io"));
  }

  @Test
  void theLoadIsMeasuredOnDiskByTheEngineAndDirectIoIsRecorded(@TempDir Path dir) throws Exception {
    var data = dir.resolve("db");
    var load = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + data, "-p", "storage.server.memory=2MB",
        "-p", "storage.dataset.ratio=2", "-p", "exportfile=" + dir.resolve("load"));
    assertEquals(0, load.exitCode(), load::all);
    var result = new ObjectMapper().readTree(dir.resolve("load.result.json").toFile());
    var server = result.path("server");
    assertEquals("RocksDB", server.path("product").asText());
    assertEquals(data.toString(), server.path("dataPath").asText());
    assertEquals("storage.server.memory", server.path("cache").path("source").asText().replaceAll(".*\\((.*)\\)", "$1"),
        server::toPrettyString);
    assertTrue(server.path("details").path("io").asText().startsWith("direct"), server::toPrettyString);
    assertTrue(result.path("engine").path("counters").path("bytesWritten").asLong() > 2_000_000, result::toPrettyString);
  }

  @Test
  void throughThePageCacheEveryResultSaysSo(@TempDir Path dir) throws Exception {
    var load = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + dir.resolve("db"),
        "-p", "rocksdb.directio=false", "-p", "storage.dataset.size=1MB", "-p", "exportfile=" + dir.resolve("load"));
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("Warning: rocksdb: rocksdb.directio=false: the engine reads through the OS page cache"),
        load::all);
    var result = new ObjectMapper().readTree(dir.resolve("load.result.json").toFile());
    assertTrue(result.path("server").path("details").path("io").asText().startsWith("buffered"), result::toPrettyString);
    assertTrue(result.path("warnings").toString().contains("rocksdb.directio=false"), result::toPrettyString);
  }

  /**
   * The engine's native library cannot be unpacked (a limit on file size, as a full temporary folder
   * would): the command ends with an error that says what and where, not a stack trace.
   */
  @Test
  void aNativeLibraryThatCannotBeUnpackedIsAClearError(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/prlimit")), "no /usr/bin/prlimit (util-linux) to limit file sizes");
    var unpack = Files.createDirectory(dir.resolve("unpack"));
    var load = Launcher.run(List.of("/usr/bin/prlimit", "--fsize=" + (1 << 20), "--",
        Launcher.HOME.resolve("bin/ycsb").toString(), "load", "rocksdb", "-P", READ_ONLY, "-p",
        "rocksdb.dir=" + dir.resolve("db")), Map.of("ROCKSDB_SHAREDLIB_DIR", unpack.toString()), Launcher.HOME);
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("its native library could not be loaded (rocksdbjni unpacks it into " + unpack
        + " first): java.io.IOException: File too large"), load::all);
    assertFalse(load.stderr().contains("Exception in thread"), load::all);
  }

  @Test
  void workloadEScansReturnRecordsInKeyOrder(@TempDir Path dir) throws Exception {
    var common = new String[] {"-P", "workloads/workloade", "-p", "rocksdb.dir=" + dir.resolve("db"),
        "-p", "recordcount=2000", "-threads", "2"};
    var load = ycsb(concat(new String[] {"load", "rocksdb"}, common));
    assertEquals(0, load.exitCode(), load::all);
    var run = ycsb(concat(new String[] {"run", "rocksdb"}, common, "-p", "operationcount=1000",
        "-p", "exportfile=" + dir.resolve("run.txt")));
    assertEquals(0, run.exitCode(), run::all);
    var export = Files.readString(dir.resolve("run.txt"));
    assertTrue(export.matches("(?s).*\\[SCAN], Return=OK, \\d+.*"), export);
    assertTrue(!export.contains("Return=ERROR") && !export.contains("Return=NOT_FOUND"), export);
  }

  @Test
  void aDirectoryAnotherProcessHoldsExits2NamingIt(@TempDir Path dir) throws Exception {
    var data = dir.resolve("db");
    var load = ycsb("load", "rocksdb", "-P", "workloads/workloadc", "-p", "rocksdb.dir=" + data, "-p", "recordcount=100");
    assertEquals(0, load.exitCode(), load::all);
    try (var holder = Launcher.start(Map.of(), "run", "rocksdb", "-P", "workloads/workloadc", "-p", "rocksdb.dir=" + data,
        "-p", "recordcount=100", "-p", "operationcount=2000000000", "-p", "maxexecutiontime=600")) {
      holder.awaitOutput("Starting test.");
      var second = ycsb("load", "rocksdb", "-P", "workloads/workloadc", "-p", "rocksdb.dir=" + data,
          "-p", "recordcount=100", "-p", "exportfile=" + dir.resolve("second.txt"));
      assertEquals(2, second.exitCode(), second::all);
      assertTrue(second.stderr().contains("rocksdb.dir='" + data + "' is invalid: another process holds the engine's "
          + "LOCK file"), second::all);
      assertTrue(second.stderr().contains("accepted: a directory no other process has open"), second::all);
      assertTrue(!Files.exists(dir.resolve("second.txt")), "nothing exported");
    }
  }
}
