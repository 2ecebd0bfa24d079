package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.YcsbInternals;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.phaseend.ExportClaim;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import java.time.Instant;
import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * Any YCSB workload class ({@code storage.workload}, YCSB's {@code CoreWorkload} when not given),
 * observed: its phase gets the {@link PhaseLifecycle} (collector, engine's counters, failure watch,
 * result exporter and result file, YCSB's measurements with recorders that never resize) and nothing
 * else. The workload itself runs unchanged: the same
 * properties reach its {@code init}, every operation is its own (the same draw, the same keys), only
 * passing the {@link OperationGate} around it. {@code bin/ycsb} runs every workload but the
 * storage-aware one (which starts the lifecycle itself) through this class; in a YCSB 0.17.0
 * install it is the one line {@code -p workload=io.github.ycsbstorage.workload.ObservedWorkload}.
 *
 * <p>Thread safety as YCSB's {@code Workload}: {@code init} and {@code cleanup} on YCSB's main thread,
 * the operations on its client threads.
 */
public final class ObservedWorkload extends Workload {
  private final RunRecord record = RunRecord.current();
  private Workload workload;
  private BindingSession session;
  private PhaseLifecycle lifecycle;

  /** A client thread's gate slot and the observed workload's own state for it. */
  private record ThreadState(OperationGate.Slot slot, Object own) {
  }

  /**
   * Opens the binding once to learn its server (data path), runs the workload's own {@code init},
   * then starts the lifecycle.
   *
   * @throws InvalidPropertyException when {@code storage.workload} names no workload class, or the
   *     storage-aware one (which observes its phase itself)
   */
  @Override
  public void init(Properties p) throws WorkloadException {
    YcsbInternals.check();
    var startedAt = Instant.now();
    NamespaceValidator.validateOnce(p); // in a YCSB install nothing else checks the input
    var settings = StorageSettings.from(p);
    workload = instantiate(p.getProperty(StorageSettings.WORKLOAD, CoreWorkload.class.getName()));
    lifecycle = new PhaseLifecycle(this, record, settings.operationTimeout(), () -> { });
    session = BindingSession.openFor(p, Phase.of(p), open -> {
      var server = open.serverInfo();
      server.ifPresent(record::setServer);
      workload.init(p);
      lifecycle.start(Phase.of(p), p, startedAt, open, server, settings.failureTimeout());
    });
  }

  private static Workload instantiate(String className) {
    Class<?> type;
    try {
      type = Class.forName(className, true, ObservedWorkload.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new InvalidPropertyException(StorageSettings.WORKLOAD, className, "a class extending site.ycsb.Workload",
          e.toString());
    }
    Check.input(Workload.class.isAssignableFrom(type), StorageSettings.WORKLOAD, className,
        "a class extending site.ycsb.Workload");
    Check.input(!StorageAwareWorkload.class.isAssignableFrom(type) && type != ObservedWorkload.class,
        StorageSettings.WORKLOAD, className, "a workload class other than " + StorageAwareWorkload.class.getName()
            + " and " + ObservedWorkload.class.getName(), "that class observes its phase itself: name it in workload=");
    try {
      return (Workload) type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new InvalidPropertyException(StorageSettings.WORKLOAD, className,
          "a workload class with a public no-argument constructor", e.toString());
    }
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    var slot = lifecycle.threadStarted();
    return new ThreadState(slot, workload.initThread(p, mythreadid, threadcount));
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    var state = (ThreadState) threadstate;
    var gate = lifecycle.gate();
    if (!gate.begin(state.slot(), YcsbOperation.INSERT)) {
      return false;
    }
    try {
      return workload.doInsert(db, state.own());
    } catch (RuntimeException e) {
      return gate.escaped(e);
    } finally {
      gate.end(state.slot());
    }
  }

  /** As {@link #doInsert}, spelt out rather than shared through a lambda: no allocation per operation. */
  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    var state = (ThreadState) threadstate;
    var gate = lifecycle.gate();
    if (!gate.begin(state.slot(), YcsbOperation.TRANSACTION)) {
      return false;
    }
    try {
      return workload.doTransaction(db, state.own());
    } catch (RuntimeException e) {
      return gate.escaped(e);
    } finally {
      gate.end(state.slot());
    }
  }

  /** Stops this phase and the observed workload, which may loop on its own flag. */
  @Override
  public void requestStop() {
    super.requestStop();
    if (workload != null) {
      workload.requestStop();
    }
  }

  /**
   * Stops the lifecycle's components, then releases the binding and the workload. Throws nothing:
   * YCSB's {@code Client} answers a {@code WorkloadException} here with {@code System.exit(0)} and no
   * export, so a problem becomes a recorded failure or warning, and the export tells.
   */
  @Override
  public void cleanup() {
    try {
      lifecycle.stop();
      lifecycle.recordMissingThreads();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      record.addFailure("interrupted while stopping the phase's components");
    } finally {
      try {
        session.close();
      } catch (WorkloadException e) {
        record.addWarning(e.getMessage());
      }
      try {
        workload.cleanup();
      } catch (WorkloadException | RuntimeException e) {
        record.addFailure(workload.getClass().getName() + "'s cleanup failed: " + e.getMessage());
      }
      // YCSB's Client exports next, unless a signal's export has the phase (then this never returns)
      ExportClaim.beginOwnExport();
    }
  }
}
