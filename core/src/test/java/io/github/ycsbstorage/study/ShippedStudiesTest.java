package io.github.ycsbstorage.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.Phase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The study files in scripts/ plan the matrices of the studies they reproduce (docs/study.md). */
class ShippedStudiesTest {
  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

  private static List<Cell> cells(String file) throws Exception {
    return new StudyPlan(StudySettings.load(REPOSITORY.resolve(file), REPOSITORY)).cells();
  }

  private static long loads(List<Cell> cells) {
    return cells.stream().filter(cell -> cell.phase() == Phase.LOAD).count();
  }

  @Test
  void theMongoDbStudyPlansFourWorkloadsTwoDistributionsThreeSizesTwoDevices() throws Exception {
    var cells = cells("scripts/mongodb/hdd-vs-ssd.properties");
    assertEquals(6, loads(cells));
    assertEquals(4 * 2 * 3 * 2, cells.size() - loads(cells));
    assertEquals("hdd_ratio0.33_load", cells.get(0).id());
    assertTrue(cells.stream().anyMatch(cell -> cell.id().equals("ssd_ratio10.7_read-latest-zipfian-10x100_r1")),
        cells.toString());
  }

  @Test
  void theCpuPerIoStudiesPlanFourMixesOnTwoNetworkDevices() throws Exception {
    for (var threads : List.of("128", "256")) {
      var file = "scripts/cpu-per-io/nvmeof-vs-iscsi-" + threads + "-threads.properties";
      var definition = StudySettings.load(REPOSITORY.resolve(file), REPOSITORY);
      assertEquals(Integer.parseInt(threads), definition.threads(), file);
      var cells = new StudyPlan(definition).cells();
      assertEquals(2, loads(cells), file);
      assertEquals(4 * 2, cells.size() - loads(cells), file);
    }
  }

  @Test
  void theRocksDbStudyPlansThreeWorkloadsTwoDistributionsTwoCacheRatiosTwoDevicesWithoutAServer() throws Exception {
    var definition = StudySettings.load(REPOSITORY.resolve("scripts/rocksdb/hdd-vs-ssd.properties"), REPOSITORY);
    assertEquals(EmbeddedEngine.ROCKSDB, definition.embeddedEngine().orElseThrow());
    assertTrue(definition.serverStart().isEmpty());
    assertEquals("cache", definition.passThrough().get("storage.memory.basis"));
    var cells = new StudyPlan(definition).cells();
    assertEquals(4, loads(cells));
    assertEquals(3 * 2 * 2 * 2, cells.size() - loads(cells));
    assertEquals("ssd_ratio1.33_read-only-uniform-1x1000-zipfian_r1", cells.get(cells.size() - 1).id());
  }

  @Test
  void theCapacityStudyOfTheDemoEngineSearchesFourCellsThreeTimesAtItsObjective() throws Exception {
    var definition = StudySettings.load(REPOSITORY.resolve("scripts/rocksdb/capacity-disk-vs-ram.properties"), REPOSITORY);
    assertEquals(EmbeddedEngine.ROCKSDB, definition.embeddedEngine().orElseThrow());
    var search = definition.capacitySearch().orElseThrow();
    assertEquals("p99<=2ms", search.objective().text());
    assertEquals(3, search.runsPerRate());
    assertEquals(java.time.Duration.ofSeconds(5), definition.duration().orElseThrow(), "steps of equal duration");
    assertEquals("16MB", definition.passThrough().get("storage.server.memory"));
    var cells = new StudyPlan(definition).cells();
    assertEquals(4, loads(cells));
    assertEquals(2 * 2 * 3, cells.size() - loads(cells));
    assertEquals("ram_ratio8_workloadc-uniform_r3", cells.get(cells.size() - 1).id());
  }
}
