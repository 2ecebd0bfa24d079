package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
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
  @Test
  void everyComparisonOfAnInMemoryServerHasNoVerdictWithItsReasonAndNoRatio(@TempDir Path dir) throws Exception {
    var shm = Path.of("/dev/shm");
    assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no writable /dev/shm on this host");
    var ram = Files.createTempDirectory(shm, "ycsb-inmemory-it-");
    try (var server = MongoServerExtension.started()) {
      var disk = Files.createDirectories(dir.resolve("disk"));
      var file = Files.writeString(dir.resolve("inmemory.properties"), """
          study.binding=mongodb
          study.workloads=workloads/workloadc
          study.ratios=0.5,2
          study.devices=disk=%s,ram=%s
          study.operationcount=2000
          study.repetitions=2
          study.results=%s
          storage.server.memory=1MB
          fieldcount=1
          fieldlength=100
          collector.paths={datadir}
          collector.pid=%d
          mongodb.url=%s/ycsb_{device}_{scale}
          """.formatted(disk, ram, dir.resolve("results"), ProcessHandle.current().pid(), server.baseUrl()));
      var study = ycsb("study", file.toString());
      assertEquals(0, study.exitCode(), study::all);

      var headline = study.stdout().lines().filter(line -> line.startsWith("study: headline: ")).toList();
      assertEquals(2, headline.size(), study::all);
      for (var line : headline) {
        assertTrue(line.startsWith("study: headline: no verdict: "), line);
        assertTrue(line.contains("the page cache or the server's memory held the data: the device served (almost) "
            + "no reads (") && line.contains("device reads per operation on disk"), line);
        assertTrue(line.contains("remedy: a dataset beyond the host's RAM, or a server whose memory is limited"), line);
        assertFalse(line.contains("× throughput") || line.contains("no difference measurable"), line);
      }
    } finally {
      try (Stream<Path> files = Files.walk(ram)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }
}
