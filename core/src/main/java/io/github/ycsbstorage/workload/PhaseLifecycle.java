package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.YcsbReturnCodes;
import io.github.ycsbstorage.collector.ClientThreadIds;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.phaseend.InterruptedExport;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.ServerInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * What every phase is observed and guarded by, whatever its workload: the result exporter
 * ({@link PhaseExport}), the binding engine's counters ({@link EngineWatch}), the
 * {@link PhaseObservers} (the collector), the {@link FailureWatch}, the {@link PhaseDeadline}, the
 * {@link OperationGate} every operation passes, the export of a phase a signal stops
 * ({@link InterruptedExport}) and YCSB's measurements of the phase, with recorders that never resize
 * ({@link MeasurementSetup}). {@link #start} runs last in the workload's {@code init}, just before
 * YCSB's client threads start; {@link #stop} first in its {@code cleanup}. A stop asked for here is
 * the workload's {@code requestStop}, which YCSB's client threads obey.
 *
 * <p>{@code start}, {@code stop} run on YCSB's main thread; the slots and the gate on its client
 * threads; {@link #stopAsFailed} on any.
 */
final class PhaseLifecycle {
  /** What a workload stops of its own with the lifecycle's components. */
  @FunctionalInterface
  interface WorkloadStop {
    void stop() throws InterruptedException;
  }

  /** How long an interrupted phase waits for the operations in progress before it exports. */
  private static final Duration WIND_DOWN = Duration.ofSeconds(5);

  private final Workload workload;
  private final RunRecord record;
  private final Duration operationTimeout;
  private final OperationGate gate;
  private final WorkloadStop workloadStop;
  private PhaseObservers observers = PhaseObservers.none();
  private EngineWatch engine;
  private AutoCloseable failureWatch = () -> { };
  /** Set once the phase is started, before YCSB's client threads start. */
  private volatile ClientThreads clientThreads;
  private PhaseDeadline deadline;
  /** Null until {@link #start} has created the phase's measurements. */
  private volatile MeasurementSetup measurementSetup;
  /**
   * Held while the components stop: by {@link #stop}, or by the interrupted export, whichever comes
   * first; the other waits, so that an interrupted export has the collector's sections.
   */
  private final Object stopping = new Object();
  private boolean stopped;

  /**
   * @param workload            the workload YCSB's {@code Client} runs: its stop is requested here
   * @param record              the phase's record
   * @param operationTimeout    how long a stopped phase waits for a hung operation
   * @param workloadStop     what the workload stops with the components, before the observers (its
   *                         own progress line)
   */
  PhaseLifecycle(Workload workload, RunRecord record, Duration operationTimeout, WorkloadStop workloadStop) {
    this.workload = workload;
    this.record = record;
    this.operationTimeout = operationTimeout;
    this.workloadStop = workloadStop;
    this.gate = new OperationGate(workload::isStopRequested, this::stopAsFailed);
  }

  /**
   * Installs the exporter, reads the engine's counters and starts the observers and watches.
   *
   * @param p the properties as YCSB's {@code Client} reads them after the workload's {@code init}
   */
  void start(Phase phase, Properties p, Instant startedAt, BindingSession session, Optional<ServerInfo> server,
      Duration failureTimeout) throws InterruptedException {
    boolean load = phase == Phase.LOAD;
    observers = PhaseObservers.create(phase, p, server);
    PhaseExport.install(p, phase, startedAt, session.provider(), server);
    engine = EngineWatch.of(session, server);
    engine.start(record);
    clientThreads = ClientThreads.of(p, load);
    deadline = new PhaseDeadline(operationTimeout, this::windDownStranded);
    observers.start();
    failureWatch = FailureWatch.start(failureTimeout, new FailureWatch.Sources(YcsbReturnCodes::snapshot,
        gate::look, clientThreads::takeMissing), this::stopAsFailed);
    InterruptedExport.install(this::windDown);
    // last: the client threads' schedules start right after the workload's init returns
    measurementSetup = MeasurementSetup.create(Measurements.getMeasurements(), p, load);
  }

  /**
   * A client thread of YCSB's reached the workload's {@code initThread}; before {@link #start} (a
   * warm-up's thread) a slot the gate does not list.
   *
   * @return the thread's slot, to pass with each of its operations
   */
  OperationGate.Slot threadStarted() {
    var threads = clientThreads;
    if (threads == null) {
      return gate.unlistedSlot();
    }
    threads.started();
    ClientThreadIds.registerCurrent();
    return gate.slot();
  }

  OperationGate gate() {
    return gate;
  }

  /** The engine's bytes written so far; empty before {@link #start} or when the engine does not say. */
  OptionalLong engineBytesWritten() {
    return engine == null ? OptionalLong.empty() : engine.bytesWritten();
  }

  boolean engineWatched() {
    return engine != null;
  }

  /**
   * The phase cannot do its work: say why, record it (the result is then failed) and stop; the phase
   * ends within the operation timeout ({@link PhaseDeadline}).
   */
  void stopAsFailed(String reason) {
    System.err.println("Error: " + reason);
    record.addFailure(reason);
    workload.requestStop();
    if (deadline != null) {
      deadline.arm();
    }
  }

  /**
   * Stops the watches and the observers, once (the observers fill their sections), and records client
   * threads that never started; a second caller returns when the first has finished.
   */
  void stop() throws InterruptedException {
    synchronized (stopping) {
      if (stopped) {
        return;
      }
      stopped = true;
      try {
        failureWatch.close();
      } catch (Exception e) {
        throw new IllegalStateException(e); // the watch's close only interrupts its thread
      }
      workloadStop.stop();
      if (measurementSetup != null) { // before any export, YCSB's or a signal's
        measurementSetup.dropUnattempted(gate.attempted());
      }
      observers.stop(record);
      if (engine != null) {
        engine.stop(record, gate.begun()); // what the engine's counters are divided by
      }
    }
  }

  /** At the phase's end: client threads that never started are a failure, named once. */
  void recordMissingThreads() {
    var threads = clientThreads;
    if (threads != null) {
      threads.takeMissing().ifPresent(record::addFailure);
    }
  }

  /**
   * Before a stopped phase whose client threads did not end is exported: no new operation, the
   * operations still in progress named as such (they are in no count), the components stopped.
   */
  private void windDownStranded() {
    workload.requestStop();
    var running = gate.inProgress();
    if (!running.isEmpty()) {
      record.addFailure("operations still in progress when the phase ended, " + DurationFormat.format(
          operationTimeout) + " (" + StorageSettings.OPERATION_TIMEOUT + ") after it was stopped: "
          + OperationGate.describe(running) + "; their binding never returned, and they are in no count");
    }
    try {
      stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Before an interrupted phase exports: no new operation, those in progress finished (at most
   * {@link #WIND_DOWN}), the components stopped so that their sections cover the phase so far.
   */
  private void windDown() {
    workload.requestStop();
    try {
      var running = gate.awaitIdle(WIND_DOWN);
      if (!running.isEmpty()) {
        record.addWarning("operations still in progress when the phase was interrupted: "
            + OperationGate.describe(running) + "; their latencies may be counted without their return codes");
      }
      stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
