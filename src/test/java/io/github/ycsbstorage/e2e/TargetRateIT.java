package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** A run with {@code -target} against a server that stalls: intended-time latencies show the stall. */
@Isolated("timing: nothing else runs beside it")
class TargetRateIT {
  private static final String FILE = "workloads/storage/read-only-uniform-1x1000";

  /**
   * One thread, 400 reads at 100 ops/s (one every 10 ms); read 390 stalls for 2 s. Hand-computed:
   * reads 390–400 were due at t = 3.89 … 3.99 s and start (or end) after t = 5.89 s, so their
   * intended-time latencies are 2.0 s down to 1.9 s: the 5th largest of 400 (YCSB's p99) is at least
   * 1.96 s. Their service times are those of a no-op except read 390's: the service p99 is a no-op's.
   * The run lasts at least 3.89 + 2 s, so at most 400 / 5.89 = 67.9 ops/s: the target is missed by
   * more than 5 %.
   */
  @Test
  void aStallShowsInTheIntendedLatenciesAndTheMissedTargetIsWarned(@TempDir Path dir) throws Exception {
    var classes = Path.of(StallingDb.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    var export = dir.resolve("run.txt");
    var run = ycsb("run", "basic", "-db", StallingDb.class.getName(), "-cp", classes.toString(), "-P", FILE,
        "-threads", "1", "-target", "100", "-p", "recordcount=100", "-p", "operationcount=400",
        "-p", "stall.at=390", "-p", "stall.ms=2000", "-p", "basicdb.verbose=false", "-p", "exportfile=" + export);
    assertEquals(0, run.exitCode(), run::all);
    var text = Files.readString(export);
    assertTrue(text.contains("[Intended-READ], Operations, 400"), text);
    assertTrue(run.stderr().contains("Warning: the target rate was missed: achieved "), run::all);

    var result = new ObjectMapper().readTree(dir.resolve("run.txt.result.json").toFile());
    var read = result.path("summary").path("operations").path("READ");
    var intended = read.path("intended");
    assertEquals(400, read.path("count").asLong(), read::toString);
    assertEquals(400, intended.path("count").asLong(), read::toString);
    assertTrue(intended.path("p99Us").asLong() >= 1_950_000, read::toString);
    assertTrue(read.path("p99Us").asLong() * 10 < intended.path("p99Us").asLong(),
        "the service-time p99 hides the stall: " + read);
    assertTrue(read.path("maxUs").asLong() >= 2_000_000, "the stalled read itself: " + read);
    assertTrue(result.path("warnings").toString().contains("the target rate was missed"), result::toString);
    assertEquals("both", result.path("properties").path("measurement.interval").asText());
    assertEquals(Runtime.getRuntime().availableProcessors() >= 2 ? "true" : "",
        result.path("properties").path("spin.sleep").asText(), "one thread spins where it takes half the cores or less");
  }

  /**
   * A target-rate run whose measurements were created before its schedule started (MeasurementSetup;
   * MeasurementSetupTest proves the order, docs/study.md has the timings before and after: a wall
   * clock must not decide a test): every read measured with its intended time, YCSB's logs written for
   * the mix's operations and none for an operation it never draws.
   */
  @Test
  void aTargetRateRunMeasuresItsMixsOperationsAndLogsNoOther(@TempDir Path dir) throws Exception {
    var export = dir.resolve("run.txt");
    var run = ycsb("run", "basic", "-P", FILE, "-threads", "1", "-target", "50", "-p", "recordcount=100",
        "-p", "operationcount=100", "-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=2",
        "-p", "basicdb.randomizedelay=false", "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=" + dir + "/", "-p", "exportfile=" + export);
    assertEquals(0, run.exitCode(), run::all);
    var result = new ObjectMapper().readTree(dir.resolve("run.txt.result.json").toFile());
    var read = result.path("summary").path("operations").path("READ");
    assertEquals(100, read.path("intended").path("count").asLong(), read::toString);
    assertTrue(read.path("p99Us").asLong() >= 2_000, "the delay is served: " + read);
    assertTrue(read.path("intended").path("p99Us").asLong() >= read.path("p99Us").asLong(),
        "an intended time includes the service time: " + read);
    assertTrue(Files.isRegularFile(dir.resolve("Intended-READ.hdr")), "the log YCSB writes");
    assertTrue(Files.notExists(dir.resolve("UPDATE.hdr")), "no log of an operation the mix never draws");
  }

  /**
   * The warm-up's reads go through YCSB's {@code DBWrapper} into YCSB's measurements (so that the JIT
   * compiles the phase's own path, {@code WarmUp}), which are then dropped with their log files closed:
   * YCSB's logs hold exactly the phase's reads, none of the warm-up's.
   */
  @Test
  void aWarmUpLeavesNothingInYcsbsLogs(@TempDir Path dir) throws Exception {
    var run = ycsb("run", "basic", "-P", FILE, "-threads", "1", "-target", "200", "-p", "recordcount=100",
        "-p", "operationcount=100", "-p", "basicdb.verbose=false", "-p", "storage.warmup=500ops",
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + dir + "/");
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stderr().contains("Warm-up: 500 operations in "), run::all);
    // held to a target rate, the phase runs with the JIT compiler's threads yielding to the client thread
    assertTrue(run.stderr().matches("(?s).*Warm-up: the JIT compiler's \\d+ threads yield to the client threads \\(nice 19\\)"
        + " for the phase at its target rate\n.*"), run::all);
    assertTrue(run.stdout().contains("[READ], Operations, 100"), run::all);
    for (var log : List.of("READ.hdr", "Intended-READ.hdr")) {
      long logged = 0;
      try (var reader = new HistogramLogReader(dir.resolve(log).toFile())) {
        for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null;) {
          logged += ((AbstractHistogram) interval).getTotalCount();
        }
      }
      assertEquals(100, logged, log + ": the phase's reads only\n" + run.all());
    }
  }
}
