package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Capacity at a latency objective against ground truth: YCSB's {@code basic} binding with a fixed
 * 50 ms delay on 8 threads is a closed loop that carries at most 8 ÷ 0.050 = 160 ops/s; below that
 * rate every operation takes 50 ms, above it the intended-time latency grows without bound. So the
 * search can never find more than 160 ops/s. How close below it lands depends on how late a loaded
 * host wakes sleeping threads (measured here: p95 of 108 ms at load 29, for 20 ms sleeps): the
 * objective leaves room for that, and the bracket must reach the rate the host sustained unthrottled.
 */
@SystemTier
@Isolated("timing: nothing else runs beside it")
class CapacityIT {
  private static final double BOUND = 8 / 0.050;

  /** A capacity search at p99 <= 500 ms of the basic binding with a fixed delay; {@code bound} ends each step. */
  private static Path fixedDelay(Path file, int threads, int delayMs, String bound) throws Exception {
    return Files.writeString(file, """
        study.binding=basic
        study.workloads=workloads/workloadc
        study.recordcounts=100
        study.devices=disk=%s
        study.threads=%d
        %s
        study.slo=p99<=500ms
        study.slo.steps=2
        basicdb.verbose=false
        basicdb.simulatedelay=%d
        basicdb.randomizedelay=false
        """.formatted(file.resolveSibling("data"), threads, bound, delayMs));
  }

  @Test
  void theCapacityOfAFixedDelaySitsWhereTheDelayAndTheThreadsPutIt(@TempDir Path dir) throws Exception {
    var file = fixedDelay(dir.resolve("capacity.properties"), 8, 50, "study.operationcount=1000");
    var study = ycsb("study", file.toString());
    assertEquals(0, study.exitCode(), study::all);
    assertTrue(study.stdout().contains("capacity at p99<=500ms: "), study::all);
    assertTrue(study.stdout().contains("operations of its start left out of p99"), study::all);

    var result = new ObjectMapper().readTree(dir.resolve("results/capacity/disk_records100_workloadc_r1.json").toFile());
    var capacity = result.path("capacity");
    double saturation = capacity.path("saturation").asDouble();
    assertTrue(saturation <= BOUND, capacity::toString);
    double lastMet = capacity.path("lastMet").asDouble();
    assertTrue(lastMet <= BOUND, "no more than the delay allows: " + capacity);
    var firstMissed = capacity.path("firstMissed");
    assertTrue(firstMissed.isNull() || firstMissed.asDouble() >= saturation / 2, capacity::toString);
    assertTrue(lastMet > 0, "met at some rate: " + capacity);
    // the cell's figures are the chosen step's, at its target
    assertEquals(lastMet, result.path("study").path("target").asDouble(), 1e-6, result::toString);
    assertEquals("disk_records100_workloadc_r1", result.path("study").path("cell").asText());
    assertTrue(Files.isRegularFile(dir.resolve("results/capacity/disk_records100_workloadc_r1.d/step1/result.json")));
  }

  /**
   * Steps of equal duration, on 16 threads with a 10 ms delay (at most 1,600 ops/s): the unthrottled
   * step runs for the duration, not the workload file's 1,000 operations; a step at a rate runs that
   * rate's operations for it, and never fewer than the 1,000 a p99 needs.
   */
  @Test
  void timedStepsRunTheirRatesOperationsForTheDuration(@TempDir Path dir) throws Exception {
    var file = fixedDelay(dir.resolve("timed.properties"), 16, 10, "study.duration=2s");
    var study = ycsb("study", file.toString());
    assertEquals(0, study.exitCode(), study::all);
    var mapper = new ObjectMapper();
    var cell = dir.resolve("results/timed/disk_records100_workloadc_r1.json");
    var capacity = mapper.readTree(cell.toFile()).path("capacity");
    // whether a rate is met is the other test's (a host at load 9 woke these threads 200 ms late and
    // kept only 94.6 % of 328 ops/s, rightly missed); this one needs steps at a rate, met or not
    assertTrue(capacity.path("steps").size() >= 2, capacity::toString);
    for (var step : capacity.path("steps")) {
      var result = mapper.readTree(cell.resolveSibling(step.path("cell").asText()).toFile());
      long operations = result.path("summary").path("operations").path("READ").path("count").asLong();
      double target = step.path("target").asDouble();
      if (target == 0) {
        assertEquals("2147483647", result.path("study").path("inputs").path("operationcount").asText(), study::all);
        assertTrue(operations > 1000, "ran for 2 s, past the workload file's 1,000 operations: " + result);
      } else {
        // the rate's first two seconds on top: the most the start-transient rule leaves out of the latency
        assertEquals(Math.max(1000, (long) Math.ceil(Math.round(target) * 2.0)) + 2 * Math.round(target), operations,
            step::toString);
        assertTrue(step.path("startExcluded").asLong() > 0, "its first second left out of the latency: " + step);
      }
    }
  }
}
