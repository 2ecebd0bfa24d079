package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A two-device study through the installed {@code bin/ycsb study} whose server keeps its data in
 * memory (mongo-java-server's memory backend, in this JVM), with device folders on disk and in
 * {@code /dev/shm}: the data devices serve no reads, so every comparison is "no verdict" with that
 * reason, and the headline states no ratio.
 */
@SystemTier
class InMemoryServerVerdictIT {
  /** A finished study: what {@code bin/ycsb study} printed and the folder of its results. */
  private record Study(Launcher.Result output, Path results) {
    /**
     * The headline's lines, one per comparison; each says "no verdict" with the in-memory server's
     * reason and its remedy, and states no ratio.
     */
    List<String> headlinesWithoutVerdict() {
      var headline = output.stdout().lines().filter(line -> line.startsWith("study: headline: ")).toList();
      for (var line : headline) {
        assertTrue(line.startsWith("study: headline: no verdict: "), line);
        assertTrue(line.contains("the page cache or the server's memory held the data: the device served (almost) "
            + "no reads (") && line.contains("device reads per operation on disk"), line);
        assertTrue(line.contains("remedy: a dataset beyond the host's RAM, or a server whose memory is limited"), line);
        assertFalse(line.contains("× throughput") || line.contains("no difference measurable"), line);
      }
      return headline;
    }
  }

  /**
   * YCSB's own workload file sized by record counts (the observed CoreWorkload, #43), the server's
   * process not named: every cell's result names its device, and every comparison is "no verdict"
   * with the in-memory server's reason.
   */
  @Test
  void aStudyOverYcsbsWorkloadFileNamesEveryCellsDeviceAndJudgesNone(@TempDir Path dir) throws Exception {
    var study = study(dir, """
        study.recordcounts=200,400
        study.operationcount=1000
        """);
    for (var device : new String[] {"disk", "ram"}) {
      for (var records : new int[] {200, 400}) {
        for (var repetition : new int[] {1, 2}) {
          var cell = study.results().resolve(device + "_records" + records + "_workloadc_r" + repetition + ".json");
          var result = new ObjectMapper().readTree(cell.toFile());
          assertTrue(result.path("devices").size() > 0
              && !result.path("devices").path(0).path("name").asText().isEmpty(), cell + ": " + result);
        }
      }
    }
    assertEquals(2, study.headlinesWithoutVerdict().size(), study.output()::all);
  }

  @Test
  void everyComparisonOfAnInMemoryServerHasNoVerdictWithItsReasonAndNoRatio(@TempDir Path dir) throws Exception {
    var study = study(dir, """
        study.ratios=0.5,2
        study.operationcount=2000
        storage.server.memory=1MB
        fieldcount=1
        fieldlength=100
        collector.pid=%d
        """.formatted(ProcessHandle.current().pid()));
    assertEquals(2, study.headlinesWithoutVerdict().size(), study.output()::all);
  }

  /**
   * A study of YCSB's workload C on the in-memory server over a disk folder and a {@code /dev/shm}
   * folder, two repetitions, each device's folder its data path; {@code sizes} adds its sizes and
   * whatever else it sets.
   */
  private static Study study(Path dir, String sizes) throws Exception {
    var shm = Path.of("/dev/shm");
    assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no writable /dev/shm on this host");
    var ram = Files.createTempDirectory(shm, "ycsb-inmemory-it-");
    try (var server = MongoServerExtension.started()) {
      var disk = Files.createDirectories(dir.resolve("disk"));
      var file = Files.writeString(dir.resolve("inmemory.properties"), """
          study.binding=mongodb
          study.workloads=workloads/workloadc
          study.devices=disk=%s,ram=%s
          study.repetitions=2
          study.results=%s
          collector.paths={datadir}
          mongodb.url=%s/ycsb_{device}_{scale}
          """.formatted(disk, ram, dir.resolve("results"), server.baseUrl()) + sizes);
      var output = ycsb("study", file.toString());
      assertEquals(0, output.exitCode(), output::all);
      return new Study(output, dir.resolve("results/inmemory"));
    } finally {
      try (Stream<Path> files = Files.walk(ram)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }
}
