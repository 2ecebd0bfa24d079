package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/kubernetes/ycsb-load-indexed-job.yaml's client command line, run here as each pod of the
 * Indexed Job would run it (the image's /opt/ycsb-storage is the assembled distribution, the shared
 * volume a temporary folder), and {@code bin/ycsb report} over what the pods wrote.
 */
class KubernetesExampleIT {
  /** The pod's shell script: the block under {@code args: - |}, unindented. */
  private static String podScript() throws Exception {
    var lines = Files.readAllLines(Launcher.REPOSITORY.resolve("scripts/kubernetes/ycsb-load-indexed-job.yaml"));
    var script = new StringBuilder();
    int indent = -1;
    boolean inBlock = false;
    for (var line : lines) {
      if (!inBlock) {
        inBlock = line.strip().equals("- |");
        continue;
      }
      var text = line.stripLeading();
      if (indent < 0) {
        indent = line.length() - text.length();
      }
      if (!line.isBlank() && line.length() - text.length() < indent) {
        break;
      }
      script.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
    }
    assertTrue(script.toString().contains("bin/ycsb load"), "the pod script: " + script);
    return script.toString();
  }

  @Test
  void everyPodWritesAResultFileAndTheReportMergesThem(@TempDir Path volume) throws Exception {
    var script = podScript().replace("/opt/ycsb-storage", Launcher.HOME.toString())
        .replace("/results", volume.toString());
    try (var server = MongoServerExtension.started()) {
      for (var index : List.of("0", "1")) {
        var pod = Launcher.run(List.of("/bin/sh", "-c", script), Map.of("JOB_COMPLETION_INDEX", index,
            "CLIENTS", "2", "RECORDS", "300", "MONGODB_URL", server.url("kubernetes")), Launcher.HOME);
        assertEquals(0, pod.exitCode(), pod::all);
        assertTrue(Files.isRegularFile(volume.resolve("load/client" + index + "/result.json")), pod::all);
      }
      assertEquals(300, server.database("kubernetes").getCollection("usertable").countDocuments());
    }
    var report = Launcher.ycsb("report", volume.toString(), "-o", volume.resolve("report").toString());
    assertEquals(0, report.exitCode(), report::all);
    assertTrue(report.stdout().contains("report: 2 results"), "both pods' results merged: " + report.all());
    assertTrue(Files.isRegularFile(volume.resolve("report/index.html")), report::all);
  }
}
