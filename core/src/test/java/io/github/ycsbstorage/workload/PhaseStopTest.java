package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.testkit.HangLimit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBWrapper;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * YCSB's own client threads against a binding whose server is gone: the failure watch stops a run
 * that only has an operation count, and an operation that throws stops the phase instead of ending the
 * JVM. The limits on waiting only catch a hang.
 */
class PhaseStopTest {
  static {
    Measurements.setProperties(new Properties());
  }

  /** Every operation fails, as against a server that is gone. */
  public static final class GoneServerDb extends DB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return Status.SERVICE_UNAVAILABLE;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.SERVICE_UNAVAILABLE;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.SERVICE_UNAVAILABLE;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.SERVICE_UNAVAILABLE;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.SERVICE_UNAVAILABLE;
    }
  }

  /** A binding with a bug: every read throws. */
  public static final class ThrowingDb extends DB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      throw new IllegalStateException("driver bug");
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }

  @BeforeEach
  void clean() {
    RunRecord.current().clear();
    MeasurementReset.clear(Measurements.getMeasurements());
  }

  private static Properties run(Class<? extends DB> db, String failureTimeout) {
    var properties = new Properties();
    properties.setProperty("db", db.getName());
    properties.setProperty("dotransactions", "true");
    properties.setProperty("recordcount", "100");
    properties.setProperty("operationcount", "1000000000");
    properties.setProperty("readproportion", "1");
    properties.setProperty("updateproportion", "0");
    properties.setProperty("fieldcount", "1");
    properties.setProperty("storage.progress", "false");
    properties.setProperty("storage.failure.timeout", failureTimeout);
    return properties;
  }

  /** Runs YCSB's client threads as its Client does and waits until they end by themselves. */
  private static void runThreads(Workload workload, Properties properties, int threads)
      throws Exception {
    var tracer = new Tracer.Builder("test").conf(HTraceConfiguration.EMPTY).build();
    var done = new CountDownLatch(threads);
    var running = new ArrayList<Thread>();
    for (int i = 0; i < threads; i++) {
      var db = new DBWrapper((DB) Class.forName(properties.getProperty("db")).getConstructor().newInstance(),
          tracer);
      db.setProperties(properties);
      var client = new ClientThread(db, true, workload, properties, 1_000_000_000 / threads, -1, done);
      client.setThreadId(i);
      client.setThreadCount(threads);
      var thread = new Thread(client, "client-" + i);
      thread.start();
      running.add(thread);
    }
    assertTrue(done.await(10, TimeUnit.MINUTES), "the client threads ended by themselves (hang guard)");
    for (var thread : running) {
      thread.join();
    }
  }

  @Test
  void aRunWithOnlyAnOperationCountAgainstAGoneServerStopsAfterTheFailureTimeout() throws Exception {
    // Long enough for both client threads to reach the workload on a loaded host, where 200 ms was not
    // (the watch then reported threads that had not started yet); scaled like every hang limit.
    var timeout = HangLimit.of(Duration.ofSeconds(2)).toMillis() + "ms";
    var properties = run(GoneServerDb.class, timeout);
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    runThreads(workload, properties, 2);
    workload.cleanup();

    assertTrue(workload.isStopRequested());
    var failures = RunRecord.current().failures();
    assertEquals(1, failures.size(), failures::toString);
    assertTrue(failures.get(0).matches("no operation succeeded for \\d+\\.\\d s while operations failed: the phase"
        + " was stopped \\(storage\\.failure\\.timeout=[0-9.]+m?s\\)"), failures.get(0));
  }

  /** Whatever the workload class: the storage-aware one, or any other observed (CoreWorkload here). */
  @Test
  void anOperationThatThrowsStopsThePhaseAsFailedInsteadOfEndingTheJvm() throws Exception {
    for (var workload : List.of(new StorageAwareWorkload(), new ObservedWorkload())) {
      clean();
      var properties = run(ThrowingDb.class, "0");
      workload.init(properties);
      runThreads(workload, properties, 2);
      workload.cleanup();

      assertEquals(List.of("an operation threw java.lang.IllegalStateException: driver bug"),
          RunRecord.current().failures(), workload.getClass().getName());
      assertTrue(workload.isStopRequested());
    }
  }
}
