package io.github.ycsbstorage.study;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.testkit.TestProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Study files: validation before anything runs, and the documented run order. */
class StudyPlanTest {
  @TempDir
  static Path home;

  @BeforeAll
  static void install() throws Exception {
    FixtureInstall.create(home);
  }

  private static Properties study(String... keyValues) {
    var defaults = properties("study.binding", "basic", "study.devices", "hdd=/mnt/hdd/db,ssd=/mnt/ssd/db",
        "study.ratios", "0.33,1.33");
    return TestProperties.with(defaults, keyValues);
  }

  @Test
  void insertCellsRunAfterReadUpdateCellsWithinEachDeviceAndScale() {
    var definition = StudySettings.from(study("study.workloads", "workloadd,workloada,workloadc",
        "study.distributions", "uniform,zipfian", "study.order", "grouped"), "s", home, home);
    var ids = new StudyPlan(definition).cells().stream().map(Cell::id).toList();
    assertEquals(2 * 2 * (1 + 3 * 2), ids.size());
    assertEquals(List.of("hdd_ratio0.33_load",
        "hdd_ratio0.33_workloada-uniform_r1", "hdd_ratio0.33_workloada-zipfian_r1",
        "hdd_ratio0.33_workloadc-uniform_r1", "hdd_ratio0.33_workloadc-zipfian_r1",
        "hdd_ratio0.33_workloadd-uniform_r1", "hdd_ratio0.33_workloadd-zipfian_r1",
        "ssd_ratio0.33_load"), ids.subList(0, 8));
    assertEquals("ssd_ratio1.33_workloadd-zipfian_r1", ids.get(ids.size() - 1));
  }

  @Test
  void byDefaultEachRepetitionRunsEveryDeviceInTurnReversedInEvenOnesSoThatDriftFallsOnBoth() {
    var definition = StudySettings.from(study("study.workloads", "workloada,workloadc", "study.repetitions", "3",
        "study.ratios", "2"), "s", home, home);
    assertEquals(RunOrder.INTERLEAVED, definition.order());
    assertEquals(List.of("hdd_ratio2_load", "hdd_ratio2_workloada_r1", "hdd_ratio2_workloadc_r1",
        "ssd_ratio2_load", "ssd_ratio2_workloada_r1", "ssd_ratio2_workloadc_r1",
        "ssd_ratio2_workloada_r2", "ssd_ratio2_workloadc_r2", "hdd_ratio2_workloada_r2", "hdd_ratio2_workloadc_r2",
        "hdd_ratio2_workloada_r3", "hdd_ratio2_workloadc_r3", "ssd_ratio2_workloada_r3", "ssd_ratio2_workloadc_r3"),
        new StudyPlan(definition).cells().stream().map(Cell::id).toList());
    var bad = assertThrows(InvalidPropertyException.class,
        () -> StudySettings.from(study("study.order", "random"), "s", home, home));
    assertTrue(bad.getMessage().startsWith("study.order='random' is invalid"), bad.getMessage());
    assertTrue(bad.getMessage().contains("interleaved"), bad.getMessage());
  }

  @Test
  void repetitionsRepeatRunCellsNotTheLoad() {
    var definition = StudySettings.from(study("study.workloads", "workloada", "study.repetitions", "2",
        "study.devices", "ssd=/mnt/ssd", "study.ratios", "2"), "s", home, home);
    assertEquals(List.of("ssd_ratio2_load", "ssd_ratio2_workloada_r1", "ssd_ratio2_workloada_r2"),
        new StudyPlan(definition).cells().stream().map(Cell::id).toList());
  }

  @Test
  void targetRatesGiveOneRunCellEachLowestFirstNamedByTheRate() {
    var definition = StudySettings.from(study("study.workloads", "workloada", "study.devices", "ssd=/mnt/ssd",
        "study.ratios", "2", "study.targets", "2000, 500,1000.4"), "s", home, home);
    var cells = new StudyPlan(definition).cells();
    assertEquals(List.of("ssd_ratio2_load", "ssd_ratio2_workloada_r1_t500", "ssd_ratio2_workloada_r1_t1000",
        "ssd_ratio2_workloada_r1_t2000"), cells.stream().map(Cell::id).toList());
    assertEquals(1000.4, cells.get(2).effectiveTarget(definition).orElseThrow());
    assertTrue(cells.get(0).effectiveTarget(definition).isEmpty(), "the load is not throttled by a sweep");
  }

  @Test
  void targetRatesAndALatencyObjectiveAreCheckedBeforeAnythingRuns() {
    for (var bad : List.of(
        List.of("study.targets", "500,0", "study.targets='0' is invalid: it must be > 0; accepted: rates in operations"),
        List.of("study.targets", "500,500.2", "study.targets='500.2' is invalid: same rate as an earlier entry"),
        List.of("study.slo", "p99<=fast", "study.slo='p99<=fast' is invalid; accepted: [OPERATION.]pNN<=DURATION"),
        List.of("study.slo.steps", "3", "study.slo.steps='3' is invalid: there is no capacity search to shape"),
        List.of("study.slo.runs", "3", "study.slo.runs='3' is invalid: there is no capacity search to shape"))) {
      var error = assertThrows(InvalidPropertyException.class,
          () -> StudySettings.from(study(bad.get(0), bad.get(1)), "s", home, home));
      assertTrue(error.getMessage().startsWith(bad.get(2)), error.getMessage());
    }
    var sweep = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study("study.targets", "500",
        "study.target", "100"), "s", home, home));
    assertTrue(sweep.getMessage().contains("accepted: rates without study.target"), sweep.getMessage());
    var fixed = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study("study.slo", "p99<=10ms",
        "study.target", "100"), "s", home, home));
    assertTrue(fixed.getMessage().contains("a capacity search chooses each step's rate itself"), fixed.getMessage());
    var small = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study("study.slo", "p99<=10ms",
        "study.operationcount", "400", "study.clients", "2"), "s", home, home));
    assertTrue(small.getMessage().startsWith("study.operationcount='400' is invalid: fewer would make the p99 the "
        + "slowest handful, not a percentile; accepted: at least 1,000 operations over the 2 client(s)"),
        small.getMessage());
    var both = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study("study.slo", "p99<=10ms",
        "study.operationcount", "1000", "study.duration", "30s"), "s", home, home));
    assertTrue(both.getMessage().startsWith("study.operationcount='1000' is invalid: each capacity step lasts "
        + "study.duration; give one of the two"), both.getMessage());
    for (var duration : List.of("1500ms", "500ms", "0s")) {
      var error = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study("study.duration",
          duration), "s", home, home));
      assertTrue(error.getMessage().startsWith("study.duration='" + duration + "' is invalid")
          && error.getMessage().contains(duration.equals("1500ms") ? "a whole number of seconds" : "at least 1s"),
          error.getMessage());
    }
    for (var runs : List.of(List.of("2", "a rate's verdict is the majority of its runs, which an even number can split;"
        + " accepted: an odd number of runs per rate, 1–9"), List.of("11", "accepted:"), List.of("x", "accepted:"))) {
      var error = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study("study.slo", "p99<=10ms",
          "study.operationcount", "1000", "study.slo.runs", runs.get(0)), "s", home, home));
      assertTrue(error.getMessage().startsWith("study.slo.runs='" + runs.get(0) + "' is invalid")
          && error.getMessage().contains(runs.get(1)), error.getMessage());
    }
    var search = StudySettings.from(study("study.slo", "READ.p99<=10ms", "study.slo.steps", "7",
        "study.operationcount", "500", "study.clients", "2"), "s", home, home);
    var capacitySearch = search.capacitySearch().orElseThrow();
    assertEquals(7, capacitySearch.bisections());
    assertEquals(1, capacitySearch.runsPerRate(), "one run per rate unless asked");
    assertEquals("READ", capacitySearch.objective().operation().orElseThrow());
  }

  @Test
  void theShippedOracleNoSqlStudyPlansTheTwentyFourPublishedRunsAndFourLoads() throws Exception {
    var repository = Path.of("..").toAbsolutePath().normalize();
    var definition = StudySettings.load(repository.resolve("scripts/oraclenosql/hdd-vs-ssd.properties"), repository);
    var cells = new StudyPlan(definition).cells();
    assertEquals(28, cells.size());
    assertEquals(4, cells.stream().filter(c -> c.phase() == io.github.ycsbstorage.result.Phase.LOAD).count());
    assertEquals("hdd_ratio0.33_load", cells.get(0).id());
    assertEquals("hdd_ratio0.33_update-heavy-uniform-1x1000-zipfian_r1", cells.get(2).id());
    assertEquals("./kvlite.sh start /mnt/hdd/kvlite/ratio0_33 5000", cells.get(0).substitute(
        definition.serverStart().orElseThrow()));
    assertEquals(repository.resolve("scripts/oraclenosql"), definition.folder());
    assertEquals("ram", definition.passThrough().get("storage.memory.basis"));
  }

  @Test
  void badValuesNameTheProperty() {
    var noDevices = assertThrows(InvalidPropertyException.class,
        () -> StudySettings.from(study("study.devices", ""), "s", home, home));
    assertEquals("study.devices", noDevices.property());
    var badDevice = assertThrows(InvalidPropertyException.class,
        () -> StudySettings.from(study("study.devices", "ssd"), "s", home, home));
    assertTrue(badDevice.getMessage().contains("name=datapath"), badDevice.getMessage());
    var badRatio = assertThrows(InvalidPropertyException.class,
        () -> StudySettings.from(study("study.ratios", "0.5,-1"), "s", home, home));
    assertEquals("-1", badRatio.value());
    var badCache = assertThrows(InvalidPropertyException.class,
        () -> StudySettings.from(study("study.cache", "lukewarm"), "s", home, home));
    assertEquals("warm, cold", badCache.accepted());
    var missingWorkload = assertThrows(InvalidPropertyException.class,
        () -> StudySettings.from(study("study.workloads", "workloadz"), "s", home, home));
    assertEquals("study.workloads", missingWorkload.property());
    var badDistribution = assertThrows(InvalidPropertyException.class,
        () -> StudySettings.from(study("study.distributions", "zipf"), "s", home, home));
    assertEquals("zipf", badDistribution.value());
  }

  @Test
  void matrixEntriesThatWouldShareACellAreRefused(@TempDir Path other) throws Exception {
    java.nio.file.Files.copy(home.resolve("workloads/workloada"), other.resolve("workloada"));
    var sameName = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study(
        "study.workloads", "workloads/workloada," + other.resolve("workloada")), "s", home, home));
    assertEquals("study.workloads", sameName.property());
    assertEquals(other.resolve("workloada").toString(), sameName.value());
    assertTrue(sameName.getMessage().contains("same file name 'workloada' as " + home.resolve("workloads/workloada")),
        sameName.getMessage());
    var twice = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study(
        "study.workloads", "workloada,workloads/workloada"), "s", home, home));
    assertTrue(twice.getMessage().contains("listed twice"), twice.getMessage());
    var distribution = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study(
        "study.distributions", "zipfian,uniform,zipfian"), "s", home, home));
    assertEquals("study.distributions", distribution.property());
    var ratio = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study(
        "study.ratios", "0.33,0.330"), "s", home, home));
    assertEquals("0.330", ratio.value());
    var size = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study(
        "study.ratios", "", "study.sizes", "1GiB,1024MiB"), "s", home, home));
    assertEquals("study.sizes", size.property());
  }

  @Test
  void aSizeForEveryClientBesideTheStudysSizesIsRefused() {
    var error = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study(
        "study.ratios", "", "study.sizes", "1GB", "storage.dataset.ratio", "2.67"), "s", home, home));
    assertEquals("storage.dataset.ratio", error.property());
  }

  @Test
  void misspeltStudyKeysAreRejectedWithASuggestion() {
    var validator = NamespaceValidator.discover(getClass().getClassLoader());
    var error = assertThrows(InvalidPropertyException.class, () -> validator.validate(study("study.ratio", "1")));
    assertTrue(error.getMessage().contains("did you mean study.ratios?"), error.getMessage());
  }

  @Test
  void loadIsPartitionedOverClientsAndDevicePathsAreSubstituted() {
    var definition = StudySettings.from(study("study.workloads", "workloada", "study.ratios", "",
        "study.recordcounts", "1000", "study.clients", "3", "study.devices", "ssd=/mnt/ssd/db",
        "basicdb.note", "{device} at {datadir}"), "s", home, home);
    var cells = new StudyPlan(definition).cells();
    var executor = new CellCommands(definition, home);
    var starts = new java.util.ArrayList<String>();
    var counts = new java.util.ArrayList<String>();
    for (int i = 0; i < 3; i++) {
      var properties = executor.properties(cells.get(0), i, 3, Path.of("/tmp/c" + i));
      starts.add(properties.get("insertstart"));
      counts.add(properties.get("insertcount"));
      assertEquals("ssd at /mnt/ssd/db", properties.get("basicdb.note"));
      assertEquals("1000", properties.get("recordcount"));
      assertEquals("/tmp/c" + i + "/", properties.get("hdrhistogram.output.path"));
    }
    assertEquals(List.of("0", "333", "666"), starts);
    assertEquals(List.of("333", "333", "334"), counts);
    var run = executor.properties(cells.get(1), 0, 3, Path.of("/tmp/r"));
    assertEquals(null, run.get("insertstart"));
  }

  /**
   * A duration bounds a run cell by time alone: the workload file's operationcount=1000 would end a
   * ten-minute cell after a thousand operations. A study's or a user's operation count is kept.
   */
  @Test
  void aDurationRunsUntilItsEndUnlessTheStudyCountsOperations() {
    for (var extra : List.of(List.<String>of(), List.of("study.operationcount", "5000"),
        List.of("operationcount", "7000"))) {
      var keys = new java.util.ArrayList<>(List.of("study.workloads", "workloadc", "study.ratios", "",
          "study.recordcounts", "1000", "study.devices", "ssd=/mnt/ssd/db", "study.duration", "10m"));
      keys.addAll(extra);
      var definition = StudySettings.from(study(keys.toArray(String[]::new)), "s", home, home);
      var run = new StudyPlan(definition).cells().get(1);
      var properties = new CellCommands(definition, home).properties(run, 0, 1, Path.of("/tmp/c"));
      assertEquals("600", properties.get("maxexecutiontime"), extra.toString());
      assertEquals(extra.isEmpty() ? "2147483647" : extra.get(1), properties.get("operationcount"), extra.toString());
    }
  }

  /**
   * Timed capacity steps: the unthrottled step runs for the duration; a step at a rate runs that rate's
   * operations for it, split over the clients, never fewer than the percentile's sample.
   */
  @Test
  void aCapacityStepWithADurationRunsItsRatesOperationsForIt() {
    var definition = StudySettings.from(study("study.workloads", "workloadc", "study.ratios", "",
        "study.recordcounts", "1000", "study.devices", "ssd=/mnt/ssd/db", "study.slo", "p99<=2ms",
        "study.duration", "5s", "study.clients", "2"), "s", home, home);
    var executor = new CellCommands(definition, home);
    var run = new StudyPlan(definition).cells().get(1);
    var unthrottled = executor.properties(run, 0, 2, Path.of("/tmp/c"));
    assertEquals(List.of("2147483647", "5"), List.of(unthrottled.get("operationcount"),
        unthrottled.get("maxexecutiontime")));
    assertEquals(null, unthrottled.get("status.interval"), "YCSB's own");
    var fast = executor.properties(run.withTarget(30_001), 1, 2, Path.of("/tmp/c"));
    assertEquals(List.of("105007", "null"), List.of(fast.get("operationcount"), String.valueOf(fast.get(
        "maxexecutiontime"))), "15,001 ops/s per client for 5 s, and the two seconds the latency may leave out");
    assertEquals("1", fast.get("status.interval"), "one log interval per second: the start transient's");
    var slow = executor.properties(run.withTarget(100), 0, 2, Path.of("/tmp/c"));
    assertEquals("600", slow.get("operationcount"), "half of the p99's 1,000 operations, not 50 ops/s × 5 s,"
        + " and the first two seconds' 100");
  }

  /** With a counted sample, a throttled step runs the most its latency may leave out on top. */
  @Test
  void aCapacityStepWithAnOperationCountRunsItsFirstSecondOnTop() {
    var definition = StudySettings.from(study("study.workloads", "workloadc", "study.ratios", "",
        "study.recordcounts", "1000", "study.devices", "ssd=/mnt/ssd/db", "study.slo", "p99<=20ms",
        "study.operationcount", "2000"), "s", home, home);
    var executor = new CellCommands(definition, home);
    var run = new StudyPlan(definition).cells().get(1);
    assertEquals("2000", executor.properties(run, 0, 1, Path.of("/tmp/c")).get("operationcount"), "unthrottled");
    assertEquals("2534", executor.properties(run.withTarget(267), 0, 1, Path.of("/tmp/c")).get("operationcount"));
  }

  /**
   * At a target rate each client process alone would spin between operations on its share of the cores
   * (Throttle); clients that together would take more than half of them park, as the study tells them.
   */
  @Test
  void clientsThatTogetherWouldTakeMoreThanHalfTheCoresAtATargetRateDoNotSpin() {
    var clients = Integer.toString(Math.max(2, Runtime.getRuntime().availableProcessors()));
    for (var count : List.of("1", clients)) {
      var definition = StudySettings.from(study("study.workloads", "workloadc", "study.ratios", "",
          "study.recordcounts", "1000", "study.devices", "ssd=/mnt/ssd/db", "study.targets", "500",
          "study.clients", count), "s", home, home);
      var executor = new CellCommands(definition, home);
      var run = new StudyPlan(definition).cells().get(1);
      var properties = executor.properties(run, 0, Integer.parseInt(count), Path.of("/tmp/c"));
      assertEquals(count.equals("1") ? null : "false", properties.get("spin.sleep"), count + " clients");
    }
  }

  /**
   * A record-count study over YCSB's workload files: its cells keep the workload file's class (bin/ycsb
   * observes every phase), each writes a result file, and collector.* keys pass through, with another
   * workload class too.
   */
  @Test
  void aRecordCountStudyKeepsItsWorkloadAndWritesResults() {
    for (var workload : List.of("", "site.ycsb.workloads.CoreWorkload")) {
      var keys = new ArrayList<>(List.of("study.workloads", "workloada", "study.ratios", "", "study.recordcounts",
          "1000", "study.devices", "ssd=/mnt/ssd/db", "collector.paths", "{datadir}"));
      if (!workload.isEmpty()) {
        keys.addAll(List.of("workload", workload));
      }
      var definition = StudySettings.from(study(keys.toArray(String[]::new)), "s", home, home);
      var executor = new CellCommands(definition, home);
      for (var cell : new StudyPlan(definition).cells()) {
        var properties = executor.properties(cell, 0, 1, Path.of("/tmp/c"));
        assertEquals(workload.isEmpty() ? null : workload, properties.get("workload"), cell.id());
        assertEquals("/tmp/c/result.json", properties.get("storage.result"), cell.id());
        assertEquals("/mnt/ssd/db", properties.get("collector.paths"), cell.id());
      }
    }
  }

  @Test
  void anEmbeddedEngineGetsAFolderPerDeviceAndSizeWithoutAServer() {
    var definition = StudySettings.from(study("study.binding", "rocksdb", "study.workloads", "workloadc",
        "study.devices", "disk=/var/tmp/db,ram=/dev/shm/db", "study.ratios", "0.5,8"), "s", home, home);
    var commands = new CellCommands(definition, home);
    var cells = new StudyPlan(definition).cells();
    for (var cell : cells) {
      var expected = cell.device().dataPath().resolve(cell.scale().label()).toString();
      assertEquals(expected, commands.properties(cell, 0, 1, Path.of("/tmp/c")).get("rocksdb.dir"), cell.id());
      assertEquals(Path.of(expected), commands.engineDirectory(cell).orElseThrow(), cell.id());
    }
    assertEquals("/dev/shm/db/ratio8", commands.properties(cells.get(cells.size() - 1), 0, 1, Path.of("/tmp/c"))
        .get("rocksdb.dir"));
    // A folder the study file names itself is the user's: used as given, not made per size.
    var own = StudySettings.from(study("study.binding", "rocksdb", "study.workloads", "workloadc",
        "rocksdb.dir", "{datadir}/mine"), "s", home, home);
    var ownCell = new StudyPlan(own).cells().get(0);
    assertEquals("/mnt/hdd/db/mine", new CellCommands(own, home).properties(ownCell, 0, 1, Path.of("/c")).get("rocksdb.dir"));
    assertTrue(new CellCommands(own, home).engineDirectory(ownCell).isEmpty());
    // A server binding gets no such folder.
    assertTrue(new CellCommands(StudySettings.from(study(), "s", home, home), home).engineDirectory(cells.get(0))
        .isEmpty());
  }

  @Test
  void severalClientsOfAnEmbeddedEngineAreRefusedWithTheReason() {
    var error = assertThrows(InvalidPropertyException.class, () -> StudySettings.from(study("study.binding",
        "rocksdb", "study.clients", "2"), "s", home, home));
    assertEquals("study.clients", error.property());
    assertTrue(error.getMessage().contains("'2'") && error.getMessage().contains("1 with the embedded binding rocksdb")
        && error.getMessage().contains("inside each client process"), error.getMessage());
  }

  @Test
  void anEngineFolderIsEmptiedBeforeALoadOnlyWhenTheStudyMadeIt(@TempDir Path dir) throws Exception {
    var folder = dir.resolve("disk/ratio8");
    EmbeddedEngine.prepareForLoad(folder);
    java.nio.file.Files.writeString(folder.resolve("000004.sst"), "data");
    EmbeddedEngine.prepareForLoad(folder);
    try (var left = java.nio.file.Files.list(folder)) {
      assertEquals(List.of(".ycsb-storage-study"), left.map(p -> p.getFileName().toString()).toList());
    }
    var foreign = java.nio.file.Files.createDirectories(dir.resolve("theirs"));
    java.nio.file.Files.writeString(foreign.resolve("keep"), "x");
    var error = assertThrows(java.io.IOException.class, () -> EmbeddedEngine.prepareForLoad(foreign));
    assertTrue(error.getMessage().contains("did not write"), error.getMessage());
    assertTrue(java.nio.file.Files.exists(foreign.resolve("keep")));
  }
}
