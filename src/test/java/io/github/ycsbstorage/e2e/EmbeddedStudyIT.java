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
 * {@code bin/ycsb study} on the embedded {@code rocksdb} binding: eight cells on two devices, run twice
 * (minutes, hence the system tier; {@link StudyIT} runs a study and its report in the fast tier).
 */
@SystemTier
class EmbeddedStudyIT {
  @Test
  void aRocksDbStudyGivesTheEngineAFolderPerDeviceAndSizeAndWatchesIt(@TempDir Path dir) throws Exception {
    var ram = Path.of("/dev/shm");
    var second = Files.isDirectory(ram) && Files.isWritable(ram) ? Files.createTempDirectory(ram, "studyit-") : null;
    try {
      var file = Files.writeString(dir.resolve("embedded.properties"), """
          study.binding=rocksdb
          study.workloads=workloads/workloadc
          study.ratios=0.5,2
          study.devices=disk=%s,other=%s
          study.operationcount=2000
          storage.memory.basis=cache
          storage.server.memory=4MB
          fieldcount=10
          fieldlength=100
          """.formatted(dir.resolve("disk"), second == null ? dir.resolve("other") : second));
      var study = ycsb("study", file.toString());
      assertEquals(0, study.exitCode(), study::all);
      assertTrue(study.stdout().contains("study: cell 8 of 8: other_ratio2_workloadc_r1 done"), study::all);
      for (var device : new String[] {"disk", "other"}) {
        for (var scale : new String[] {"ratio0.5", "ratio2"}) {
          var result = new ObjectMapper().readTree(
              dir.resolve("results/embedded/" + device + "_" + scale + "_workloadc_r1.json").toFile());
          var folder = (device.equals("disk") || second == null ? dir.resolve(device) : second).resolve(scale);
          // The engine's folder for this device and size, reported by the binding and watched by the collector.
          assertEquals(folder.toString(), result.path("server").path("dataPath").asText(), result::toString);
          assertEquals(folder.toString(), result.path("properties").path("rocksdb.dir").asText(), result::toString);
          assertTrue(result.path("devices").size() > 0, result::toString);
          // The engine's process is the client's own: its CPU and I/O are attributed as such.
          assertEquals("client", result.path("io").path("process").path("role").asText(), result::toString);
          // Its own counters: the device reads the cell caused, never absent for an embedded engine.
          assertTrue(result.path("engine").path("deviceReadsPerOperation").isNumber(), result::toString);
          assertEquals(2000, result.path("summary").path("operations").path("READ").path("count").asLong());
          assertTrue(Files.exists(folder.resolve(".ycsb-storage-study")), folder.toString());
        }
      }
      // Run again with --force: the study empties the folders it made and loads them anew.
      var again = ycsb("study", file.toString(), "--force");
      assertEquals(0, again.exitCode(), again::all);
    } finally {
      if (second != null) {
        try (var paths = Files.walk(second)) {
          for (var path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.delete(path);
          }
        }
      }
    }
  }
}
