package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.dataset.DatasetMeter;
import io.github.ycsbstorage.result.InterruptedExport;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.ResultExporter;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code CoreWorkload} with the dataset sized relative to the server's memory
 * ({@code storage.dataset.ratio}) or to a size ({@code storage.dataset.size}), plus the run-phase
 * controls a storage study needs (warm-up, cold cache, server restart), load progress, and the size
 * the load achieved on storage. Every {@code CoreWorkload} property keeps its meaning; without
 * {@code storage.dataset.*} the workload behaves like {@code CoreWorkload} and only adds the plan
 * line, progress, the achieved size and the result file.
 *
 * <p>{@code init} runs, in this order: static checks of {@code storage.*}; the server restart
 * (run phase); one unmeasured instance of the {@code db} class ({@link BindingSession}) that describes
 * the server; the cold-cache check (run); the sizing plan ({@link DatasetSizing}), which sets
 * {@code recordcount}, {@code insertstart} and {@code insertcount} before YCSB's {@code Client} reads
 * them; {@code CoreWorkload.init}; in a load, the dataset's size on storage before anything is
 * written ({@link DatasetMeter}) and the calibration sample ({@link Calibration}); in a run, dropping
 * the page cache ({@link CacheControl}) and the warm-up ({@link WarmUp}); the result exporter
 * ({@link PhaseExport}); load progress; then the engine's counters are read ({@link EngineWatch}) and
 * the {@link PhaseObservers} start, the
 * {@link FailureWatch} stops a phase in which every operation fails, and from then on a signal that
 * stops the phase still exports its measurements ({@link InterruptedExport}), once the operations in
 * progress have finished and the observers have stopped. Every operation of YCSB's client threads
 * passes the {@link OperationGate}. {@code cleanup} stops progress and the observers, measures what
 * the load left on storage and compares it with the plan ({@link DatasetCheck}); the exporter then
 * judges the phase ({@code PhaseVerdict}).
 *
 * <p>Bad properties throw {@link InvalidPropertyException} (unchecked) from {@code init}: it passes
 * through YCSB's {@code Client.main} to {@code io.github.ycsbstorage.cli.YcsbCommand}, which exits 2.
 *
 * <p>Thread safety as {@code CoreWorkload}: {@code init} and {@code cleanup} run on YCSB's main thread,
 * {@code doInsert}/{@code doTransaction} on its client threads.
 */
public class StorageAwareWorkload extends CoreWorkload {
  private StorageSettings settings;
  private BindingSession session;
  private DatasetSizing sizing;
  private Sizing sizingSection;
  private boolean load;
  private DatasetMeter meter;
  private DatasetMeter.Reading before;
  private LoadProgress progress;
  private PhaseObservers observers = PhaseObservers.none();
  private EngineWatch engine;
  /** The phase's operations that passed the gate: what the engine's counters are divided by. */
  private final LongAdder operations = new LongAdder();
  /** Records this phase wrote: calibration sample and YCSB's load threads. */
  private final LongAdder inserted = new LongAdder();
  private final RunRecord record = RunRecord.current();
  private final OperationGate gate = new OperationGate(this::isStopRequested, this::stopAsFailed);
  private AutoCloseable failureWatch = () -> { };
  /**
   * Held while progress and observers stop: by cleanup, or by the interrupted export, whichever comes
   * first; the other waits, so that an interrupted export has the collector's sections.
   */
  private final Object stopping = new Object();
  private boolean componentsStopped;
  /** How long an interrupted phase waits for the operations in progress before it exports. */
  private static final Duration WIND_DOWN = Duration.ofSeconds(5);

  /**
   * The checks that need no server, for the launcher to run before YCSB starts.
   *
   * @throws InvalidPropertyException naming the property
   */
  public static void validate(Properties properties) {
    var settings = StorageSettings.from(properties);
    SizingPlanner.fieldBytes(properties, settings.sized());
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    var startedAt = Instant.now();
    settings = StorageSettings.from(p);
    var phase = Phase.of(p);
    load = phase == Phase.LOAD;
    if (!load && settings.restartCommand().isPresent()) {
      CacheControl.restart(settings.restartCommand().get());
    }
    session = BindingSession.open(p);
    try {
      prepare(p, phase, startedAt);
    } catch (WorkloadException | RuntimeException e) {
      // YCSB exits after a failed init without calling cleanup: release the binding here.
      session.close();
      throw e;
    } catch (InterruptedException e) {
      session.close();
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted while preparing the " + phase, e);
    }
  }

  private void prepare(Properties p, Phase phase, Instant startedAt) throws WorkloadException, InterruptedException {
    var server = session.serverInfo();
    server.ifPresent(record::setServer);
    if (!load && settings.cache() == StorageSettings.CacheState.COLD) {
      CacheControl.checkColdPossible(server, CacheControl.runningAsRoot());
    }
    sizing = DatasetSizing.plan(settings, p, session, server, load, record);
    sizing.apply(p, 0).ifPresent(count -> recordcount = count);
    System.err.println("Sizing plan: " + sizing.plan().text());
    super.init(p);

    sizingSection = sizing.plan().section();
    if (load) {
      meter = DatasetMeter.of(server, session.provider(), session.className(), collectorPaths(p));
      before = meter.read();
      if (settings.calibrate()) {
        var calibration = Calibration.run(settings, sizing, meter, before, p, this::insertSample);
        sizing.apply(p, inserted.sum()).ifPresent(count -> recordcount = count);
        sizingSection = sizing.plan().section().withCalibration(calibration);
      }
    }
    record.setSizing(sizingSection);
    if (!load) {
      if (settings.cache() == StorageSettings.CacheState.COLD) {
        CacheControl.dropPageCache();
      }
      WarmUp.run(settings.warmup(), p, this).ifPresent(record::setWarmup);
    }

    observers = PhaseObservers.create(phase, p, server);
    PhaseExport.install(p, phase, startedAt, session.provider(), server);
    if (load && settings.progress()) {
      // what YCSB's Client will insert: insertcount when set, else recordcount
      long toLoad = Long.parseLong(p.getProperty("insertcount", p.getProperty("recordcount", "0")));
      progress = new LoadProgress(toLoad, sizing.plan().record().total(),
          settings.progressInterval(), System.console() != null, System.err, System::nanoTime);
      progress.start();
    }
    engine = EngineWatch.of(session, server);
    engine.start(record);
    observers.start();
    failureWatch = FailureWatch.start(settings.failureTimeout(), this::stopAsFailed);
    InterruptedExport.install(this::windDown);
  }

  /** The phase cannot do its work: say why, record it (the result is then failed) and stop. */
  private void stopAsFailed(String reason) {
    System.err.println("Error: " + reason);
    record.addFailure(reason);
    requestStop();
  }

  /**
   * Before an interrupted phase exports: no new operation, those in progress finished (at most
   * {@link #WIND_DOWN}), the collector stopped so that its sections cover the phase so far.
   */
  private void windDown() {
    requestStop();
    try {
      long running = gate.awaitIdle(WIND_DOWN);
      if (running > 0) {
        record.addWarning(running + " operations were still in progress when the phase was interrupted: their"
            + " latencies may be counted without their return codes");
      }
      stopComponents();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Stops progress, the failure watch and the observers, once (the observers fill their sections); a
   * second caller returns when the first has finished.
   */
  private void stopComponents() throws InterruptedException {
    synchronized (stopping) {
      if (componentsStopped) {
        return;
      }
      componentsStopped = true;
      try {
        failureWatch.close();
      } catch (Exception e) {
        throw new IllegalStateException(e); // the watch's close only interrupts its thread
      }
      if (progress != null) {
        progress.stop();
      }
      observers.stop(record);
      if (engine != null) {
        engine.stop(record, operations.sum());
      }
    }
  }

  /** {@code collector.paths}: data paths on this host that the user named. */
  private static List<String> collectorPaths(Properties p) {
    return Arrays.stream(p.getProperty("collector.paths", "").split(",")).map(String::trim)
        .filter(path -> !path.isEmpty()).toList();
  }

  /** A calibration insert: counted as written, not as load progress (YCSB's threads have not started). */
  private boolean insertSample(DB db) {
    boolean done = super.doInsert(db, null);
    if (done) {
      inserted.increment();
    }
    return done;
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    if (!gate.begin()) {
      return false;
    }
    try {
      operations.increment();
      boolean done = super.doInsert(db, threadstate);
      if (done) {
        inserted.increment();
      }
      if (progress != null) {
        progress.recordInserted();
      }
      return done;
    } catch (RuntimeException e) {
      return gate.escaped(e);
    } finally {
      gate.end();
    }
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    if (!gate.begin()) {
      return false;
    }
    try {
      operations.increment();
      return super.doTransaction(db, threadstate);
    } catch (RuntimeException e) {
      return gate.escaped(e);
    } finally {
      gate.end();
    }
  }

  /** A warm-up transaction: not one of the phase's operations, so not through its gate. */
  boolean unmeasuredTransaction(DB db, Object threadstate) {
    return super.doTransaction(db, threadstate);
  }

  /**
   * Stops the phase's components and measures what a load left. Throws nothing it could avoid:
   * YCSB's {@code Client} answers a {@code WorkloadException} here with {@code System.exit(0)} and no
   * export, so a problem becomes a recorded failure or warning instead, and the export tells.
   */
  @Override
  public void cleanup() throws WorkloadException {
    try {
      stopComponents();
      if (load && meter != null) {
        var after = meter.read();
        record.setSizing(DatasetCheck.compare(sizing.plan(), sizingSection, meter.achieved(before, after),
            after.server(), inserted.sum(), settings.clients(), record));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      record.addFailure("interrupted while stopping the phase's components");
    } catch (RuntimeException e) {
      record.addWarning("the loaded dataset could not be measured: " + e.getMessage());
    } finally {
      if (session != null) {
        try {
          session.close();
        } catch (WorkloadException e) {
          record.addWarning(e.getMessage());
        }
      }
      super.cleanup();
      // YCSB's Client exports next, unless a signal's export has the phase (then this never returns)
      ResultExporter.beginOwnExport();
    }
  }

  /** The plan this phase uses; null before {@code init}. */
  public SizingPlan plan() {
    return sizing == null ? null : sizing.plan();
  }
}
