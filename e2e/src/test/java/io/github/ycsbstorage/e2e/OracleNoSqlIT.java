package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.KvLite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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

  @Test
  void aMisspeltPropertyIsRejectedBeforeAnythingRuns() throws Exception {
    var load = ycsb("load", "oraclenosql", "-P", "workloads/workloada", "-p", "oraclenosql.tabel=x");
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("oraclenosql.tabel"), load::all);
    assertTrue(load.stderr().contains("did you mean oraclenosql.table?"), load::all);
  }
}
