package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.RunRecord;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.Workload;

class PhaseLifecycleTest {
  private static final class Idle extends Workload {
    @Override
    public boolean doInsert(DB db, Object threadstate) {
      return true;
    }

    @Override
    public boolean doTransaction(DB db, Object threadstate) {
      return true;
    }
  }

  @Test
  void aFailureIsRecordedAndStopsTheWorkload() {
    var record = new RunRecord();
    var workload = new Idle();
    var lifecycle = new PhaseLifecycle(workload, record, Duration.ofSeconds(1), () -> { });
    lifecycle.stopAsFailed("the server is gone");
    assertTrue(workload.isStopRequested());
    assertEquals(List.of("the server is gone"), record.failures());
  }

  @Test
  void theComponentsStopOnceWithTheWorkloadsOwn() throws Exception {
    var stops = new AtomicInteger();
    var lifecycle = new PhaseLifecycle(new Idle(), new RunRecord(), Duration.ofSeconds(1), stops::incrementAndGet);
    lifecycle.stop();
    lifecycle.stop(); // the interrupted export and cleanup both stop the components: the second waits, no more
    assertEquals(1, stops.get());
  }

  @Test
  void aThreadBeforeThePhaseStartsIsNotCounted() {
    var lifecycle = new PhaseLifecycle(new Idle(), new RunRecord(), Duration.ofSeconds(1), () -> { });
    var warmUp = lifecycle.threadStarted(); // a warm-up's thread: the gate does not list it
    assertTrue(lifecycle.gate().begin(warmUp, YcsbOperation.READ));
    lifecycle.gate().end(warmUp);
    assertEquals(0, lifecycle.gate().begun());
    assertFalse(lifecycle.engineWatched());
    lifecycle.recordMissingThreads(); // nothing started: nothing expected
  }
}
