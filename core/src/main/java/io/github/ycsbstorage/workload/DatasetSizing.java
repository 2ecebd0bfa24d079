package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.spi.ServerInfo;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * This phase's dataset plan and the key range it writes: the memory basis ({@link MemoryResolver}),
 * the bytes per record beyond key and fields (declared, else the binding's estimate), the plan
 * ({@link SizingPlanner}), the free-space check before a load, and what YCSB reads after
 * {@code init}: {@code recordcount} and this client's {@code insertstart}/{@code insertcount}. A
 * calibration replaces the plan with one made from measured bytes per record. Not thread-safe: YCSB's
 * main thread uses it.
 */
final class DatasetSizing {
  private final StorageSettings settings;
  private final boolean load;
  private final SizingPlanner.Memory memory;
  private final long overhead;
  /** The properties before the plan set recordcount/insertstart/insertcount, for re-planning. */
  private final Properties asGiven;
  private final boolean userInsertRange;
  private SizingPlan plan;

  private DatasetSizing(StorageSettings settings, boolean load, SizingPlanner.Memory memory, long overhead,
      Properties asGiven, SizingPlan plan) {
    this.settings = settings;
    this.load = load;
    this.memory = memory;
    this.overhead = overhead;
    this.asGiven = asGiven;
    this.userInsertRange = asGiven.containsKey(Client.INSERT_COUNT_PROPERTY);
    this.plan = plan;
  }

  /**
   * Plans the dataset from the server's memory and refuses, before anything is written, a load that
   * would not fit the server's data path on this host.
   *
   * @throws io.github.ycsbstorage.config.InvalidPropertyException naming the property at fault
   */
  static DatasetSizing plan(StorageSettings settings, Properties p, BindingSession session,
      Optional<ServerInfo> server, boolean load, RunRecord record) {
    var memory = MemoryResolver.resolve(settings, server, session.className(), Path.of("/proc/meminfo"));
    MemoryResolver.disagreement(settings, server).ifPresent(warning -> ConsoleWarning.warn(record, warning));
    long overhead = overhead(settings, p, session);
    // a binding that describes no server (e.g. YCSB's BasicDB) may fall back to an explicit recordcount
    var fallback = session.provider().isPresent() ? Optional.<String>empty()
        : Optional.of(session.className() + " reports no server memory");
    var plan = SizingPlanner.plan(settings, p, memory, overhead, OptionalDouble.empty(), fallback);
    var sizing = new DatasetSizing(settings, load, memory, overhead, (Properties) p.clone(), plan);
    if (load && plan.insertCount() > WideKeys.INT_LIMIT) {
      throw tooManyForOneClient(settings, plan);
    }
    if (load && plan.mode() != Sizing.Mode.RECORDCOUNT) {
      var usable = FreeSpaceCheck.usableSpace(server);
      if (usable.isPresent()) {
        FreeSpaceCheck.check(plan, server.orElseThrow().dataPath().orElseThrow(), usable.getAsLong(),
            sizing.property(), p.getProperty(sizing.property()));
      }
    }
    return sizing;
  }

  /**
   * YCSB 0.17.0's Client counts one process's inserts in an int: a load beyond 2,147,483,647 records
   * is split over clients ({@code storage.clients}, {@code storage.client}), each within that count.
   */
  private static InvalidPropertyException tooManyForOneClient(StorageSettings settings, SizingPlan plan) {
    long needed = (plan.recordCount() + WideKeys.INT_LIMIT - 1) / WideKeys.INT_LIMIT;
    return new InvalidPropertyException(StorageSettings.CLIENTS, Integer.toString(settings.clients()),
        "at least " + needed + " clients, so that each loads at most " + SizingPlan.thousands(WideKeys.INT_LIMIT)
            + " records", "this client would load " + SizingPlan.thousands(plan.insertCount()) + " of the "
            + SizingPlan.thousands(plan.recordCount()) + " records, and YCSB 0.17.0's Client counts one"
            + " process's inserts in a 32-bit int (study.clients sets it for a study)");
  }

  /** The binding's overhead estimate for {@code auto}, else the declared bytes; 0 when unknown. */
  private static long overhead(StorageSettings settings, Properties p, BindingSession session) {
    if (settings.recordOverhead().isPresent()) {
      return settings.recordOverhead().getAsLong();
    }
    int fields = Integer.parseInt(p.getProperty(CoreWorkload.FIELD_COUNT_PROPERTY,
        CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT));
    long estimate = session.provider().map(provider -> provider.recordOverheadEstimate(fields)).orElse(-1L);
    return Math.max(0, estimate);
  }

  private String property() {
    return settings.ratio().isPresent() ? StorageSettings.RATIO : StorageSettings.SIZE;
  }

  SizingPlan plan() {
    return plan;
  }

  /**
   * Sets what YCSB reads after {@code init}: the record count, and in the load phase this client's key
   * range, minus the records a calibration sample already wrote.
   *
   * @return the record count set; empty when YCSB's own {@code recordcount} stays in charge
   */
  OptionalLong apply(Properties p, long alreadyWritten) {
    if (plan.mode() == Sizing.Mode.RECORDCOUNT && settings.clients() == 1) {
      return OptionalLong.empty();
    }
    p.setProperty(Client.RECORD_COUNT_PROPERTY, Long.toString(plan.recordCount()));
    if (load) {
      p.setProperty(CoreWorkload.INSERT_START_PROPERTY, Long.toString(plan.insertStart() + alreadyWritten));
      p.setProperty(Client.INSERT_COUNT_PROPERTY, Long.toString(Math.max(0, plan.insertCount() - alreadyWritten)));
    }
    return OptionalLong.of(plan.recordCount());
  }

  /**
   * Re-plans with the measured bytes per record; this client's range keeps its start and still covers
   * at least the sample.
   */
  SizingPlan recalibrate(double bytesPerRecord, long sample) {
    var first = plan;
    var corrected = SizingPlanner.plan(settings, asGiven, memory, overhead, OptionalDouble.of(bytesPerRecord),
        Optional.empty());
    long end = userInsertRange ? Math.min(first.insertStart() + first.insertCount(), corrected.recordCount())
        : corrected.recordCount();
    long count = Math.max(sample, end - first.insertStart());
    plan = new SizingPlan(corrected.mode(), corrected.ratio(), corrected.basis(), corrected.memory(),
        corrected.targetBytes(), corrected.record(), corrected.recordCount(), first.insertStart(), count,
        Optional.empty());
    return plan;
  }
}
