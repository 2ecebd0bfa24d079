package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.YcsbInternals;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.dataset.DatasetMeter;
import io.github.ycsbstorage.phaseend.ExportClaim;
import io.github.ycsbstorage.result.CacheState;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.result.Warmup;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.ByteIterator;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.RandomByteIterator;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
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
 * the page cache ({@link CacheControl}) and the warm-up ({@link WarmUp}); load progress; then the
 * {@link PhaseLifecycle} starts, as {@link ObservedWorkload} starts it for any other workload (result
 * exporter, engine's counters, observers, failure watch, phase deadline, a signal's export, last the
 * phase's measurements). Every operation of YCSB's client threads
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
  private Properties properties;
  private BindingSession session;
  private DatasetSizing sizing;
  private Sizing sizingSection;
  private boolean load;
  private DatasetMeter meter;
  private DatasetMeter.Reading before;
  private LoadProgress progress;
  private PhaseLifecycle lifecycle;
  /** 64-bit key numbers, for a dataset beyond 2,147,483,647 records; null below. */
  private WideKeys wideKeys;
  /** Records this phase wrote: calibration sample and YCSB's load threads. */
  private final LongAdder inserted = new LongAdder();
  private final RunRecord record = RunRecord.current();

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
    // Also in a YCSB install, whose launcher is not ours: before any of the phase's steps runs.
    YcsbInternals.check();
    var startedAt = Instant.now();
    // a dataset size that a later level replaced, as bin/ycsb found it: YCSB's Client merged both
    Optional.ofNullable(System.getProperty(StorageSettings.REPLACED_SIZE)).ifPresent(p::remove);
    NamespaceValidator.validateOnce(p); // in a YCSB install nothing else checks the input
    settings = StorageSettings.from(p);
    properties = p;
    lifecycle = new PhaseLifecycle(this, record, settings.operationTimeout(), this::stopOwnComponents);
    var phase = Phase.of(p);
    load = phase == Phase.LOAD;
    if (!load && settings.restartCommand().isPresent()) {
      CacheControl.restart(settings.restartCommand().get());
    }
    session = BindingSession.openFor(p, phase, open -> {
      session = open;
      prepare(p, phase, startedAt);
    });
  }

  private void prepare(Properties p, Phase phase, Instant startedAt) throws WorkloadException, InterruptedException {
    var server = session.serverInfo();
    server.ifPresent(record::setServer);
    if (!load && settings.cache() == CacheState.COLD) {
      CacheControl.checkColdPossible(server, CacheControl.runningAsRoot());
    }
    sizing = DatasetSizing.plan(settings, p, session, server, load, record);
    sizing.apply(p, 0).ifPresent(count -> recordcount = count);
    System.err.println("Sizing plan: " + sizing.plan().text());
    initCore(p);

    sizingSection = sizing.plan().section();
    if (load) {
      var fill = settings.precondition().filter(c -> c.target() == StorageSettings.PreconditionTarget.FREESPACE);
      // a fill that failed stops the phase: no insert, calibration's included, runs on a device that
      // is not in the state asked for
      if (fill.isEmpty() || fillFreeSpace(fill.get(), server)) {
        meter = DatasetMeter.of(server, session.provider(), session.className(), collectorPaths(p));
        before = meter.read();
        if (settings.calibrate()) {
          var calibration = Calibration.run(settings, sizing, meter, before, p, this::insertSample);
          sizing.apply(p, inserted.sum()).ifPresent(count -> recordcount = count);
          sizingSection = sizing.plan().section().withCalibration(calibration);
        }
      }
    }
    record.setSizing(sizingSection);
    if (!load) {
      if (settings.cache() == CacheState.COLD) {
        CacheControl.dropPageCache();
      }
      var warmedUp = WarmUp.run(settings.warmup(), p, this);
      if (YcsbSettings.from(p).target() > 0) {
        warmedUp = warmedUp.map(this::yieldCompilers);
      }
      warmedUp.ifPresent(warmup -> {
        record.setWarmup(warmup);
        warmup.steady().ifPresent(steady -> {
          record.addSummaryLine("WARMUP", "steady.rounds", steady.rounds().size());
          record.addSummaryLine("WARMUP", "steady", steady.steady() ? 1 : 0);
          if (!steady.steady()) {
            record.addWarning("the warm-up was " + steady.verdict() + ": the measured phase may still be"
                + " drifting; use more rounds (" + StorageSettings.STEADY_ROUNDS + ") or longer ones ("
                + StorageSettings.STEADY_ROUND + ")");
          }
        });
      });
    }

    if (load && settings.progress()) {
      progress = new LoadProgress(YcsbSettings.from(p).plannedInserts(), sizing.plan().record().total(),
          settings.progressInterval(), System.console() != null, System.err, System::nanoTime);
      progress.start();
    }
    lifecycle.start(phase, p, startedAt, session, server, settings.failureTimeout());
  }

  /**
   * The warm-up compiled the phase's code: a phase held to a target rate runs without the JIT compiler
   * threads taking its client threads' cores ({@link CompilerYield}).
   */
  private Warmup yieldCompilers(Warmup warmup) {
    try {
      var yielded = CompilerYield.apply();
      System.err.println("Warm-up: the JIT compiler's " + yielded.threads() + " threads yield to the client threads"
          + " (nice " + yielded.nice() + ") for the phase at its target rate");
      return warmup.withCompilers(yielded);
    } catch (IOException e) {
      record.addWarning("the JIT compiler threads could not yield to the client threads (" + e.getMessage()
          + "): compilation during the phase may delay its scheduled operations");
      return warmup;
    }
  }

  /**
   * CoreWorkload's init; beyond 2,147,483,647 records with 64-bit key numbers of this workload's own
   * ({@link WideKeys}): CoreWorkload gets an int-sized {@code insertcount} to parse, then its key
   * sequence and request keys are replaced by ones over the whole dataset.
   */
  private void initCore(Properties p) throws WorkloadException {
    var ycsb = YcsbSettings.from(p);
    long records = ycsb.recordCount();
    if (!WideKeys.needed(records)) {
      super.init(p);
      return;
    }
    long start = ycsb.insertStart();
    long count = ycsb.insertCount().orElse(records - start);
    var narrowed = (Properties) p.clone();
    narrowed.setProperty(Client.INSERT_COUNT_PROPERTY, Long.toString(Math.min(count, WideKeys.INT_LIMIT)));
    super.init(narrowed);
    wideKeys = new WideKeys();
    keysequence = wideKeys.inserts(keysequence);
    keychooser = wideKeys.requests(WideKeys.chooser(p, start, count, records, transactioninsertkeysequence,
        keychooser), transactioninsertkeysequence);
  }

  /** Keys as CoreWorkload builds them, from the 64-bit number {@link WideKeys} handed over when it did. */
  @Override
  protected String buildKeyName(long keynum) {
    long wide = wideKeys == null ? -1 : wideKeys.take();
    return super.buildKeyName(wide >= 0 ? wide : keynum);
  }

  /** Stops what only this workload runs, with the lifecycle's components: its progress line. */
  private void stopOwnComponents() throws InterruptedException {
    if (progress != null) {
      progress.stop();
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

  /**
   * Runs on each of YCSB's client threads once its binding has started.
   *
   * @return the thread's {@link OperationGate} slot, which YCSB hands back with each of the thread's
   *     operations (CoreWorkload has no thread state); during the warm-up, whose threads are not
   *     YCSB's, a slot the gate does not list ({@link WarmUp})
   */
  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return lifecycle.threadStarted();
  }

  /** @param threadstate what {@link #initThread} returned to this thread */
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    var slot = (OperationGate.Slot) threadstate;
    if (!lifecycle.gate().begin(slot, YcsbOperation.INSERT)) {
      return false;
    }
    try {
      boolean done = super.doInsert(db, threadstate);
      if (done) {
        inserted.increment();
      }
      if (progress != null) {
        progress.recordInserted();
      }
      return done;
    } catch (RuntimeException e) {
      return lifecycle.gate().escaped(e);
    } finally {
      lifecycle.gate().end(slot);
    }
  }

  /**
   * CoreWorkload 0.17.0's {@code doTransaction} (the same draw, the same dispatch), with the type
   * drawn before the gate, so that the gate knows it from the start.
   *
   * @param threadstate what {@link #initThread} returned to this thread
   */
  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    var drawn = operationchooser.nextString();
    if (drawn == null) {
      return false;
    }
    var operation = YcsbOperation.chosen(drawn);
    var slot = (OperationGate.Slot) threadstate;
    if (!lifecycle.gate().begin(slot, operation)) {
      return false;
    }
    try {
      switch (operation) {
        case READ -> doTransactionRead(db);
        case UPDATE -> doTransactionUpdate(db);
        case INSERT -> doTransactionInsert(db);
        case SCAN -> doTransactionScan(db);
        case READ_MODIFY_WRITE -> doTransactionReadModifyWrite(db);
      }
      return true;
    } catch (RuntimeException e) {
      return lifecycle.gate().escaped(e);
    } finally {
      lifecycle.gate().end(slot);
    }
  }

  /**
   * Stops the phase's components and measures what a load left. Throws nothing it could avoid:
   * YCSB's {@code Client} answers a {@code WorkloadException} here with {@code System.exit(0)} and no
   * export, so a problem becomes a recorded failure or warning instead, and the export tells.
   */
  @Override
  public void cleanup() throws WorkloadException {
    try {
      if (lifecycle != null) {
        lifecycle.stop();
        lifecycle.recordMissingThreads();
      }
      if (load && meter != null) {
        var after = meter.read();
        record.setSizing(DatasetCheck.compare(sizing.plan(), sizingSection, meter.achieved(before, after),
            after.server(), inserted.sum(), settings.clients(), record));
      }
      var overwrites = settings.precondition().filter(c -> c.target() == StorageSettings.PreconditionTarget.DATASET);
      if (load && lifecycle != null && lifecycle.engineWatched() && overwrites.isPresent()) {
        precondition(overwrites.get());
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
      record.setMeasured(MeasuredOperations.names(Measurements.getMeasurements()));
      // YCSB's Client exports next, unless a signal's export has the phase (then this never returns)
      ExportClaim.beginOwnExport();
    }
  }

  /**
   * After a complete load: overwrites its key range until the write rate is steady
   * ({@link Preconditioning}). After the load's own figures are taken, so none of it is in them; not
   * after a load that failed or was stopped, whose dataset is not what the runs expect.
   */
  private void precondition(StorageSettings.Precondition precondition) throws InterruptedException {
    if (!record.failures().isEmpty() || isStopRequested()) {
      System.err.println("Preconditioning: skipped, the load did not complete" + (record.failures().isEmpty()
          ? " (stopped)" : ": " + String.join("; ", record.failures())));
      return;
    }
    long first = Long.parseLong(properties.getProperty(CoreWorkload.INSERT_START_PROPERTY, "0"));
    long records = Long.parseLong(properties.getProperty(Client.INSERT_COUNT_PROPERTY,
        Long.toString(recordcount - first)));
    if (records <= 0) {
      return;
    }
    try {
      var done = Preconditioning.run(precondition, properties, first, records, this::overwrite,
          lifecycle::engineBytesWritten, this::isStopRequested);
      recordPrecondition(done);
      if (done.operations() == 0) {
        record.addFailure("preconditioning overwrote no record (" + done.failed() + " overwrites failed)");
      } else if (done.failed() > 0) {
        record.addWarning("preconditioning: " + done.failed() + " overwrites failed; those records keep their"
            + " loaded values");
      }
      if (!done.steady().steady()) {
        record.addWarning("preconditioning was " + done.steady().verdict() + ": the runs may meet a device or"
            + " engine still settling; use more rounds (" + StorageSettings.PRECONDITION_ROUNDS + ") or longer ones ("
            + StorageSettings.PRECONDITION_ROUND + ")");
      }
    } catch (ExecutionException e) {
      record.addFailure("preconditioning failed: " + e.getCause());
    }
  }

  /**
   * Before a load: writes the data folder's free space less a reserve into a file of its own, then
   * deletes it ({@link FreeSpaceFill}). Needs the data folder on this host.
   */
  private boolean fillFreeSpace(StorageSettings.Precondition fill, Optional<ServerInfo> server) {
    var folder = server.filter(s -> s.locality() == Locality.LOCAL).flatMap(ServerInfo::dataPath);
    Check.input(folder.isPresent(), StorageSettings.PRECONDITION, "freespace", "none or dataset for this server",
        "the binding reports no data folder on this host (server locality "
            + server.map(ServerInfo::locality).orElse(Locality.UNKNOWN) + "), so there is no free space to write here");
    try {
      var done = FreeSpaceFill.run(fill, Path.of(folder.get()), this::isStopRequested);
      recordPrecondition(done);
      var written = done.freeSpace().orElseThrow();
      record.addSummaryLine("PRECONDITION", "bytes.written", written.bytesWritten());
      if (!written.deleted()) {
        lifecycle.stopAsFailed("the free-space preconditioning's file " + written.file() + " could not be deleted; the load"
            + " does not run");
      } else if (written.bytesWritten() < written.freeBytes() - written.reserveBytes()) {
        lifecycle.stopAsFailed("the free-space preconditioning was stopped after " + written.bytesWritten() + " of "
            + (written.freeBytes() - written.reserveBytes()) + " bytes; the load does not run");
      } else if (!done.steady().steady()) {
        record.addWarning("the free-space preconditioning was " + done.steady().verdict() + ": the device's write"
            + " rate had not settled by the time its free space was written");
      }
    } catch (IOException e) {
      lifecycle.stopAsFailed("the free-space preconditioning failed: " + e.getMessage() + "; the load does not run");
    }
    return !isStopRequested();
  }


  /** A preconditioning in the result and in YCSB's text output ({@code [PRECONDITION]}). */
  private void recordPrecondition(io.github.ycsbstorage.result.Precondition done) {
    record.setPrecondition(done);
    record.addSummaryLine("PRECONDITION", "Operations", done.operations());
    record.addSummaryLine("PRECONDITION", "RunTime(ms)", Math.round(done.seconds() * 1000));
    done.engineBytesWritten().ifPresent(bytes -> record.addSummaryLine("PRECONDITION", "engine.bytes.written", bytes));
    record.addSummaryLine("PRECONDITION", "steady", done.steady().steady() ? 1 : 0);
  }

  /** A preconditioning write: every field of record {@code number} with new values, unmeasured. */
  private boolean overwrite(DB db, long number) {
    var values = new HashMap<String, ByteIterator>();
    var prefix = properties.getProperty(FIELD_NAME_PREFIX, FIELD_NAME_PREFIX_DEFAULT);
    for (long i = 0; i < fieldcount; i++) {
      values.put(prefix + i, new RandomByteIterator(fieldlengthgenerator.nextValue().longValue()));
    }
    return db.update(table, super.buildKeyName(number), values).isOk();
  }

  /** The plan this phase uses; null before {@code init}. */
  public SizingPlan plan() {
    return sizing == null ? null : sizing.plan();
  }
}
