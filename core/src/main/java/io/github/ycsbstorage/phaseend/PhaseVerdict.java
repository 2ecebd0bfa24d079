package io.github.ycsbstorage.phaseend;

import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.result.Summary;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * How a phase ended ({@link Status}) and why, judged from what YCSB measured against what it was
 * asked to do, so that a phase that did not do its work never passes as done. YCSB's load threads
 * stop at their first failed insert and its {@code Client} exits 0 whatever happened: here a load
 * that stored fewer records than it was to insert is {@code failed}, and so is a run that stopped
 * before its {@code operationcount} without reaching {@code maxexecutiontime}, or a phase whose
 * components recorded a failure (e.g. the failure watch stopped it). Operations that failed in a
 * phase that did its work make it {@code degraded}, as do recorded warnings. Immutable.
 *
 * @param status  the result's status
 * @param reasons why it is not {@code complete}; empty when it is
 */
public record PhaseVerdict(Status status, List<String> reasons) {
  private static final Set<String> SUCCESS = Set.of("OK", "BATCHED_OK");

  public PhaseVerdict {
    reasons = List.copyOf(reasons);
  }

  /**
   * Judges a phase that YCSB ran to its end (not interrupted).
   *
   * @param properties the phase's properties as YCSB's {@code Client} read them (after the workload's
   *                   {@code init}, which may have set the record count)
   * @param summary    YCSB's figures of the phase
   * @param failures   failures its components recorded ({@link RunRecord#failures()})
   * @param warnings   warnings they recorded
   */
  public static PhaseVerdict of(Phase phase, Properties properties, Summary summary, List<String> failures,
      List<String> warnings) {
    var failed = new ArrayList<>(failures);
    var ycsb = YcsbSettings.from(properties);
    var shortPhase = phase == Phase.LOAD ? shortLoad(ycsb, summary) : shortRun(ycsb, summary);
    shortPhase.ifPresent(failed::add);
    // the failed operations counted from the exported figures only: the Status line and the result agree
    var operationsFailed = summary.errors() == 0 ? Optional.<String>empty()
        : Optional.of(String.format(Locale.ROOT, "%,d of %,d operations failed (%s)", summary.errors(),
            summary.count(), failedCodes(summary)));
    if (!failed.isEmpty()) {
      if (phase == Phase.RUN || shortPhase.isEmpty()) { // a short load's reason counts its failed inserts
        operationsFailed.ifPresent(failed::add);
      }
      return new PhaseVerdict(Status.FAILED, failed);
    }
    var degraded = new ArrayList<String>();
    operationsFailed.ifPresent(degraded::add);
    if (!warnings.isEmpty()) {
      degraded.add(warnings.size() == 1 ? "1 warning in the result" : warnings.size() + " warnings in the result");
    }
    return new PhaseVerdict(degraded.isEmpty() ? Status.COMPLETE : Status.DEGRADED, degraded);
  }

  /** A phase stopped by a signal: what it measured up to then. */
  public static PhaseVerdict interrupted() {
    return new PhaseVerdict(Status.INTERRUPTED, List.of("stopped by a signal before its end"));
  }

  /** The exit status that goes with it: success for a phase that did its work, failed otherwise. */
  public int exitStatus() {
    return (status == Status.COMPLETE || status == Status.DEGRADED ? ExitStatus.SUCCESS : ExitStatus.FAILED).code();
  }

  /** The console's summary line, e.g. {@code Status: failed: the load stored 10 of 200,000 records …}. */
  public String line() {
    return "Status: " + status + (reasons.isEmpty() ? "" : ": " + String.join("; ", reasons));
  }

  private static Optional<String> shortLoad(YcsbSettings ycsb, Summary summary) {
    long planned = ycsb.plannedInserts();
    var inserts = summary.operations().get("INSERT");
    var codes = inserts == null ? Map.<String, Long>of() : inserts.returnCodes();
    long stored = codes.entrySet().stream().filter(c -> SUCCESS.contains(c.getKey()))
        .mapToLong(Map.Entry::getValue).sum();
    if (stored >= planned) {
      return Optional.empty();
    }
    long failed = inserts == null ? 0 : inserts.errors();
    long notTried = Math.max(0, planned - stored - failed);
    var parts = new ArrayList<String>();
    if (failed > 0) {
      parts.add(String.format(Locale.ROOT, "%,d failed (%s)", failed, failedCodes(summary)));
    }
    if (notTried > 0) {
      parts.add(String.format(Locale.ROOT, "%,d never inserted", notTried)
          + (timeLimitReached(ycsb, summary) ? " before maxexecutiontime ended the load"
          : failed > 0 ? " (YCSB's load threads stop at their first failed insert)" : ""));
    }
    var reason = String.format(Locale.ROOT, "the load stored %,d of %,d records", stored, planned)
        + (parts.isEmpty() ? "" : "; not stored: " + String.join(", ", parts));
    return Optional.of(reason);
  }

  private static Optional<String> shortRun(YcsbSettings ycsb, Summary summary) {
    long planned = ycsb.operationCount();
    var done = operationsDone(summary);
    if (planned <= 0 || done.isEmpty() || done.getAsLong() >= planned || timeLimitReached(ycsb, summary)) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "the run stopped after %,d of %,d operations",
        done.getAsLong(), planned));
  }

  /**
   * The operations YCSB's client threads completed: its throughput is {@code 1000 × done ÷ runtime},
   * so this is exact; unknown when the run took no measurable time.
   */
  static OptionalLong operationsDone(Summary summary) {
    if (summary.runtimeMs().isEmpty() || summary.runtimeMs().getAsLong() <= 0
        || summary.throughputOpsPerSec().isEmpty() || !Double.isFinite(summary.throughputOpsPerSec().getAsDouble())) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.round(summary.throughputOpsPerSec().getAsDouble()
        * summary.runtimeMs().getAsLong() / 1000.0));
  }

  /** YCSB's terminator stops the threads after {@code maxexecutiontime} s, counted from their start. */
  private static boolean timeLimitReached(YcsbSettings ycsb, Summary summary) {
    long limit = ycsb.maxExecutionTime();
    return limit > 0 && summary.runtimeMs().isPresent() && summary.runtimeMs().getAsLong() >= limit * 1000;
  }

  /**
   * {@code READ: ERROR 12, UPDATE: ERROR 3}: the failed return codes per operation (YCSB counts a failed
   * read under {@code READ-FAILED} and its code under {@code READ}, whose count is 0 when none succeeded).
   */
  private static String failedCodes(Summary summary) {
    var parts = new ArrayList<String>();
    summary.operations().forEach((operation, figures) -> {
      var failedCodes = new TreeMap<String, Long>();
      figures.returnCodes().forEach((code, n) -> {
        if (!SUCCESS.contains(code) && n > 0) {
          failedCodes.put(code, n);
        }
      });
      if (!failedCodes.isEmpty()) {
        var codes = new ArrayList<String>();
        failedCodes.forEach((code, n) -> codes.add(String.format(Locale.ROOT, "%s %,d", code, n)));
        parts.add(operation + ": " + String.join(", ", codes));
      }
    });
    return String.join("; ", parts);
  }
}
