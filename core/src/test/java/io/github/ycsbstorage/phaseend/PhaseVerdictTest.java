package io.github.ycsbstorage.phaseend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.result.Summary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A phase's status and exit status, judged against hand-computed cases of what YCSB measured. */
class PhaseVerdictTest {

  private static Properties properties(String... pairs) {
    var properties = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      properties.setProperty(pairs[i], pairs[i + 1]);
    }
    return properties;
  }

  private static OperationFigures figures(long count, Map<String, Long> codes) {
    return new OperationFigures(count, OptionalDouble.empty(), OptionalLong.empty(), OptionalLong.empty(),
        OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), Map.of(), codes,
        Optional.empty());
  }

  /** YCSB's throughput is 1000 × operations ÷ runtime. */
  private static Summary summary(long runtimeMs, long operationsDone, Map<String, OperationFigures> operations) {
    return Summary.of(OptionalLong.of(runtimeMs), OptionalDouble.of(1000.0 * operationsDone / runtimeMs), operations);
  }

  @Test
  void aLoadWhoseThreadsStoppedAtTheirFirstFailureFailsWithExactCounts() {
    // 4 threads; the server died after 10 records: each thread's next insert failed and it stopped.
    var summary = summary(1200, 10, Map.of("INSERT", figures(14, Map.of("OK", 10L, "ERROR", 4L))));
    var verdict = PhaseVerdict.of(Phase.LOAD, properties("recordcount", "200000"), summary, List.of(), List.of());
    assertEquals(Status.FAILED, verdict.status());
    assertEquals(1, verdict.exitStatus());
    assertEquals(List.of("the load stored 10 of 200,000 records; not stored: 4 failed (INSERT: ERROR 4),"
        + " 199,986 never inserted (YCSB's load threads stop at their first failed insert)"), verdict.reasons());
    assertEquals("Status: failed: " + verdict.reasons().get(0), verdict.line());
  }

  @Test
  void aBatchedLoadOfExistingKeysStoredNothing() {
    // Batches of 1000 over 4 threads, every key already there: LostRecords counts all 4,000 as ERROR.
    var summary = summary(900, 3996, Map.of("INSERT", figures(4000, Map.of("BATCHED_OK", 0L, "ERROR", 4000L))));
    var verdict = PhaseVerdict.of(Phase.LOAD, properties("recordcount", "4000", "insertcount", "4000"), summary,
        List.of(), List.of());
    assertEquals(Status.FAILED, verdict.status());
    assertEquals(List.of("the load stored 0 of 4,000 records; not stored: 4,000 failed (INSERT: ERROR 4,000)"),
        verdict.reasons());
  }

  @Test
  void aLoadCountsAgainstInsertcountWhenSetAndBatchedOkAsStored() {
    var summary = summary(500, 300, Map.of("INSERT", figures(300, Map.of("OK", 100L, "BATCHED_OK", 200L))));
    var verdict = PhaseVerdict.of(Phase.LOAD, properties("recordcount", "1000", "insertstart", "700",
        "insertcount", "300"), summary, List.of(), List.of());
    assertEquals(new PhaseVerdict(Status.COMPLETE, List.of()), verdict);
    assertEquals(0, verdict.exitStatus());
    assertEquals("Status: complete", verdict.line());
  }

  @Test
  void aLoadEndedByMaxexecutiontimeIsShortAndSaysWhy() {
    var summary = summary(2000, 500, Map.of("INSERT", figures(500, Map.of("OK", 500L))));
    var verdict = PhaseVerdict.of(Phase.LOAD, properties("recordcount", "1000", "maxexecutiontime", "2"), summary,
        List.of(), List.of());
    assertEquals(List.of("the load stored 500 of 1,000 records; not stored: 500 never inserted before"
        + " maxexecutiontime ended the load"), verdict.reasons());
  }

  @Test
  void aRunThatReachedItsCountWithFailuresIsDegradedAndExitsZero() {
    var summary = summary(10_000, 10_000, Map.of("READ", figures(5000, Map.of("OK", 4988L, "ERROR", 12L)),
        "UPDATE", figures(5000, Map.of("OK", 5000L))));
    var verdict = PhaseVerdict.of(Phase.RUN, properties("operationcount", "10000"), summary, List.of(),
        List.of("collector lost /proc/diskstats for 3 s"));
    assertEquals(Status.DEGRADED, verdict.status());
    assertEquals(0, verdict.exitStatus());
    assertEquals(List.of("12 of 10,000 operations failed (READ: ERROR 12)", "1 warning in the result"),
        verdict.reasons());
  }

  @Test
  void aRunThatStoppedBeforeItsCountFailsUnlessItsTimeLimitEndedIt() {
    var operations = Map.of("READ", figures(44, Map.of("ERROR", 44L)));
    var early = PhaseVerdict.of(Phase.RUN, properties("operationcount", "1000000"), summary(118_000, 44, operations),
        List.of(), List.of());
    assertEquals(Status.FAILED, early.status());
    assertEquals(List.of("the run stopped after 44 of 1,000,000 operations", "44 of 44 operations failed (READ: ERROR 44)"),
        early.reasons(), "the failed operations counted from the exported figures, as in the result file");

    var timed = PhaseVerdict.of(Phase.RUN, properties("operationcount", "1000000", "maxexecutiontime", "118"),
        summary(118_000, 44, operations), List.of(), List.of());
    assertEquals(Status.DEGRADED, timed.status());
    // operationcount 0: the run has no count to reach
    assertEquals(Status.DEGRADED, PhaseVerdict.of(Phase.RUN, properties("maxexecutiontime", "10"),
        summary(10_000, 44, operations), List.of(), List.of()).status());
  }

  @Test
  void aRecordedFailureFailsThePhaseFirstAndASignalInterruptsIt() {
    var summary = summary(61_000, 44, Map.of("READ", figures(44, Map.of("ERROR", 44L))));
    var verdict = PhaseVerdict.of(Phase.RUN, properties("operationcount", "1000"), summary,
        List.of("no operation succeeded for 60.0 s"), List.of());
    assertEquals(List.of("no operation succeeded for 60.0 s", "the run stopped after 44 of 1,000 operations",
        "44 of 44 operations failed (READ: ERROR 44)"), verdict.reasons());
    assertEquals(1, verdict.exitStatus());
    assertEquals(Status.INTERRUPTED, PhaseVerdict.interrupted().status());
  }

  @Test
  void failuresOfAnOperationThatNeverSucceededAreNamedByCode() {
    // YCSB counts failed reads under READ-FAILED and their codes under READ, whose count is then 0
    var operations = Map.of("READ", figures(0, Map.of("SERVICE_UNAVAILABLE", 9L)),
        "READ-FAILED", figures(9, Map.of()));
    var verdict = PhaseVerdict.of(Phase.RUN, properties("operationcount", "1000"), summary(2_000, 9, operations),
        List.of("no operation succeeded for 2.0 s while operations failed"), List.of());
    assertEquals(List.of("no operation succeeded for 2.0 s while operations failed",
        "the run stopped after 9 of 1,000 operations", "9 of 9 operations failed (READ: SERVICE_UNAVAILABLE 9)"),
        verdict.reasons());
  }
}
