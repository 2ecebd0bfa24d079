package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import io.github.ycsbstorage.testkit.Tmpfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Utils;

/**
 * The statuses and exit codes of docs/ERRORS.md, through the installed
 * {@code bin/ycsb}: a load that stored fewer records than planned and a run against a server that went
 * away are {@code failed} with exit 1 and say why with exact counts; an interrupted run exports the
 * collector's sections and counts that agree; a full file system leaves no result that could pass for
 * the phase's.
 */
class PhaseStatusIT {
  private static final String STORAGE_AWARE = "workload=io.github.ycsbstorage.workload.StorageAwareWorkload";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String sized(long records) {
    return "recordcount=" + records;
  }

  @Test
  void aBatchedLoadOfKeysThatAlreadyExistFailsWithEveryRecordCountedAsNotStored(@TempDir Path dir)
      throws Exception {
    try (var server = MongoServerExtension.started()) {
      var table = server.database("batched").getCollection("usertable");
      for (long n = 0; n < 4000; n++) {
        table.insertOne(new Document("_id", "user" + Utils.hash(n)));
      }
      var result = dir.resolve("load.json");
      var load = Launcher.ycsb("load", "mongodb", "-P", "workloads/workloada", "-p", STORAGE_AWARE,
          "-p", sized(4000), "-p", "fieldcount=2", "-p", "fieldlength=10", "-p", "batchsize=1000",
          "-p", "mongodb.url=" + server.url("batched"), "-p", "storage.result=" + result, "-threads", "4");

      assertEquals(1, load.exitCode(), load::all);
      assertTrue(load.stdout().contains("[INSERT], Return=ERROR, 4000"), load::all);
      assertTrue(load.stderr().contains("mongodb: 4000 records not stored"), load::all);
      var reason = "the load stored 0 of 4,000 records; not stored: 4,000 failed (INSERT: ERROR 4,000)";
      assertTrue(load.stderr().contains("Status: failed: " + reason), load::all);
      var json = JSON.readTree(result.toFile());
      assertEquals("failed", json.path("status").asText(), json::toPrettyString);
      assertEquals("failed: " + reason, json.path("warnings").get(0).asText(), json::toPrettyString);
      assertEquals(4000, json.path("summary").path("operations").path("INSERT").path("returnCodes").path("ERROR")
          .asLong());
    }
  }

  /** YCSB's own workload exits 0 whatever its load stored; through bin/ycsb a load short of its records fails. */
  @Test
  void aPlainYcsbLoadThatStoredNothingExitsOne() throws Exception {
    try (var server = MongoServerExtension.started()) {
      var table = server.database("plain").getCollection("usertable");
      for (long n = 0; n < 100; n++) {
        table.insertOne(new Document("_id", "user" + Utils.hash(n)));
      }
      var load = Launcher.ycsb("load", "mongodb", "-P", "workloads/workloada", "-p", sized(100),
          "-p", "fieldcount=2", "-p", "fieldlength=10", "-p", "batchsize=50", "-p", "mongodb.url=" + server.url("plain"),
          "-threads", "2");

      assertEquals(1, load.exitCode(), load::all);
      assertTrue(load.stdout().contains("[INSERT], Return=ERROR, 100"), load::all);
      assertTrue(load.stderr().contains("Status: failed: the load stored 0 of 100 records; not stored: 100 failed"
          + " (INSERT: ERROR 100)"), load::all);
      var echoed = load.all().lines().filter(line -> line.startsWith("Command line:")).toList();
      assertTrue(echoed.size() == 1 && echoed.get(0).endsWith(" -load"),
          "PerfKitBenchmarker tells a load by its echoed command line: " + load.all());
    }
  }

  @Test
  @SystemTier
  void aLoadWhoseServerDiesFailsWithExactCountsAndExitsOne(@TempDir Path dir) throws Exception {
    try (var server = MongoServerExtension.started()) {
      var load = loadUntilTheServerDies(server, dir, "dies", 50);
      assertTrue(load.failed() >= 1 && load.failed() <= 2, "each of the 2 threads stops at its first failed insert: "
          + load.codes());
    }
  }

  /**
   * Batches of 100 on 2 threads, the server killed mid-load: each thread's batch in flight is lost whole
   * and counted, and what the result says was stored is what the dead server holds, counted in its own
   * storage.
   */
  @Test
  @SystemTier
  void aBatchedLoadWhoseServerDiesCountsExactlyTheRecordsTheServerDoesNotHold(@TempDir Path dir) throws Exception {
    try (var server = MongoServerExtension.started()) {
      var load = loadUntilTheServerDies(server, dir, "diesbatched", 1000, "-p", "batchsize=100");
      assertEquals(server.storedDocuments("diesbatched", "usertable"), load.stored(), load.codes()::toString);
      assertEquals(200, load.failed(), "each thread's batch in flight, then the thread stops: " + load.codes());
      assertTrue(load.run().stderr().contains("mongodb: 200 records not stored"), load.run()::all);
    }
  }

  /**
   * Loads 200,000 records on 2 threads and stops the server once it holds {@code storedFirst}: the
   * load fails as {@link FailedLoad} checks.
   */
  private static FailedLoad loadUntilTheServerDies(MongoServerExtension server, Path dir, String database,
      long storedFirst, String... extra) throws Exception {
    var result = dir.resolve("load.json");
    var table = server.database(database).getCollection("usertable");
    var args = new ArrayList<>(List.of("load", "mongodb", "-P", "workloads/workloada", "-p", STORAGE_AWARE,
        "-p", sized(200_000), "-p", "fieldcount=1", "-p", "fieldlength=10", "-p", "mongodb.url=" + server.url(database),
        "-p", "mongodb.serverselectiontimeout=" + HangLimit.timeout(Duration.ofSeconds(5)), "-p", "storage.result=" + result,
        "-threads", "2"));
    args.addAll(List.of(extra));
    Launcher.Result finished;
    try (var load = Launcher.start(Map.of(), args.toArray(String[]::new))) {
      load.await(() -> table.countDocuments() >= storedFirst, storedFirst + " records stored");
      server.stop();
      finished = Launcher.finish(load);
    }
    var failed = FailedLoad.of(finished, result, 200_000);
    assertTrue(failed.stored() >= storedFirst, failed.codes()::toString);
    return failed;
  }

  @Test
  @SystemTier
  void aRunWithOnlyAnOperationCountEndsAfterTheFailureTimeoutOnceTheServerIsGone(@TempDir Path dir)
      throws Exception {
    try (var server = MongoServerExtension.started()) {
      var url = "mongodb.url=" + server.url("gone");
      var load = Launcher.ycsb("load", "mongodb", "-P", "workloads/workloadc", "-p", url, "-p", sized(100));
      assertEquals(0, load.exitCode(), load::all);

      var result = dir.resolve("run.json");
      // as the phase's reason states it
      var failureTimeout = DurationFormat.format(HangLimit.of(Duration.ofSeconds(5)));
      Launcher.Result finished;
      try (var run = Launcher.start(Map.of(), "run", "mongodb", "-P", "workloads/workloadc", "-p", url,
          "-p", STORAGE_AWARE, "-p", sized(100), "-p", "operationcount=1000000000",
          "-p", "mongodb.serverselectiontimeout=" + HangLimit.timeout(Duration.ofSeconds(2)),
          "-p", "storage.failure.timeout=" + failureTimeout,
          "-p", "storage.result=" + result, "-threads", "2")) {
        run.awaitOutput("Sizing plan");
        server.stop();
        finished = Launcher.finish(run);
      }

      assertEquals(1, finished.exitCode(), finished::all);
      var json = JSON.readTree(result.toFile());
      assertEquals("failed", json.path("status").asText(), json::toPrettyString);
      var reason = json.path("warnings").get(0).asText();
      assertTrue(reason.matches("failed: no operation succeeded for \\d+\\.\\d s while operations failed: the phase was"
          + " stopped \\(storage\\.failure\\.timeout=" + failureTimeout + "\\)"), reason);
      assertTrue(json.path("warnings").get(1).asText().startsWith("failed: the run stopped after "),
          json::toPrettyString);
      assertTrue(json.path("warnings").get(2).asText().matches("failed: [\\d,]+ of [\\d,]+ operations failed \\(READ:"
          + " SERVICE_UNAVAILABLE [\\d,]+\\)"), "one code for a server that is gone: " + json.path("warnings"));
      assertTrue(finished.stderr().contains("Status: failed: no operation succeeded for"), finished::all);
      HungServerIT.assertOneCount(finished, json); // the Status line once counted 2 failures where the result had 6
      assertTrue(finished.stdout().contains("[READ], Return="), "what was measured is exported: " + finished.all());
    }
  }

  @Test
  void anInterruptedRunCarriesTheCollectorsSectionsAndCountsThatAgreeWithItsReturnCodes(@TempDir Path dir)
      throws Exception {
    var export = dir.resolve("export.txt");
    Launcher.Result finished;
    try (var run = Launcher.start(Map.of(), "run", "basic", "-P", "workloads/workloada", "-p", STORAGE_AWARE,
        "-p", sized(100), "-p", "operationcount=1000000000", "-p", "basicdb.verbose=false",
        "-p", "collector.paths=" + dir, "-p", "collector.interval=200ms", "-p", "exportfile=" + export,
        "-threads", "4", "-s", "-p", "status.interval=1")) {
      run.awaitOutput(" operations; "); // YCSB's status line: the run is measuring
      run.signal("TERM");
      finished = Launcher.finish(run);
    }

    assertEquals(143, finished.exitCode(), finished::all);
    var json = JSON.readTree(dir.resolve("export.txt.result.json").toFile());
    assertEquals("interrupted", json.path("status").asText(), json::toPrettyString);
    assertTrue(json.path("devices").isArray() && json.path("devices").size() > 0, json::toPrettyString);
    assertTrue(json.path("io").isObject(), json::toPrettyString);
    var operations = json.path("summary").path("operations");
    for (var name : List.of("READ", "UPDATE")) {
      var figures = operations.path(name);
      assertTrue(figures.path("count").asLong() > 0, json::toPrettyString);
      assertEquals(figures.path("count").asLong(), sum(figures.path("returnCodes")), name + ": " + figures);
    }
  }

  @Test
  void aFullFileSystemLeavesNeitherAPartialExportNorAnEarlierResult(@TempDir Path dir) throws Exception {
    try (var tmpfs = Tmpfs.mount(Files.createDirectories(dir.resolve("small")), "64k")) {
      var small = tmpfs.path();
      var earlier = Files.writeString(small.resolve("run.txt.result.json"), "{\"schema\": \"an earlier run's\"}");
      // empty, so that removing it frees no room for this run's export
      var earlierSeries = Files.createFile(small.resolve("run.txt.storage.json"));
      var filler = small.resolve("filler");
      try (var out = Files.newOutputStream(filler)) {
        var block = new byte[1024];
        try {
          while (true) {
            out.write(block);
          }
        } catch (IOException full) {
          // the file system is full
        }
      }
      var run = Launcher.ycsb("run", "basic", "-P", "workloads/workloada", "-p", STORAGE_AWARE, "-p", sized(10),
          "-p", "operationcount=100", "-p", "basicdb.verbose=false", "-p", "collector.paths=" + dir,
          "-p", "collector.probe=false", "-p", "exportfile=" + small.resolve("run.txt"));

      assertEquals(1, run.exitCode(), run::all);
      assertTrue(run.stderr().contains("Status: failed: the measurements could not be written"), run::all);
      assertTrue(Files.notExists(earlier), "the earlier result is gone: " + run.all());
      assertTrue(Files.notExists(earlierSeries), "the earlier time series is gone: " + run.all());
      assertTrue(Files.notExists(small.resolve("run.txt")), "no partial export: " + run.all());
    }
  }

  private static long sum(JsonNode codes) {
    long sum = 0;
    for (var values = codes.elements(); values.hasNext(); ) {
      sum += values.next().asLong();
    }
    return sum;
  }
}
