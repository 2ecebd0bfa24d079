package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.InterruptedExport;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.PhaseObserver;
import io.github.ycsbstorage.result.ResultExporter;
import io.github.ycsbstorage.result.ResultSettings;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.result.Warmup;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code CoreWorkload} with the dataset sized relative to the server's memory
 * ({@code storage.dataset.ratio}) or to a size ({@code storage.dataset.size}), plus the run-phase
 * controls a storage study needs (warm-up, cold cache, server restart) and load progress. Every
 * {@code CoreWorkload} property keeps its meaning; without {@code storage.dataset.*} the workload
 * behaves like {@code CoreWorkload} and only adds the plan line, progress and the result file.
 *
 * <p>{@code init} runs, in this order: static checks of {@code storage.*}; the server restart
 * (run phase); one unmeasured instance of the {@code db} class ({@link BindingSession}) that describes
 * the server; the memory basis and the sizing plan, which sets {@code recordcount},
 * {@code insertstart} and {@code insertcount} before YCSB's {@code Client} reads them; the free-space
 * check (load); {@code CoreWorkload.init}; the calibration sample (load); dropping the page cache and
 * the warm-up (run); the result exporter; then the {@link PhaseObserver}s start, and from then on a
 * signal that stops the phase still exports its measurements ({@link InterruptedExport}).
 * {@code cleanup} stops the observers, measures the loaded dataset and compares it with the plan.
 *
 * <p>Calibration ({@code storage.calibrate=true}, load only): YCSB has one load phase whose insert
 * count it reads after {@code init}, so the workload writes the sample itself, through an
 * unmeasured DB instance of its own (closed before measuring, so that batching bindings flush), with the first key numbers of this client's range (the key sequence then
 * continues where the sample stopped); it divides the dataset growth the binding reports by the sample
 * size, re-plans with that record size, and sets {@code insertcount} to the rest.
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
  private SizingPlan plan;
  private SizingPlanner.Memory memory = SizingPlanner.Memory.unknown("not asked");
  private boolean load;
  private boolean userInsertRange;
  /** The properties before the plan set recordcount/insertstart/insertcount, for re-planning. */
  private Properties asGiven;
  private LoadProgress progress;
  private final List<PhaseObserver> observers = new ArrayList<>();
  private final RunRecord record = RunRecord.current();

  /**
   * The checks that need no server, for the launcher to run before YCSB starts.
   *
   * @throws InvalidPropertyException naming the property
   */
  public static void validate(Properties properties) {
    var settings = StorageSettings.parse(properties);
    SizingPlanner.fieldBytes(properties, settings.sized());
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    var startedAt = Instant.now();
    settings = StorageSettings.parse(p);
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
    }
  }

  private void prepare(Properties p, Phase phase, Instant startedAt) throws WorkloadException {
    var server = session.serverInfo();
    server.ifPresent(record::setServer);
    if (!load && settings.cache() == StorageSettings.CacheState.COLD) {
      CacheControl.checkColdPossible(server, CacheControl.runningAsRoot());
    }

    memory = MemoryResolver.resolve(settings, server, session.className(), Path.of("/proc/meminfo"));
    MemoryResolver.disagreement(settings, server).ifPresent(warning -> {
      System.err.println("Warning: " + warning);
      record.addWarning(warning);
    });
    userInsertRange = p.containsKey("insertcount");
    asGiven = (Properties) p.clone();
    long overhead = overhead(p);
    plan = SizingPlanner.plan(settings, p, memory, overhead, OptionalDouble.empty(), recordcountFallback());
    if (load && !plan.mode().equals("recordcount")) {
      var usable = FreeSpaceCheck.usableSpace(server);
      if (usable.isPresent()) {
        FreeSpaceCheck.check(plan, server.orElseThrow().dataPath().orElseThrow(), usable.getAsLong(),
            sizingProperty(), p.getProperty(sizingProperty()));
      }
    }
    apply(plan, p, 0);
    System.err.println("Sizing plan: " + plan.text());
    super.init(p);

    var section = plan.section();
    if (load && settings.calibrate()) {
      section = calibrate(p, overhead);
    }
    record.setSizing(section);
    if (!load) {
      if (settings.cache() == StorageSettings.CacheState.COLD) {
        CacheControl.dropPageCache();
      }
      warmUp(p);
    }

    for (var factory : ServiceLoader.load(PhaseObserver.Factory.class, StorageAwareWorkload.class.getClassLoader())) {
      factory.create(phase, p, server).ifPresent(observers::add);
    }
    installExporter(p, phase, startedAt, server);
    if (load && settings.progress()) {
      // what YCSB's Client will insert: insertcount when set, else recordcount
      long toLoad = Long.parseLong(p.getProperty("insertcount", p.getProperty("recordcount", "0")));
      progress = new LoadProgress(toLoad, plan.record().total(),
          settings.progressInterval(), System.console() != null, System.err, System::nanoTime);
      progress.start();
    }
    observers.forEach(PhaseObserver::start);
    InterruptedExport.install();
  }

  /** The binding's overhead estimate for {@code auto}, else the declared bytes; 0 when unknown. */
  private long overhead(Properties p) {
    if (settings.recordOverhead().isPresent()) {
      return settings.recordOverhead().getAsLong();
    }
    int fields = Integer.parseInt(p.getProperty(FIELD_COUNT_PROPERTY, FIELD_COUNT_PROPERTY_DEFAULT));
    long estimate = session.provider().map(provider -> provider.recordOverheadEstimate(fields)).orElse(-1L);
    return Math.max(0, estimate);
  }

  /** A binding that describes no server (e.g. YCSB's BasicDB) may fall back to an explicit recordcount. */
  private Optional<String> recordcountFallback() {
    return session.provider().isPresent() ? Optional.empty()
        : Optional.of(session.className() + " reports no server memory");
  }

  private String sizingProperty() {
    return settings.ratio().isPresent() ? StorageSettings.RATIO : StorageSettings.SIZE;
  }

  /**
   * Sets what YCSB reads after {@code init}: the record count, and in the load phase this client's key
   * range, minus the records a calibration sample already wrote.
   */
  private void apply(SizingPlan sizing, Properties p, long alreadyWritten) {
    if (sizing.mode().equals("recordcount") && settings.clients() == 1) {
      return;
    }
    p.setProperty("recordcount", Long.toString(sizing.recordCount()));
    recordcount = sizing.recordCount();
    if (load) {
      p.setProperty("insertstart", Long.toString(sizing.insertStart() + alreadyWritten));
      p.setProperty("insertcount", Long.toString(Math.max(0, sizing.insertCount() - alreadyWritten)));
    }
  }

  private Sizing calibrate(Properties p, long overhead) throws WorkloadException {
    if (session.provider().isEmpty()) {
      throw new InvalidPropertyException(StorageSettings.CALIBRATE, "true",
          "false for bindings that cannot measure their dataset",
          session.className() + " does not implement ServerInfoProvider");
    }
    long sample = Math.min(settings.calibrateRecords(), plan.insertCount());
    var before = session.datasetSize().orElseThrow();
    // A binding of its own, closed before measuring: cleanup() flushes whatever a batching binding holds.
    try (var writer = BindingSession.open(p)) {
      for (long i = 0; i < sample; i++) {
        if (!super.doInsert(writer.db(), null)) {
          throw new WorkloadException("calibration insert " + (i + 1) + " of " + sample + " failed");
        }
      }
    }
    var after = session.datasetSize().orElseThrow();
    var grown = bytes(after).isPresent() && bytes(before).isPresent()
        ? bytes(after).getAsLong() - bytes(before).getAsLong() : -1;
    var measuredBytes = grown >= 0 ? OptionalLong.of(grown) : OptionalLong.empty();
    if (grown <= 0 || sample == 0) {
      record.addWarning("calibration measured no dataset growth (" + after.source() + "); the plan is uncorrected");
      apply(plan, p, sample);
      return plan.section().withCalibration(new Sizing.Calibration(sample, measuredBytes, after.source(),
          OptionalDouble.empty()));
    }
    double perRecord = (double) grown / sample;
    var first = plan;
    var corrected = SizingPlanner.plan(settings, asGiven, memory, overhead, OptionalDouble.of(perRecord),
        Optional.empty());
    long end = userInsertRange ? Math.min(first.insertStart() + first.insertCount(), corrected.recordCount())
        : corrected.recordCount();
    long count = Math.max(sample, end - first.insertStart());
    plan = new SizingPlan(corrected.mode(), corrected.ratio(), corrected.basis(), corrected.memory(),
        corrected.targetBytes(), corrected.record(), corrected.recordCount(), first.insertStart(), count,
        Optional.empty());
    apply(plan, p, sample);
    System.err.println("Calibrated: " + sample + " records took " + ByteSize.ofBytes(grown) + " ("
        + after.source() + "), " + Math.round(perRecord) + " B per record; for the run phase set "
        + StorageSettings.RECORD_OVERHEAD + "=" + plan.record().overhead());
    System.err.println("Sizing plan: " + plan.text());
    return plan.section().withCalibration(new Sizing.Calibration(sample, measuredBytes, after.source(),
        OptionalDouble.of(perRecord)));
  }

  /**
   * Bytes on disk when the server reports them, else its logical size (an in-memory or emulated server
   * may report 0 bytes of storage for data it holds).
   */
  static OptionalLong bytes(DatasetSize size) {
    var storage = size.storageBytes();
    return storage.isPresent() && storage.getAsLong() > 0 ? storage : size.logicalBytes();
  }

  /** Unmeasured operations before the run; see {@link MeasurementReset} for why a reset follows. */
  private void warmUp(Properties p) throws WorkloadException {
    var warmup = settings.warmup();
    if (warmup.none()) {
      return;
    }
    int threads = Math.max(1, Integer.parseInt(p.getProperty("threadcount", "1")));
    long deadline = System.nanoTime() + warmup.duration().toNanos();
    var issued = new AtomicLong();
    var executor = Executors.newFixedThreadPool(threads);
    var started = System.nanoTime();
    try {
      var futures = new ArrayList<Future<Void>>();
      for (int id = 0; id < threads; id++) {
        int threadId = id;
        futures.add(executor.submit(() -> {
          try (var warm = BindingSession.open(p)) {
            DB db = warm.db();
            Object state = initThread(p, threadId, threads);
            while (warmup.operations() > 0 ? issued.incrementAndGet() <= warmup.operations()
                : System.nanoTime() < deadline) {
              doTransaction(db, state);
            }
          }
          return null;
        }));
      }
      for (var future : futures) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new WorkloadException("warm-up failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted during warm-up", e);
    } finally {
      executor.shutdownNow();
    }
    MeasurementReset.clear(Measurements.getMeasurements());
    long operations = warmup.operations() > 0 ? warmup.operations() : issued.get();
    var elapsed = Duration.ofNanos(System.nanoTime() - started);
    record.setWarmup(new Warmup(warmup.toString(), elapsed.toMillis() / 1000.0,
        warmup.operations() > 0 ? OptionalLong.of(operations) : OptionalLong.empty()));
    System.err.println("Warm-up: " + warmup + " in " + LoadProgress.format(elapsed)
        + ", not measured");
  }

  private void installExporter(Properties p, Phase phase, Instant startedAt, Optional<ServerInfo> server) {
    var chosen = p.getProperty("exporter", ResultSettings.TEXT_EXPORTER);
    if (!chosen.equals(ResultExporter.class.getName())) {
      ResultExporter.configure(new ResultSettings(chosen, ResultSettings.resultFileFor(p), phase, p, startedAt,
          session.provider().flatMap(ServerInfoProvider::driverVersion), server.flatMap(ServerInfo::version)));
      p.setProperty("exporter", ResultExporter.class.getName());
    }
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    boolean inserted = super.doInsert(db, threadstate);
    if (progress != null) {
      progress.recordInserted();
    }
    return inserted;
  }

  @Override
  public void cleanup() throws WorkloadException {
    try {
      if (progress != null) {
        progress.stop();
      }
      for (var observer : observers) {
        observer.stop(record);
      }
      if (load && session != null) {
        compareWithPlan();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted while stopping", e);
    } finally {
      if (session != null) {
        session.close();
      }
      super.cleanup();
    }
  }

  /** After a load: what the server reports against the plan, printed and stored in {@code sizing}. */
  private void compareWithPlan() throws WorkloadException {
    var size = session.datasetSize();
    if (size.isEmpty() || plan == null) {
      return;
    }
    var sizing = record.sections().sizing().orElseGet(plan::section);
    var measured = new Sizing.Measured(size.get().records(), size.get().logicalBytes(), size.get().storageBytes(),
        size.get().source());
    var achievedRatio = OptionalDouble.empty();
    var bytes = bytes(size.get());
    if (bytes.isPresent()) {
      var line = new StringBuilder("Achieved dataset ").append(ByteSize.ofBytes(bytes.getAsLong()));
      if (plan.memory().isPresent()) {
        double achieved = (double) bytes.getAsLong() / plan.memory().get().bytes();
        achievedRatio = OptionalDouble.of(Math.round(achieved * 1000) / 1000.0);
        line.append(" = ").append(SizingPlan.decimal(achieved)).append(" × server ")
            .append(plan.basis().equals("ram") ? "RAM" : "cache");
      }
      double ofPlan = plan.expectedBytes() == 0 ? 0 : (double) bytes.getAsLong() / plan.expectedBytes();
      line.append(" (").append(SizingPlan.decimal(ofPlan)).append(" × the planned ")
          .append(ByteSize.ofBytes(plan.expectedBytes())).append(", from ").append(size.get().source()).append(')');
      System.err.println(line);
      if (Math.abs(ofPlan - 1) > 0.1) {
        record.addWarning("achieved dataset " + SizingPlan.decimal(ofPlan) + " × the plan");
      }
    }
    record.setSizing(sizing.withMeasured(measured, achievedRatio));
  }

  /** The plan this phase uses; null before {@code init}. */
  public SizingPlan plan() {
    return plan;
  }
}
