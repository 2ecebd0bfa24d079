package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.KvLite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bin/ycsb load|run oraclenosql} against a real KVLite from {@code KVHOME}, as a user runs
 * them; skipped with the reason when {@code KVHOME} is not set.
 */
class OracleNoSqlIT {
  private static KvLite store;

  @BeforeAll
  static void startStore() throws Exception {
    var reason = KvLite.unavailableReason();
    if (reason != null) {
      System.out.println("[oraclenosql e2e] SKIPPED: " + reason);
      return;
    }
    store = KvLite.start();
  }

  /** Each test is skipped on its own, so that Maven counts and reports every skipped test. */
  @BeforeEach
  void requireStore() {
    assumeTrue(store != null, KvLite.unavailableReason());
  }

  @AfterAll
  static void stopStore() throws Exception {
    if (store != null) {
      store.close();
    }
  }

  /** {@code bin/ycsb <command> oraclenosql} on the test's store; a later {@code -p} in args wins. */
  private static Launcher.Result ycsb(String... args) throws Exception {
    var command = new ArrayList<>(List.of(args).subList(0, 2));
    command.addAll(List.of("-p", "oraclenosql.helperhosts=" + store.helperHost(), "-p", "recordcount=200",
        "-p", "operationcount=400"));
    command.addAll(List.of(args).subList(2, args.length));
    return Launcher.ycsb(Map.of("KVHOME", System.getenv("KVHOME")), command.toArray(String[]::new));
  }

  /** The count YCSB printed for {@code [OPERATION], Return=STATUS, count}, or 0 when absent. */
  private static long count(String output, String operation, String status) {
    var matcher = Pattern.compile("\\[" + operation + "], Return=" + status + ", (\\d+)").matcher(output);
    return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
  }

  private static void assertRunAndReadBack(String table) throws Exception {
    var run = ycsb("run", "oraclenosql", "-P", "workloads/workloada", "-p", "oraclenosql.table=" + table);
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stdout().contains("[OVERALL], Throughput(ops/sec)"), run::all);
    long reads = count(run.stdout(), "READ", "OK");
    long updates = count(run.stdout(), "UPDATE", "OK");
    assertTrue(reads > 0 && updates > 0, run::all);
    assertEquals(400, reads + updates, run::all);
    assertFalse(run.stdout().contains("Return=NOT_FOUND") || run.stdout().contains("Return=ERROR"), run::all);

    // Every loaded row is there: a read-only pass over exactly the 200 keys finds each one.
    var check = ycsb("run", "oraclenosql", "-P", "workloads/workloadc", "-p", "oraclenosql.table=" + table,
        "-p", "requestdistribution=sequential", "-p", "operationcount=200");
    assertEquals(0, check.exitCode(), check::all);
    assertEquals(200, count(check.stdout(), "READ", "OK"), check::all);
    assertFalse(check.stdout().contains("Return=NOT_FOUND"), check::all);
  }

  @Test
  void loadAndRunWorkloadA() throws Exception {
    var load = ycsb("load", "oraclenosql", "-P", "workloads/workloada", "-p", "oraclenosql.table=e2e_put");
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stdout().contains("[OVERALL], RunTime(ms)"), load::all);
    assertEquals(200, count(load.stdout(), "INSERT", "OK"), load::all);
    assertRunAndReadBack("e2e_put");
  }

  @Test
  void bulkPutLoadStoresEveryRecordIncludingTheLastPartialBatch() throws Exception {
    var load = ycsb("load", "oraclenosql", "-P", "workloads/workloada", "-p", "oraclenosql.table=e2e_bulk",
        "-p", "oraclenosql.bulkput=true", "-p", "oraclenosql.bulkput.batchsize=64", "-threads", "2");
    assertEquals(0, load.exitCode(), load::all);
    long ok = count(load.stdout(), "INSERT", "OK");
    long batched = count(load.stdout(), "INSERT", "BATCHED_OK");
    assertEquals(200, ok + batched, load::all);
    assertTrue(batched > 0, load::all);
    assertRunAndReadBack("e2e_bulk");
  }

  /** Every return code YCSB printed for an operation, e.g. {@code {OK=640}}. */
  private static Map<String, Long> returnCodes(String output, String operation) {
    var codes = new java.util.TreeMap<String, Long>();
    var matcher = Pattern.compile("\\[" + operation + "], Return=([A-Z_]+), (\\d+)").matcher(output);
    while (matcher.find()) {
      codes.put(matcher.group(1), Long.parseLong(matcher.group(2)));
    }
    return codes;
  }

  /** Scans keep several requests per replication node in flight: the client must never refuse its own. */
  @ParameterizedTest
  @ValueSource(strings = {"columns", "json"})
  void workloadEAt64And256ThreadsHasNoErrors(String layout) throws Exception {
    var table = "oraclenosql.table=e2e_scan_" + layout;
    var load = ycsb("load", "oraclenosql", "-P", "workloads/workloade", "-p", table, "-p", "oraclenosql.layout=" + layout,
        "-p", "recordcount=2000", "-threads", "4");
    assertEquals(0, load.exitCode(), load::all);
    assertEquals(Map.of("OK", 2000L), returnCodes(load.stdout(), "INSERT"), load::all);
    for (int threads : new int[] {64, 256}) {
      int operations = 4 * threads;
      // A generous request timeout: on a loaded 2-core machine one KVLite serving 256 threads' scans is
      // slow, and this test is about the client never refusing its own requests, not about speed.
      var run = ycsb("run", "oraclenosql", "-P", "workloads/workloade", "-p", table, "-p", "oraclenosql.layout=" + layout,
          "-p", "recordcount=2000", "-p", "operationcount=" + operations, "-threads", Integer.toString(threads),
          "-p", "oraclenosql.requesttimeout=120s");
      assertEquals(0, run.exitCode(), run::all);
      var scans = returnCodes(run.stdout(), "SCAN");
      var inserts = returnCodes(run.stdout(), "INSERT");
      assertEquals(Set.of("OK"), scans.keySet(), () -> layout + ", " + threads + " threads: " + run.all());
      assertTrue(inserts.isEmpty() || inserts.keySet().equals(Set.of("OK")),
          () -> layout + ", " + threads + " threads: " + run.all());
      assertEquals(operations, scans.get("OK") + inserts.getOrDefault("OK", 0L), run::all);
      assertFalse(run.stderr().contains("Node limit exceeded"), run::all);
    }
  }

  @Test
  void aFailedBulkLoadCountsEveryRecordThatWasNotStored() throws Exception {
    // Keys longer than the store accepts (32,767 bytes): every bulk put fails as a whole. YCSB's load
    // threads stop at their first failed insert, i.e. after one batch of 50 each.
    var load = ycsb("load", "oraclenosql", "-P", "workloads/workloada", "-p", "oraclenosql.table=e2e_lost",
        "-p", "oraclenosql.bulkput=true", "-p", "oraclenosql.bulkput.batchsize=50", "-p", "zeropadding=40000",
        "-threads", "2");
    assertEquals(Map.of("BATCHED_OK", 0L, "ERROR", 100L), returnCodes(load.stdout(), "INSERT"), load::all);
    assertTrue(load.stderr().contains("oraclenosql: 100 records not stored"), load::all);
    assertTrue(load.stderr().lines().allMatch(line -> line.length() < 1000), "short warning lines");
  }

  @Test
  void aSizedLoadOnTheStoresReportedCacheCarriesTheStoresFactsAndDevice(@TempDir Path dir) throws Exception {
    var load = ycsb("load", "oraclenosql", "-P", "workloads/storage/read-only-uniform-1x1000",
        "-p", "oraclenosql.table=e2e_sized", "-p", "storage.memory.basis=cache", "-p", "storage.dataset.ratio=0.005",
        "-p", "exportfile=" + dir.resolve("load.txt"));
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("× server cache ") && load.stderr().contains("(basis cache, from rg1-rn1 JE "
        + "cache size (kvstore.jar RepNodeAdmin.getInfo(), an internal interface))"), load::all);
    var result = new ObjectMapper().readTree(dir.resolve("load.txt.result.json").toFile());
    var server = result.path("server");
    assertEquals("25.3.21", server.path("version").asText(), server::toString);
    long cache = server.path("cache").path("bytes").asLong();
    assertTrue(cache > KvLite.HEAP_BYTES * 65 / 100 && cache <= KvLite.HEAP_BYTES * 70 / 100, server::toString);
    assertEquals(store.environment().toString(), server.path("dataPath").asText());
    long records = result.path("sizing").path("recordCount").asLong();
    assertEquals(Math.round(0.005 * cache) / result.path("sizing").path("recordBytes").path("total").asLong(), records);
    assertEquals(Map.of("OK", records), returnCodes(Files.readString(dir.resolve("load.txt")), "INSERT"), load::all);
    // The store's storage directory is tagged without collector.paths.
    assertTrue(result.path("devices").isArray() && result.path("devices").size() > 0, result::toString);
    assertTrue(result.path("sizing").path("measured").path("source").asText().contains("JE log files of rg1-rn1"),
        () -> result.path("sizing").toString());
  }

  @Test
  void aDeclaredMemoryThatTheStoreContradictsIsWarnedAbout() throws Exception {
    // 96 GB declared for a KVLite whose JE cache is 70 % of a 1 GiB heap; a tiny ratio keeps the load short.
    var load = ycsb("load", "oraclenosql", "-P", "workloads/storage/read-only-uniform-1x1000",
        "-p", "oraclenosql.table=e2e_declared", "-p", "storage.memory.basis=cache",
        "-p", "storage.server.memory=96GB", "-p", "storage.dataset.ratio=0.000002");
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("Warning: storage.server.memory=96.0 GB but Oracle NoSQL Database reports "
        + "cache of ") && load.stderr().contains("rg1-rn1 JE cache size"), load::all);
  }

  /**
   * Two cells, one per dataset size, each on a KVLite of its own that the study's server commands start
   * in {@code {datadir}/{scale}} and stop: every cell's result describes the store it ran on.
   */
  @Test
  void aTwoCellStudyStartsAndStopsAKvlitePerDatasetSizeAndItsResultsCarryThatStoresFacts(@TempDir Path dir)
      throws Exception {
    int port = KvLite.freePortRange(21);
    var script = Launcher.HOME.toAbsolutePath().resolve("scripts/oraclenosql/kvlite.sh");
    var file = Files.writeString(dir.resolve("kv.properties"), """
        study.binding=oraclenosql
        study.workloads=workloads/storage/read-only-uniform-1x1000
        study.ratios=0.001,0.002
        study.devices=disk=%s
        study.server.start=KV_HEAP=512m KV_PARTITIONS=12 %s start {datadir}/{scale} %d
        study.server.stop=%s stop {datadir}/{scale}
        study.operationcount=200
        storage.memory.basis=cache
        oraclenosql.helperhosts=localhost:%d
        """.formatted(dir.resolve("disk"), script, port, script, port));
    var study = Launcher.ycsb(Map.of("KVHOME", System.getenv("KVHOME")), "study", file.toString());
    assertEquals(0, study.exitCode(), study::all);
    var results = dir.resolve("results/kv");
    var json = new ObjectMapper();
    var recordCounts = new ArrayList<Long>();
    for (var ratio : List.of("0.001", "0.002")) {
      var run = json.readTree(results.resolve("disk_ratio" + ratio + "_read-only-uniform-1x1000_r1.json").toFile());
      assertEquals("complete", run.path("status").asText(), run::toString);
      var server = run.path("server");
      assertEquals("25.3.21", server.path("version").asText(), server::toString);
      long cache = server.path("cache").path("bytes").asLong();
      assertTrue(cache > (512L << 20) * 65 / 100 && cache <= (512L << 20) * 70 / 100, "70 % of KV_HEAP: " + server);
      var scale = "ratio" + ratio.replace('.', '_');
      assertEquals(dir.resolve("disk/" + scale + "/kvroot/kvstore/sn1/rg1-rn1/env").toString(),
          server.path("dataPath").asText());
      var load = json.readTree(results.resolve("disk_ratio" + ratio + "_load.json").toFile());
      long records = load.path("sizing").path("recordCount").asLong();
      long loadCache = load.path("server").path("cache").path("bytes").asLong();
      assertEquals(Math.round(Double.parseDouble(ratio) * loadCache) / load.path("sizing").path("recordBytes")
          .path("total").asLong(), records, load::toString);
      assertEquals(records, load.path("summary").path("operations").path("INSERT").path("returnCodes").path("OK")
          .asLong(), load::toString);
      assertTrue(load.path("sizing").path("measured").path("source").asText().contains("JE log files of rg1-rn1"),
          () -> load.path("sizing").toString());
      assertFalse(Files.exists(dir.resolve("disk/" + scale + "/kvlite.pid")), "the stop command ran for " + scale);
      recordCounts.add(records);
    }
    assertTrue(recordCounts.get(1) > recordCounts.get(0), "twice the ratio, more records: " + recordCounts);
  }

  @Test
  void aMisspeltPropertyIsRejectedBeforeAnythingRuns() throws Exception {
    var load = ycsb("load", "oraclenosql", "-P", "workloads/workloada", "-p", "oraclenosql.tabel=x");
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("oraclenosql.tabel"), load::all);
    assertTrue(load.stderr().contains("did you mean oraclenosql.table?"), load::all);
  }
}
