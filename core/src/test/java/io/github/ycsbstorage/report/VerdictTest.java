package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every device comparison judged before it is stated ({@link Judge}), on two-device studies of
 * workload C uniform written as result files: a server that kept its data in memory, a CPU-saturated
 * host, too few operations, repetitions whose spread covers the difference, and a device-bound study
 * with an engine's own counters. The headline lines are compared whole.
 */
class VerdictTest {
  /**
   * Writes workload C uniform runs of hdd and ssd at a dataset size, one file per repetition.
   *
   * @param hdd    the hdd's throughput per repetition
   * @param ssd    the ssd's
   * @param change applied to every run before it is written
   */
  private static void runs(Path folder, String ratio, double[] hdd, double[] ssd, long runtimeMs,
      Consumer<ObjectNode> change) throws Exception {
    for (var device : List.of("hdd", "ssd")) {
      var throughputs = device.equals("hdd") ? hdd : ssd;
      for (int r = 1; r <= throughputs.length; r++) {
        // 4 × the latency on the hdd, as 4 × the throughput on the ssd
        var slow = device.equals("hdd") ? 4 : 1;
        var run = OracleNoSqlStudyFixture.cell(device, ratio, "workloadc", "uniform", r, throughputs[r - 1],
            40_000 * slow, 120_000 * slow, runtimeMs);
        var id = OracleNoSqlStudyFixture.id(device, ratio, "workloadc", "uniform").replace("_r1", "_r" + r);
        // one repetition after the other, as a study runs them
        run.put("label", id).put("startedAt", "2026-11-21T1" + r + ":00:00Z").put("finishedAt", "2026-11-21T1" + r
            + ":10:00Z");
        ((ObjectNode) run.get("study")).put("cell", id).put("repetition", r).put("name", "verdicts");
        change.accept(run);
        OracleNoSqlStudyFixture.write(folder, run);
      }
    }
  }

  /** The engine's own counters: {@code readsPerOperation} block-cache misses per operation. */
  private static Consumer<ObjectNode> engine(double readsPerOperation) {
    return run -> {
      var operations = run.path("summary").path("operations").path("READ").path("count").asLong();
      var misses = Math.round(operations * readsPerOperation);
      var engine = run.putObject("engine").put("source", "RocksDB 10.10.1 statistics").put("operations", operations)
          .put("deviceReadsPerOperation", readsPerOperation).put("cacheHitRatio", 1 - readsPerOperation / 4);
      engine.putObject("counters").put("cacheHits", operations * 4 - misses).put("cacheMisses", misses);
      ((ObjectNode) run.get("sizing")).put("basis", "cache");
    };
  }

  /** The data devices' reads per operation: {@code perOperation} of the run's operations. */
  private static Consumer<ObjectNode> deviceReads(double perOperation) {
    return run -> {
      var operations = run.path("summary").path("operations").path("READ").path("count").asLong();
      var devices = (ObjectNode) run.path("io").path("devices");
      devices.properties().forEach(e -> ((ObjectNode) e.getValue()).put("reads",
          Math.round(operations * perOperation)).put("%util max", 19.0));
    };
  }

  /**
   * The observed process's run-queue wait ({@code io.process.runQueue}) as a share of the run's operations'
   * time, on the hdd's runs and on the ssd's; with the host's CPUs saturated in the ssd's when {@code ssdSaturated}.
   */
  private static Consumer<ObjectNode> waited(double hdd, double ssd, boolean ssdSaturated) {
    return run -> {
      var onHdd = run.path("label").asText().startsWith("hdd");
      var summary = run.path("summary");
      var read = summary.path("operations").path("READ");
      var busyMicros = read.path("count").asLong() * read.path("averageUs").asDouble();
      var io = (ObjectNode) run.get("io");
      io.put("cpuSaturated", !onHdd && ssdSaturated);
      io.putObject("process").put("role", "client").put("cpuMicros", 1_000_000).put("shareOfHostCpu", 0.6)
          .putObject("runQueue").put("onCpuMicros", 1_000_000).put("waitMicros", Math.round(busyMicros * (onHdd ? hdd
              : ssd)));
    };
  }

  /** The verdict of hdd and ssd runs of 600 s at one dataset size, written into a new folder. */
  private static Verdict judged(Path folder, String ratio, double[] hdd, double[] ssd, Consumer<ObjectNode> change)
      throws Exception {
    runs(Files.createDirectories(folder), ratio, hdd, ssd, 600_000, change);
    return model(folder).verdicts().get(0);
  }

  private static ReportModel model(Path folder) throws Exception {
    return ReportModel.of(folder, ReportLoader.load(folder).cells());
  }

  private static final double[] TIGHT_HDD = {6_000, 6_100, 6_200};
  private static final double[] TIGHT_SSD = {24_000, 24_500, 25_000};
  /** Five repetitions: the fewest whose interval excludes 1 by chance at most 1 time in 100 (1 in 126). */
  private static final double[] FIVE_HDD = {6_000, 6_050, 6_100, 6_150, 6_200};
  private static final double[] FIVE_SSD = {24_000, 24_250, 24_500, 24_750, 25_000};

  @Test
  void aServerThatKeptItsDataInMemoryGetsNoVerdictAndNoRatio(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("inmemory"));
    // The devices differ in throughput, repeatably, but the hdd did 0.001 reads per operation
    runs(folder, "0.5", TIGHT_HDD, TIGHT_SSD, 600_000, deviceReads(0.001));
    runs(folder, "2", TIGHT_HDD, TIGHT_SSD, 600_000, deviceReads(0.002));
    var model = model(folder);
    assertEquals(List.of(Verdict.Kind.NONE, Verdict.Kind.NONE), model.verdicts().stream().map(Verdict::kind).toList());
    assertEquals(List.of(
        "no verdict: ssd vs hdd, workload C uniform, 0.5× RAM: the page cache or the server's memory held the data: "
            + "the device served (almost) no reads (0.001 device reads per operation on hdd, sdb at most 19 %util; "
            + "the throughput ratio 3.87–4.17× over 3 × 3 repetitions excludes 1: a difference the device did not cause; "
            + "remedy: a dataset beyond the host's RAM, or a server whose memory is limited)",
        "no verdict: ssd vs hdd, workload C uniform, 2× RAM: the page cache or the server's memory held the data: "
            + "the device served (almost) no reads (0.002 device reads per operation on hdd, sdb at most 19 %util; "
            + "the throughput ratio 3.87–4.17× over 3 × 3 repetitions excludes 1: a difference the device did not cause; "
            + "remedy: a dataset beyond the host's RAM, or a server whose memory is limited)"),
        ReportTables.headline(model));
    assertFalse(String.join("\n", ReportTables.headline(model)).contains("× throughput"), "no ratio in the headline");
  }

  @Test
  void anotherProcesssReadsOfTheSameDeviceDoNotExerciseAServerThatReadNothing(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("neighbour"));
    // the host's devices did 1.5 reads per operation (another study beside it), the server itself none
    runs(folder, "2", TIGHT_HDD, TIGHT_SSD, 600_000, deviceReads(1.5).andThen(run -> ((ObjectNode) run.get("io"))
        .putObject("process").put("role", "server").put("cpuMicros", 1_000_000).put("readBytes", 0)
        .put("writeBytes", 0)));
    var verdict = model(folder).verdicts().get(0);
    assertEquals(Verdict.Kind.NONE, verdict.kind());
    assertEquals(List.of(Verdict.Reason.MEMORY_SERVED), verdict.findings().stream().map(Verdict.Finding::reason).toList());
    assertTrue(verdict.findings().get(0).detail().startsWith("0.000 device reads per operation on hdd by its process (the host's: 1.500, other processes' included)"),
        verdict.findings().get(0)::detail);
  }

  @Test
  void aServerThatReadHalfOfItsDevicesBytesCausedHalfOfItsReads(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("half"));
    runs(folder, "2", TIGHT_HDD, TIGHT_SSD, 600_000, deviceReads(0.8).andThen(run -> {
      var io = (ObjectNode) run.get("io");
      long bytes = 0;
      for (var device : io.path("devices")) {
        bytes += device.path("readBytes").asLong();
      }
      io.putObject("process").put("role", "server").put("cpuMicros", 1_000_000).put("readBytes", bytes / 2)
          .put("writeBytes", 0);
    }));
    var cell = model(folder).cells().stream().filter(c -> c.device().equals("hdd") && c.result().summary()
        .count() > 0).findFirst().orElseThrow();
    assertEquals(0.4, Judge.deviceReadsPerOperation(cell).getAsDouble(), 1e-3);
  }

  @Test
  void aCpuSaturatedComparisonGetsNoVerdict(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("cpu"));
    runs(folder, "2", TIGHT_HDD, TIGHT_SSD, 600_000, engine(0.9).andThen(run -> ((ObjectNode) run.get("io"))
        .put("cpuSaturated", run.path("label").asText().startsWith("ssd"))));
    var verdict = model(folder).verdicts().get(0);
    assertEquals(Verdict.Kind.NONE, verdict.kind());
    assertEquals(List.of(Verdict.Reason.CPU_SATURATED), verdict.findings().stream().map(Verdict.Finding::reason).toList());
    assertEquals("no verdict: ssd vs hdd, workload C uniform, 2× cache: CPU-saturated: measured CPU, not storage (the "
        + "host's CPUs in 3 of 6 runs; remedy: fewer threads, or a host with more cores)", ReportTables.verdictLine(verdict));
  }

  /**
   * The hypervisor's steal time is invisible to the guest's scheduler (no run-queue wait), so a
   * device-bound comparison whose runs it hit has no verdict either; below the threshold it stands.
   */
  @Test
  void runsWhoseCpusTheHypervisorTookGetNoVerdict(@TempDir Path dir) throws Exception {
    Consumer<ObjectNode> steal = run -> ((ObjectNode) run.get("io")).putObject("cpu").put("user", 20.0)
        .put("system", 5.0).put("iowait", 50.0).put("steal", run.path("label").asText().equals("ssd_ratio2_workloadc-"
            + "uniform_r2") ? 7.7 : 0.3).put("idle", 17.0);
    var stolen = judged(dir.resolve("stolen"), "2", TIGHT_HDD, TIGHT_SSD, engine(0.9).andThen(steal));
    assertEquals(Verdict.Kind.NONE, stolen.kind());
    assertEquals(List.of(Verdict.Reason.CPU_STOLEN), stolen.findings().stream().map(Verdict.Finding::reason).toList());
    assertEquals("no verdict: ssd vs hdd, workload C uniform, 2× cache: the hypervisor"
        + " ran other guests on this machine's CPUs (steal time): the figures measure the neighbours too (up to 7.7 %"
        + " of the CPU time in 1 of 6 runs; remedy: a host without noisy neighbours, e.g. dedicated CPUs)",
        ReportTables.verdictLine(stolen));
    Consumer<ObjectNode> little = run -> ((ObjectNode) run.get("io")).putObject("cpu").put("user", 20.0)
        .put("system", 5.0).put("iowait", 50.0).put("steal", 1.9).put("idle", 23.1);
    assertEquals(Verdict.Kind.DIFFERENCE, judged(dir.resolve("little"), "2", FIVE_HDD, FIVE_SSD,
        engine(0.9).andThen(little)).kind(), "1.9 % is below the threshold");
  }

  @Test
  void tooFewOperationsGetNoVerdictAndNoPercentileTheyCannotSupport(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("few"));
    // 2 s at 24–62 ops/s: 48–124 operations per run, as the demo's cells on a busy host
    runs(folder, "2", new double[] {24, 25, 26}, new double[] {60, 61, 62}, 2_000, engine(0.9));
    var model = model(folder);
    var verdict = model.verdicts().get(0);
    assertEquals(List.of(Verdict.Reason.TOO_FEW_OPERATIONS, Verdict.Reason.TOO_SHORT),
        verdict.findings().stream().map(Verdict.Finding::reason).toList());
    assertEquals("no verdict: ssd vs hdd, workload C uniform, 2× cache: too few operations (48–124 operations per run; "
        + "a verdict needs 1,000; remedy: more operations per run (operationcount)); runs shorter than 3 collector "
        + "intervals (the shortest run spans 2 intervals; remedy: longer runs, or a shorter collector.interval)",
        ReportTables.verdictLine(verdict));
    // p99 needs 1,000 operations: shown as "—", never as the largest of a hundred
    var latency = ReportTables.latency(model, new Mix("workloadc", "uniform"));
    assertEquals(List.of("2× cache", "avg 160 ms, p99 —", "avg 40 ms, p99 —"), latency.rows().get(0));
    assertTrue(ReportTables.hasTooFew(latency));
    assertEquals(List.of("READ", "48", "160 ms", "128 ms", SampleSize.TOO_FEW, SampleSize.TOO_FEW, SampleSize.TOO_FEW,
        "0"), ReportTables.operations(model.cells().get(0)).rows().get(0));
    assertEquals(1_000, SampleSize.needed(99));
    assertEquals(10_000, SampleSize.needed(99.9));
  }

  @Test
  void repetitionsWhoseSpreadCoversTheDifferenceMeasureNoDifference(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("overlap"));
    // hdd 38,000–45,000, ssd 41,000–47,000 ops/s: ratios from 41/45 = 0.91 to 47/38 = 1.24
    runs(folder, "2", new double[] {38_000, 40_000, 45_000}, new double[] {41_000, 44_000, 47_000}, 600_000,
        engine(0.9));
    var verdict = model(folder).verdicts().get(0);
    assertEquals(Verdict.Kind.NO_DIFFERENCE, verdict.kind());
    assertEquals(41_000 / 45_000.0, verdict.interval().orElseThrow().low(), 1e-12);
    assertEquals(47_000 / 38_000.0, verdict.interval().orElseThrow().high(), 1e-12);
    assertEquals("ssd vs hdd, workload C uniform, 2× cache: no difference measurable (throughput ratio 0.91–1.24× over "
        + "3 × 3 repetitions includes 1)", ReportTables.verdictLine(verdict));
  }

  @Test
  void aDeviceBoundComparisonGetsAVerdictWithItsIntervalListedFirst(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("bound"));
    // in the cache: 0.001 misses per operation; beyond it 0.9 on both, 4 × apart in every repetition
    runs(folder, "0.5", new double[] {50_000, 50_500, 51_000}, new double[] {52_000, 52_500, 53_000}, 600_000,
        engine(0.001));
    runs(folder, "8", FIVE_HDD, FIVE_SSD, 600_000, engine(0.9));
    var model = model(folder);
    var headline = ReportTables.headline(model);
    // 24,500 / 6,100 = 4.02 ×; every repetition's ratio from 24,000 / 6,200 = 3.87 to 25,000 / 6,000 = 4.17
    assertEquals(List.of("ssd vs hdd, workload C uniform, 8× cache: 4.0× throughput (3.87–4.17× over 5 × 5 repetitions), "
        + "4.0× lower p99 latency, 4.0× lower average latency",
        "no verdict: ssd vs hdd, workload C uniform, 0.5× cache: the engine's cache served the reads, not the device "
        + "(0.001 cache misses per operation on hdd; the throughput ratio 1.02–1.06× over 3 × 3 repetitions excludes 1: a "
        + "difference the device did not cause; remedy: a dataset beyond the engine's cache)"), headline);
    assertEquals(Verdict.Kind.DIFFERENCE, model.headline().get(0).kind());
  }

  @Test
  void withoutDeviceEvidenceOnEitherSideThereIsNoVerdict(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("unmeasured"));
    // 4 × apart in every repetition, but no run recorded its device's reads or an engine's counters
    var once = judged(folder.resolve("once"), "8", new double[] {6_000}, new double[] {24_000}, run -> run.remove("io"));
    var repeated = judged(folder.resolve("repeated"), "8", TIGHT_HDD, TIGHT_SSD, run -> run.remove("io"));
    for (var verdict : List.of(once, repeated)) {
      assertEquals(Verdict.Kind.NONE, verdict.kind());
      assertEquals("no verdict: ssd vs hdd, workload C uniform, 8× RAM: the devices' activity was not measured "
          + "(neither hdd's nor ssd's runs recorded their device's reads or an engine's cache misses; remedy: run with "
          + "the collector where the data lies (collector.enabled=true, on the server's host or with collector.remote), "
          + "or a binding that reports its engine's cache misses)", ReportTables.verdictLine(verdict));
    }
  }

  @Test
  void threeRepetitionsThatExcludeOneAreNoVerdictEqualDevicesDoThat1TimeIn10(@TempDir Path dir) throws Exception {
    var verdict = judged(dir.resolve("three"), "8", new double[] {6_000, 6_100, 6_200},
        new double[] {24_000, 24_500, 25_000}, engine(0.9));
    assertEquals("no verdict: ssd vs hdd, workload C uniform, 8× cache: too few repetitions to tell the devices apart "
        + "(the throughput ratio 3.87–4.17× over 3 × 3 repetitions excludes 1, which two equal devices' repetitions do "
        + "1 time in 10; remedy: 5 or more repetitions of each device (study.repetitions; 5 × 5 exclude 1 by chance 1 "
        + "time in 126))", ReportTables.verdictLine(verdict));
    assertEquals(0.1, Judge.byChance(3, 3), 1e-12);
    assertEquals(2 / 126.0, Judge.byChance(4, 5), 1e-12);
    assertEquals(2 / 252.0, Judge.byChance(5, 5), 1e-12);
  }

  @Test
  void oneRepetitionIsNoVerdictThoughItsRatioIsLarge(@TempDir Path dir) throws Exception {
    // two equal devices' single runs differ too: a ratio alone does not tell them apart (#44)
    var folder = Files.createDirectories(dir.resolve("once"));
    runs(folder, "8", new double[] {6_000}, new double[] {24_000}, 600_000, engine(0.9));
    assertEquals(List.of("no verdict: ssd vs hdd, workload C uniform, 8× cache: too few repetitions to tell the devices "
        + "apart (the throughput ratio 4.0× with one run of each device: no interval, and two equal devices' single runs "
        + "differ too; remedy: 5 or more repetitions of each device (study.repetitions; 5 × 5 exclude 1 by chance 1 "
        + "time in 126))"), ReportTables.headline(model(folder)));
  }

  @Test
  void oneRepetitionOfTheFasterSideHeldUpByCpuIsNoLowerBound(@TempDir Path dir) throws Exception {
    // as aFasterSideHeldUpByCpuBesideADeviceBoundSlowerOneGivesALowerBound, but once each: no bound either
    var verdict = judged(dir.resolve("atleastonce"), "8", new double[] {6_000}, new double[] {24_000},
        engine(0.9).andThen(waited(0.02, 0.4, true)));
    assertEquals(Verdict.Kind.NONE, verdict.kind());
    assertEquals(List.of(Verdict.Reason.CPU_SATURATED), verdict.findings().stream().map(Verdict.Finding::reason)
        .toList(), ReportTables.verdictLine(verdict));
  }

  @Test
  void twoDeviceFoldersOnOneDeviceAreNeverAComparison(@TempDir Path dir) throws Exception {
    var folder = Files.createDirectories(dir.resolve("same"));
    runs(folder, "8", TIGHT_HDD, TIGHT_SSD, 600_000, engine(0.9).andThen(run -> ((ObjectNode) run.get("devices")
        .get(0)).put("name", "sdb")));
    var verdict = model(folder).verdicts().get(0);
    assertEquals(List.of(Verdict.Reason.SAME_DEVICE), verdict.findings().stream().map(Verdict.Finding::reason).toList());
    assertTrue(ReportTables.verdictLine(verdict).contains("(ssd and hdd are both on sdb; remedy: put the folders on "
        + "different devices)"), ReportTables.verdictLine(verdict));
  }

  @Test
  void aFasterSideHeldUpByCpuBesideADeviceBoundSlowerOneGivesALowerBound(@TempDir Path dir) throws Exception {
    // the ssd's client waited for a CPU 40 % of its operations' time on a saturated host; the hdd's 2 %
    var verdict = judged(dir.resolve("atleast"), "8", FIVE_HDD, FIVE_SSD,
        engine(0.9).andThen(waited(0.02, 0.4, true)));
    assertEquals(Verdict.Kind.AT_LEAST, verdict.kind());
    assertEquals(24_000 / 6_200.0, verdict.interval().orElseThrow().low(), 1e-12);
    assertEquals("ssd vs hdd, workload C uniform, 8× cache: at least 3.9× throughput (the lowest ratio over 5 × 5 "
        + "repetitions; a lower bound: ssd was held up by CPU: the host's CPUs in 5 of 10 runs (ssd); the client process "
        + "(its embedded engine) waited for a CPU up to 40 % of its operations' time in 5 of 10 runs (ssd); hdd read "
        + "from its device and waited for a CPU at most 2.0 % of its operations' time: its figures are the device's)",
        ReportTables.verdictLine(verdict));
  }

  @Test
  void aDeviceBoundSideThatSeldomWaitedForACpuIsTrustedOnASaturatedHost(@TempDir Path dir) throws Exception {
    // the host's CPUs saturated in every run, yet both processes waited under 10 % of their time
    var verdict = judged(dir.resolve("trusted"), "8", FIVE_HDD, FIVE_SSD,
        engine(0.9).andThen(waited(0.02, 0.05, true))
        .andThen(run -> ((ObjectNode) run.get("io")).put("cpuSaturated", true)));
    assertEquals(Verdict.Kind.DIFFERENCE, verdict.kind(), ReportTables.verdictLine(verdict));
  }

  @Test
  void aSlowerSideThatWaitedForACpuGetsNoVerdict(@TempDir Path dir) throws Exception {
    var verdict = judged(dir.resolve("slowcpu"), "8", TIGHT_HDD, TIGHT_SSD,
        engine(0.9).andThen(waited(0.3, 0.02, false)));
    assertEquals(Verdict.Kind.NONE, verdict.kind());
    assertEquals("no verdict: ssd vs hdd, workload C uniform, 8× cache: CPU-saturated: measured CPU, not storage (the "
        + "client process (its embedded engine) waited for a CPU up to 30 % of its operations' time in 3 of 6 runs "
        + "(hdd); remedy: fewer threads, or a host with more cores)", ReportTables.verdictLine(verdict));
  }

  @Test
  void aWaitBeyondTheOperationsTimeReadsAsAMultiple(@TempDir Path dir) throws Exception {
    // every thread's wait counts, the JVM's and the engine's too: on a starved host more than the operations' time
    var line = ReportTables.verdictLine(judged(dir.resolve("starved"), "8", TIGHT_HDD, TIGHT_SSD,
        engine(0.9).andThen(waited(2.5, 0.02, false))));
    assertTrue(line.contains("waited for a CPU up to 2.5 × its operations' time in 3 of 6 runs (hdd)"), line);
  }

  @Test
  void inTheCacheRepetitionsThatIncludeOneMeasureNoDifferenceWhateverTheCpus(@TempDir Path dir) throws Exception {
    // both sides served by the engine's cache on a saturated host: ratios 51/53 = 0.96 to 53/50 = 1.06
    var verdict = judged(dir.resolve("incache"), "0.25", new double[] {50_000, 53_000},
        new double[] {51_000, 53_000}, engine(0.0).andThen(waited(0.4, 0.4, true)));
    assertEquals(Verdict.Kind.NO_DIFFERENCE, verdict.kind());
    assertEquals("ssd vs hdd, workload C uniform, 0.25× cache: no difference measurable (throughput ratio 0.96–1.06× "
        + "over 2 × 2 repetitions includes 1); the engine's cache served the reads, not the device (0.000 cache misses "
        + "per operation on hdd)", ReportTables.verdictLine(verdict));
  }

  @Test
  void inTheCacheADifferenceIsNotTheDevices(@TempDir Path dir) throws Exception {
    var verdict = judged(dir.resolve("cachediff"), "0.25", new double[] {40_000, 41_000},
        new double[] {50_000, 53_000}, engine(0.0));
    assertEquals(List.of(Verdict.Reason.ENGINE_CACHE_SERVED),
        verdict.findings().stream().map(Verdict.Finding::reason).toList());
    assertEquals("no verdict: ssd vs hdd, workload C uniform, 0.25× cache: the engine's cache served the reads, not the "
        + "device (0.000 cache misses per operation on hdd; the throughput ratio 1.22–1.33× over 2 × 2 repetitions "
        + "excludes 1: a difference the device did not cause; remedy: a dataset beyond the engine's cache)",
        ReportTables.verdictLine(verdict));
    // a side whose reads are unknown (a RAM folder without a block device): not known to be in the cache
    var unknown = judged(dir.resolve("cacheunknown"), "0.5", new double[] {50_000, 53_000},
        new double[] {51_000, 53_000}, deviceReads(0.001).andThen(run -> {
          if (run.path("label").asText().startsWith("ssd")) {
            ((ObjectNode) run.get("io")).putObject("devices");
          }
        }));
    assertEquals(List.of(Verdict.Reason.MEMORY_SERVED), unknown.findings().stream().map(Verdict.Finding::reason)
        .toList(), ReportTables.verdictLine(unknown));
    // one repetition in the cache: no verdict, as without repetitions
    var once = Files.createDirectories(dir.resolve("cacheonce"));
    runs(once, "0.25", new double[] {50_000}, new double[] {50_000}, 600_000, engine(0.0));
    assertEquals(Verdict.Kind.NONE, model(once).verdicts().get(0).kind());
  }
}
