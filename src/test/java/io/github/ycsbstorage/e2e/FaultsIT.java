package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.KvLite;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults during a phase through the installed {@code bin/ycsb}: the server going away and coming back
 * (mongo-java-server in this JVM, stopped and restarted on the same port; KVLite killed, when
 * {@code KVHOME} is set), SIGTERM and SIGINT during a run and during a study. Whatever happens, a result file is written, complete JSON, marked for what
 * happened, and nothing hangs past the configured timeouts.
 */
@SystemTier
class FaultsIT {
  private static final String WORKLOAD = "workloads/storage/read-heavy-uniform-10x100";
  private static final ObjectMapper JSON = new ObjectMapper();
  // The runs print YCSB's status line every second (-s, on stderr): the tests act on what a run reports.
  private static final Pattern STATUS_SECONDS = Pattern.compile(" (\\d+) sec: \\d+ operations;");
  private static final Predicate<String> READS_SUCCEEDED = Pattern.compile("\\[READ: Count=[1-9]").asPredicate();
  /**
   * maxexecutiontime of the runs that a fault interrupts: long enough for the test's steps on a busy
   * machine (scaled with the hang limits); the run ends there by itself, which the test checks.
   */
  private static final long WINDOW_SECONDS = HangLimit.of(Duration.ofSeconds(30)).toSeconds();
  /**
   * The clients' server-selection and request timeout: it bounds how long an operation against the
   * gone server takes to fail, and also bin/ycsb's first contact before anything runs (exit 2 when
   * missed), which a busy machine slows down.
   */
  private static final String FIRST_CONTACT = HangLimit.timeout(Duration.ofSeconds(5));

  @Test
  void aServerThatGoesAwayMidRunGivesErrorStatusesCountedAndADegradedResult(@TempDir Path dir) throws Exception {
    try (var server = MongoServerExtension.started()) {
      var url = "mongodb.url=" + server.url("faults");
      var load = Launcher.ycsb("load", "mongodb", "-P", WORKLOAD, "-p", url, "-p", "storage.server.memory=100KB");
      assertEquals(0, load.exitCode(), load::all);

      var result = dir.resolve("run.json");
      Launcher.Result finished;
      try (var run = Launcher.start(Map.of(), "run", "mongodb", "-P", WORKLOAD, "-p", url,
          "-p", "storage.server.memory=100KB", "-p", "operationcount=100000000", "-p", "maxexecutiontime=" + WINDOW_SECONDS,
          "-p", "mongodb.serverselectiontimeout=" + FIRST_CONTACT, "-p", "storage.result=" + result, "-threads", "2", "-s", "-p", "status.interval=1")) {
        run.awaitOutput(READS_SUCCEEDED, "a status line with successful reads");
        server.stop();
        run.awaitOutput(output -> output.contains("[READ-FAILED: Count="), "a status line with failed reads");
        server.restart(); // back, but empty: reads find nothing
        run.await(() -> server.commands("find") > 0, "a read from the restarted server");
        finished = Launcher.finish(run);
      }

      assertEquals(0, finished.exitCode(), finished::all);
      var json = JSON.readTree(result.toFile());
      assertEquals("degraded", json.path("status").asText(), json::toPrettyString);
      var codes = json.path("summary").path("operations").path("READ").path("returnCodes");
      assertTrue(codes.path("OK").asLong() > 0, codes::toString);
      long failed = sumExcept(codes, "OK");
      assertTrue(failed > 0, "errors while the server was gone: " + codes);
      assertTrue(codes.path("NOT_FOUND").asLong() > 0, "reads after the restart find no records: " + codes);
      assertTrue(json.path("summary").path("errors").asLong() >= failed, json::toPrettyString);
      assertTrue(finished.stdout().contains("[READ], Return=OK, " + codes.path("OK").asLong()), finished::all);
      assertEndedAtMaxExecutionTime(json);
      assertNoTemporaryFiles(dir);
    }
  }

  @Test
  void killingKvliteMidRunGivesErrorStatusesCountedAndADegradedResult(@TempDir Path dir) throws Exception {
    assumeTrue(KvLite.unavailableReason() == null, KvLite.unavailableReason());
    var environment = Map.of("KVHOME", System.getenv("KVHOME"));
    var store = KvLite.start();
    boolean running = true;
    try {
      var hosts = "oraclenosql.helperhosts=" + store.helperHost();
      var load = Launcher.ycsb(environment, "load", "oraclenosql", "-P", "workloads/workloadc", "-p", hosts,
          "-p", "recordcount=200");
      assertEquals(0, load.exitCode(), load::all);

      var result = dir.resolve("run.json");
      Launcher.Result finished;
      try (var run = Launcher.start(environment, "run", "oraclenosql", "-P", "workloads/workloadc", "-p", hosts,
          "-p", "workload=io.github.ycsbstorage.workload.StorageAwareWorkload", "-p", "recordcount=200",
          "-p", "operationcount=100000000", "-p", "maxexecutiontime=" + WINDOW_SECONDS,
          "-p", "oraclenosql.requesttimeout=" + FIRST_CONTACT, "-p", "storage.result=" + result, "-threads", "2", "-s", "-p", "status.interval=1")) {
        run.awaitOutput(READS_SUCCEEDED, "a status line with successful reads");
        store.close(); // SIGTERM to KVLite, which is gone for the rest of the run
        running = false;
        run.awaitOutput(output -> output.contains("[READ-FAILED: Count="), "a status line with failed reads");
        finished = Launcher.finish(run);
      }

      assertEquals(0, finished.exitCode(), finished::all);
      var json = JSON.readTree(result.toFile());
      assertEquals("degraded", json.path("status").asText(), json::toPrettyString);
      var codes = json.path("summary").path("operations").path("READ").path("returnCodes");
      assertTrue(codes.path("OK").asLong() > 0, codes::toString);
      assertEquals(0, codes.path("NOT_FOUND").asLong(), "every record was there: " + codes);
      assertTrue(sumExcept(codes, "OK") > 0, "errors once KVLite was gone: " + codes);
      assertEndedAtMaxExecutionTime(json);
      assertNoTemporaryFiles(dir);
    } finally {
      if (running) {
        store.close();
      }
    }
  }

  /**
   * A bulk-put load whose KVLite is killed: the load fails (exit 1) in bounded time, and every record
   * of the batches in flight counts as not stored, in YCSB's output, in the result and in the binding's
   * line.
   */
  @Test
  void killingKvliteMidBulkLoadFailsTheLoadWithEveryRecordNotStoredCounted(@TempDir Path dir) throws Exception {
    assumeTrue(KvLite.unavailableReason() == null, KvLite.unavailableReason());
    var environment = Map.of("KVHOME", System.getenv("KVHOME"));
    var store = KvLite.start();
    boolean running = true;
    try {
      var result = dir.resolve("load.json");
      Launcher.Result finished;
      try (var load = Launcher.start(environment, "load", "oraclenosql", "-P", "workloads/workloada",
          "-p", "workload=io.github.ycsbstorage.workload.StorageAwareWorkload",
          "-p", "oraclenosql.helperhosts=" + store.helperHost(), "-p", "oraclenosql.table=killed_bulk",
          "-p", "recordcount=2000000", "-p", "fieldcount=1", "-p", "fieldlength=10",
          "-p", "oraclenosql.bulkput=true", "-p", "oraclenosql.bulkput.batchsize=500",
          "-p", "oraclenosql.requesttimeout=" + FIRST_CONTACT, "-p", "storage.progress.interval=1s",
          "-p", "storage.result=" + result, "-threads", "2")) {
        load.awaitOutput(Pattern.compile("load [1-9][\\d,]{3,} of 2,000,000 records").asPredicate(),
            "a progress line past the first batches");
        store.close(); // SIGTERM to KVLite, gone for the rest of the load
        running = false;
        finished = Launcher.finish(load);
      }

      var failed = FailedLoad.of(finished, result, 2_000_000);
      assertTrue(failed.stored() > 0, failed.codes()::toString);
      assertTrue(finished.stderr().contains("oraclenosql: " + failed.failed() + " records not stored"), finished::all);
    } finally {
      if (running) {
        store.close();
      }
    }
  }

  @Test
  void sigtermDuringARunExportsTheMeasurementsSoFarMarkedInterrupted(@TempDir Path dir) throws Exception {
    var export = dir.resolve("export.txt");
    Launcher.Result finished;
    try (var run = Launcher.start(Map.of(), "run", "basic", "-P", WORKLOAD, "-p", "recordcount=100",
        "-p", "operationcount=1000000000", "-p", "basicdb.verbose=false", "-p", "exportfile=" + export,
        "-s", "-p", "status.interval=1")) {
      // YCSB's own status line saying 3 s have passed: the runtime exported must cover at least 2 s
      run.awaitOutput(output -> STATUS_SECONDS.matcher(output).results()
          .anyMatch(line -> Long.parseLong(line.group(1)) >= 3), "a status line at 3 s or later");
      run.signal("TERM");
      finished = Launcher.finish(run);
    }

    assertEquals(143, finished.exitCode(), "stopped by SIGTERM:\n" + finished.all());
    assertTrue(finished.stderr().contains("Interrupted: the measurements so far are exported"), finished::all);
    var json = JSON.readTree(dir.resolve("export.txt.result.json").toFile());
    assertEquals("interrupted", json.path("status").asText(), json::toPrettyString);
    long reads = json.path("summary").path("operations").path("READ").path("count").asLong();
    assertTrue(reads > 0, json::toPrettyString);
    assertTrue(json.path("summary").path("runtimeMs").asLong() >= 2000, json::toPrettyString);
    var text = Files.readString(export);
    assertTrue(text.contains("[OVERALL], RunTime(ms), "), text);
    assertTrue(text.contains("[READ], Operations, " + reads), text);
    assertNoTemporaryFiles(dir);
  }

  @Test
  void aStudyStoppedBySigintResumesWhereItStopped(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("resume.properties"), """
        study.binding=basic
        study.workloads=workloads/workloada,workloads/workloadc
        study.recordcounts=100
        study.devices=disk=%s
        study.duration=4s
        study.operationcount=1000000000
        basicdb.verbose=false
        """.formatted(dir.resolve("data")));
    var results = dir.resolve("results/resume");
    Launcher.Result stopped;
    try (var study = Launcher.start(Map.of(), "study", file.toString())) {
      study.awaitOutput("disk_records100_load done"); // the first cell (the load) is complete
      study.awaitOutput("cell 2 of 3");
      study.await(() -> study.process().descendants().findAny().isPresent(), "the second cell's client");
      study.signal("INT");
      stopped = Launcher.finish(study);
    }
    assertEquals(130, stopped.exitCode(), "stopped by SIGINT:\n" + stopped.all());
    var completeBefore = resultFiles(results);
    assertFalse(completeBefore.isEmpty(), stopped::all);
    for (var result : completeBefore) {
      JSON.readTree(result.toFile()); // every file that exists is whole JSON
    }

    var resumed = Launcher.ycsb("study", file.toString());
    assertEquals(0, resumed.exitCode(), resumed::all);
    assertEquals(completeBefore.size(),
        resumed.stdout().lines().filter(line -> line.contains("already complete, skipped")).count(), resumed::all);
    var all = resultFiles(results);
    assertEquals(3, all.size(), "a load and two run cells: " + all);
    for (var result : all) {
      assertEquals("complete", JSON.readTree(result.toFile()).path("status").asText(), result::toString);
    }
    assertNoTemporaryFiles(results);
  }

  private static void assertEndedAtMaxExecutionTime(JsonNode json) {
    long runtimeMs = json.path("summary").path("runtimeMs").asLong();
    assertTrue(runtimeMs >= WINDOW_SECONDS * 1000, "ran until maxexecutiontime=" + WINDOW_SECONDS + ": " + runtimeMs + " ms");
  }

  private static long sumExcept(JsonNode codes, String except) {
    long sum = 0;
    for (var names = codes.fieldNames(); names.hasNext(); ) {
      var name = names.next();
      if (!name.equals(except)) {
        sum += codes.path(name).asLong();
      }
    }
    return sum;
  }

  private static List<Path> resultFiles(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (var files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
    }
  }

  private static void assertNoTemporaryFiles(Path folder) throws IOException {
    try (var files = Files.walk(folder)) {
      var temporary = files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
      assertEquals(List.of(), temporary, "no half-written file left");
    }
  }
}
