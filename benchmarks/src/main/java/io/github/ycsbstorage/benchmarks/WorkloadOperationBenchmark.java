package io.github.ycsbstorage.benchmarks;

import io.github.ycsbstorage.workload.StorageAwareWorkload;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteIterator;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * <b>Question:</b> does ycsb-storage's workload add per-operation cost on YCSB's client threads?
 * {@code StorageAwareWorkload} ({@code workload=ycsb-storage}) against YCSB 0.17.0's
 * {@code CoreWorkload} ({@code workload=ycsb}), with {@code zipfian} and {@code uniform} request
 * distributions.
 *
 * <p>{@link #transaction} is one {@code doTransaction} of workload A (50 % read, 50 % update, 10
 * fields of 100 bytes): key choice from the distribution, operation choice, building the update's
 * field value, and the call into the DB. {@link #insert} is one {@code doInsert} of the load phase:
 * next key of the sequence and all ten field values (plus, for ycsb-storage, the load-progress
 * counter). The DB does no I/O but reads every value it is given, as a binding does: YCSB's values
 * are generated lazily, so a DB that ignored them would hide the cost of field generation.
 *
 * <p>Both workloads are initialised as {@code bin/ycsb} would for a plain {@code recordcount}
 * (no {@code storage.dataset.*}, so {@code init} needs no server memory figure) with
 * {@code collector.enabled=false}: the collector's cost is measured on its own
 * ({@link CollectorSampleBenchmark}, {@code scripts/bench/collector-overhead.sh}).
 *
 * <p><b>Reading it:</b> nanoseconds per operation. The question is answered by the ratio of the two
 * {@code workload} rows for the same method and distribution: equal within the error bars means
 * the storage-aware workload adds nothing per operation (it overrides neither key nor field choice,
 * draws the operation with CoreWorkload's own chooser and dispatch, and adds its operation gate's
 * per-operation writes; {@code doInsert} also one {@code LongAdder} increment). The absolute figure,
 * against a database round trip of tens of microseconds or more, says how much of a client thread
 * the workload itself takes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class WorkloadOperationBenchmark {
  /** {@code ycsb-storage}: StorageAwareWorkload; {@code ycsb}: YCSB's CoreWorkload. */
  @Param({"ycsb-storage", "ycsb"})
  public String workload;

  /** YCSB's {@code requestdistribution}. */
  @Param({"zipfian", "uniform"})
  public String distribution;

  private final ConsumingDb db = new ConsumingDb();
  private Workload run;
  private Object runThreadState;
  private Workload load;
  private Object loadThreadState;

  @Setup(Level.Trial)
  public void initWorkloads() throws WorkloadException {
    var runProperties = properties(true);
    run = create(runProperties);
    runThreadState = run.initThread(runProperties, 0, 1);
    var loadProperties = properties(false);
    load = create(loadProperties);
    loadThreadState = load.initThread(loadProperties, 0, 1);
  }

  @TearDown(Level.Trial)
  public void cleanup() throws WorkloadException {
    run.cleanup();
    load.cleanup();
  }

  private Workload create(Properties properties) throws WorkloadException {
    // YCSB's Client does this before creating the workload, whose constructor reads it.
    Measurements.setProperties(properties);
    Workload created = switch (workload) {
      case "ycsb-storage" -> new StorageAwareWorkload();
      case "ycsb" -> new CoreWorkload();
      default -> throw new IllegalArgumentException("unknown workload " + workload);
    };
    created.init(properties);
    return created;
  }

  /** Workload A's properties as {@code workloads/workloada} sets them, on this benchmark's DB. */
  private Properties properties(boolean transactions) {
    var p = new Properties();
    p.setProperty(Client.DB_PROPERTY, ConsumingDb.class.getName());
    p.setProperty(Client.RECORD_COUNT_PROPERTY, "1000000");
    p.setProperty(Client.OPERATION_COUNT_PROPERTY, "1000000000");
    p.setProperty(CoreWorkload.READ_PROPORTION_PROPERTY, "0.5");
    p.setProperty(CoreWorkload.UPDATE_PROPORTION_PROPERTY, "0.5");
    p.setProperty(CoreWorkload.SCAN_PROPORTION_PROPERTY, "0");
    p.setProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY, "0");
    p.setProperty(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, distribution);
    p.setProperty(Client.DO_TRANSACTIONS_PROPERTY, Boolean.toString(transactions));
    p.setProperty(Client.THREAD_COUNT_PROPERTY, "1");
    p.setProperty("collector.enabled", "false");
    // Counting stays on; only the printing (its own thread) is moved out of the measurement.
    p.setProperty("storage.progress.interval", "1h");
    return p;
  }

  /** One run-phase operation: key, operation and (for updates) field value chosen, DB called. */
  @Benchmark
  public long transaction() {
    run.doTransaction(db, runThreadState);
    return db.consumed;
  }

  /** One load-phase record: next key and ten field values, DB called. */
  @Benchmark
  public long insert() {
    load.doInsert(db, loadThreadState);
    return db.consumed;
  }

  /**
   * A DB that does no I/O but reads every value handed to it, as a binding must. Public with a
   * no-argument constructor because the storage-aware workload opens the {@code db} class itself.
   * Not thread-safe: run the benchmark with one thread (the default).
   */
  public static final class ConsumingDb extends DB {
    long consumed;

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      consumed += key.length();
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      consumed += startkey.length();
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return insert(table, key, values);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      consumed += key.length();
      for (var value : values.values()) {
        consumed += value.toArray().length;
      }
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      consumed += key.length();
      return Status.OK;
    }
  }
}
