package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capacity at a latency objective against ground truth: YCSB's {@code basic} binding with a fixed
 * 50 ms delay on 8 threads is a closed loop that carries at most 8 ÷ 0.050 = 160 ops/s; below that
 * rate every operation takes 50 ms, above it the intended-time latency grows without bound. So the
 * search can never find more than 160 ops/s. How close below it lands depends on how late a loaded
 * host wakes sleeping threads (measured here: p95 of 108 ms at load 29, for 20 ms sleeps): the
 * objective leaves room for that, and the bracket must reach the rate the host sustained unthrottled.
 */
class CapacityIT {
  private static final double BOUND = 8 / 0.050;

  @Test
  void theCapacityOfAFixedDelaySitsWhereTheDelayAndTheThreadsPutIt(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("capacity.properties"), """
        study.binding=basic
        study.workloads=workloads/workloadc
        study.recordcounts=100
        study.devices=disk=%s
        study.threads=8
        study.operationcount=1000
        study.slo=p99<=500ms
        study.slo.steps=2
        basicdb.verbose=false
        basicdb.simulatedelay=50
        basicdb.randomizedelay=false
        """.formatted(dir.resolve("data")));
    var study = ycsb("study", file.toString());
    assertEquals(0, study.exitCode(), study::all);
    assertTrue(study.stdout().contains("capacity at p99<=500ms: "), study::all);

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
}
