package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.HangLimit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that hangs ends the phase in bounded time, whatever the binding, through the installed
 * {@code bin/ycsb}: a MongoDB-wire server stopped with SIGSTOP (a real hang: connections stay open,
 * nothing answers), a binding call that never returns, and a client thread whose binding cannot start.
 * Each phase ends {@code failed} with exit 1, its counts the same in the {@code Status:} line, YCSB's
 * output and the result file, and the operations it could not count named as in progress.
 */
@SystemTier
class HungServerIT {
  private static final String STORAGE_AWARE = "workload=io.github.ycsbstorage.workload.StorageAwareWorkload";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Predicate<String> READS_SUCCEEDED = Pattern.compile("\\[READ: Count=[1-9]").asPredicate();
  /** The verdict's count of failed operations, e.g. {@code 12 of 3,456 operations failed}. */
  private static final Pattern OPERATIONS_FAILED = Pattern.compile("([\\d,]+) of ([\\d,]+) operations failed");

  @Test
  void aSigstoppedServerEndsTheRunWithinTheFailureAndOperationTimeoutsWithOneCount(@TempDir Path dir)
      throws Exception {
    var server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), MongoWireServerProcess.class.getName())
        .redirectError(dir.resolve("server.log").toFile()).start();
    boolean stopped = false;
    try {
      var port = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8)).readLine();
      assertNotNull(port, () -> "the server's port: " + serverLog(dir));
      var url = "mongodb.url=mongodb://127.0.0.1:" + port.trim() + "/hung";
      var load = Launcher.ycsb("load", "mongodb", "-P", "workloads/workloadc", "-p", url, "-p", "recordcount=100");
      assertEquals(0, load.exitCode(), load::all);

      var result = dir.resolve("run.json");
      Launcher.Result finished;
      try (var run = Launcher.start(Map.of(), "run", "mongodb", "-P", "workloads/workloadc", "-p", url,
          "-p", STORAGE_AWARE, "-p", "recordcount=100", "-p", "operationcount=1000000000",
          "-p", "storage.failure.timeout=3s", "-p", "storage.operation.timeout=2s", "-p", "storage.result=" + result,
          "-threads", "2", "-s", "-p", "status.interval=1")) {
        run.awaitOutput(READS_SUCCEEDED, "a status line with successful reads");
        signal(server, "STOP");
        stopped = true;
        long stoppedAt = System.nanoTime();
        run.awaitOutput("Error: no operation ");
        double secondsToStop = (System.nanoTime() - stoppedAt) / 1e9;
        run.awaitOutput("Status: failed");
        double secondsToStatus = (System.nanoTime() - stoppedAt) / 1e9;
        finished = Launcher.finish(run);
        double secondsToEnd = (System.nanoTime() - stoppedAt) / 1e9;
        // what the report quotes; the hang limits alone decide whether it ended
        System.out.printf(Locale.ROOT, "HungServerIT: SIGSTOP to the phase's stop %.1f s, to its Status line %.1f s,"
            + " to the process's end %.1f s (failure timeout 3 s + operation timeout 2 s)%n", secondsToStop,
            secondsToStatus, secondsToEnd);
      }

      assertEquals(1, finished.exitCode(), finished::all);
      var json = JSON.readTree(result.toFile());
      assertEquals("failed", json.path("status").asText(), json::toPrettyString);
      var reason = json.path("warnings").get(0).asText();
      assertTrue(reason.matches("failed: no operation (succeeded|completed) for \\d+\\.\\d s while .+: the phase was"
          + " stopped \\(storage\\.failure\\.timeout=3s\\)"), reason);
      assertOneCount(finished, json);
      var codes = json.path("summary").path("operations").path("READ").path("returnCodes");
      assertTrue(codes.path("OK").asLong() > 0, codes::toString);
      for (var names = codes.fieldNames(); names.hasNext(); ) {
        var code = names.next();
        assertTrue(List.of("OK", "SERVICE_UNAVAILABLE").contains(code), "one code for a server that does not answer: "
            + codes);
      }
    } finally {
      if (stopped) {
        signal(server, "CONT");
      }
      server.getOutputStream().close(); // the server's end
      if (!server.waitFor(HangLimit.of(HangLimit.STEP).toSeconds(), TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  @Test
  void aBindingCallThatNeverReturnsEndsThePhaseWithTheOperationsInProgressNamed(@TempDir Path dir) throws Exception {
    var result = dir.resolve("run.json");
    var finished = Launcher.ycsb("run", "basic", "-db", HangingDb.class.getName(), "-cp", testClasses(),
        "-P", "workloads/workloadc", "-p", STORAGE_AWARE, "-p", "recordcount=100", "-p", "operationcount=1000000000",
        "-p", "hang.after=1000", "-p", "basicdb.verbose=false", "-p", "storage.failure.timeout=1s",
        "-p", "storage.operation.timeout=1s", "-p", "storage.result=" + result, "-threads", "2");

    assertEquals(1, finished.exitCode(), finished::all);
    var json = JSON.readTree(result.toFile());
    assertEquals("failed", json.path("status").asText(), json::toPrettyString);
    var inProgress = "operations still in progress when the phase ended, 1s (storage.operation.timeout) after it"
        + " was stopped: 2 (READ 2); their binding never returned, and they are in no count";
    var warnings = json.path("warnings").toString();
    assertTrue(warnings.contains("failed: no operation completed for "), warnings);
    assertTrue(warnings.contains("failed: " + inProgress), warnings);
    assertTrue(finished.stderr().lines().anyMatch(line -> line.startsWith("Status: failed: ") && line.contains(inProgress)),
        finished::all);
    var read = json.path("summary").path("operations").path("READ");
    assertEquals(1000, read.path("count").asLong(), "exactly the reads that returned: " + read);
    assertEquals(1000, read.path("returnCodes").path("OK").asLong(), read::toString);
    assertTrue(finished.stdout().contains("[READ], Return=OK, 1000"), finished::all);
  }

  @Test
  void aClientThreadWhoseBindingCannotStartFailsThePhase(@TempDir Path dir) throws Exception {
    var result = dir.resolve("load.json");
    var finished = Launcher.ycsb("load", "basic", "-db", UnreachableDb.class.getName(), "-cp", testClasses(),
        "-P", "workloads/workloada", "-p", STORAGE_AWARE, "-p", "recordcount=1000", "-p", "unreachable.thread=2",
        "-p", "storage.result=" + result, "-threads", "4");

    assertEquals(1, finished.exitCode(), finished::all);
    var json = JSON.readTree(result.toFile());
    assertEquals("failed", json.path("status").asText(), json::toPrettyString);
    var missing = "1 of 4 client threads did not start (their binding's init() failed or did not return; YCSB printed"
        + " its error): their share of the work was not done";
    assertTrue(json.path("warnings").toString().contains("failed: " + missing), json::toPrettyString);
    assertTrue(finished.stderr().contains(missing), finished::all);
    assertTrue(finished.all().contains("cannot reach the test server at 127.0.0.1:1 within 10000 ms"), "YCSB's own trace: "
        + finished.all());
    assertEquals(750, json.path("summary").path("operations").path("INSERT").path("returnCodes").path("OK").asLong(),
        json::toPrettyString);
  }

  /**
   * The failed operations the {@code Status:} line counts are the result's and YCSB's own, code by
   * code.
   */
  static void assertOneCount(Launcher.Result finished, JsonNode json) {
    var status = finished.stderr().lines().filter(line -> line.startsWith("Status: failed: ")).findFirst()
        .orElseThrow(() -> new AssertionError("no Status line: " + finished.all()));
    var counted = OPERATIONS_FAILED.matcher(status);
    assertTrue(counted.find(), status);
    var summary = json.path("summary");
    assertEquals(summary.path("errors").asLong(), Long.parseLong(counted.group(1).replace(",", "")), status);
    long completed = 0;
    for (var operation : summary.path("operations").properties()) {
      completed += operation.getKey().equals("CLEANUP") ? 0 : operation.getValue().path("count").asLong();
    }
    assertEquals(completed, Long.parseLong(counted.group(2).replace(",", "")), status);
    for (var operation : summary.path("operations").properties()) {
      for (var code : operation.getValue().path("returnCodes").properties()) {
        var line = "[" + operation.getKey() + "], Return=" + code.getKey() + ", " + code.getValue().asLong();
        assertTrue(finished.stdout().lines().anyMatch(line::equals), "YCSB's output says «" + line + "»: "
            + finished.all());
      }
    }
  }

  private static void signal(Process process, String signal) throws IOException, InterruptedException {
    var kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
    assertEquals(0, kill.waitFor(), "kill -" + signal);
  }

  private static String testClasses() throws Exception {
    return Path.of(HangingDb.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }

  private static String serverLog(Path dir) {
    try {
      return Files.readString(dir.resolve("server.log"));
    } catch (IOException e) {
      return e.toString();
    }
  }
}
