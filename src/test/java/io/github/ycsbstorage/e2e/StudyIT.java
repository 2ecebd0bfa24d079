package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ycsb study} and {@code bin/ycsb report} through the installed launcher. */
class StudyIT {
  @Test
  void studyThenReport(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("two.properties"), """
        study.binding=basic
        study.workloads=workloads/workloada,workloads/workloadc
        study.recordcounts=100,300
        study.devices=disk=%s
        study.operationcount=200
        study.clients=2
        basicdb.verbose=false
        """.formatted(dir.resolve("data")));
    var study = ycsb("study", file.toString());
    assertEquals(0, study.exitCode(), study::all);
    assertTrue(study.stdout().contains("study: cell 6 of 6: disk_records300_workloadc_r1 done"), study::all);

    var result = new ObjectMapper().readTree(dir.resolve("results/two/disk_records300_workloada_r1.json").toFile());
    var operations = result.path("summary").path("operations");
    assertEquals(400, operations.path("READ").path("count").asLong() + operations.path("UPDATE").path("count").asLong(),
        "2 clients × operationcount 200");
    assertEquals(2, result.path("clients").size());

    var report = ycsb("report", dir.resolve("results").toString(), "-o", dir.resolve("report").toString());
    assertEquals(0, report.exitCode(), report::all);
    assertTrue(report.stdout().contains("report: 6 results"), report::all);
    assertTrue(Files.readString(dir.resolve("report/index.html")).contains("<h3>Throughput: workload C zipfian</h3>"));

    var again = ycsb("study", file.toString());
    assertEquals(0, again.exitCode(), again::all);
    assertEquals(6, again.stdout().lines().filter(l -> l.contains("already complete, skipped")).count(), again::all);
  }

  @Test
  void misspeltStudyKeyExits2BeforeAnythingRuns(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("bad.properties"), """
        study.binding=basic
        study.recordcount=100
        study.devices=disk=%s
        """.formatted(dir.resolve("data")));
    var study = ycsb("study", file.toString());
    assertEquals(2, study.exitCode(), study::all);
    assertTrue(study.stderr().contains("study.recordcount='*****' is invalid: unknown property (did you mean study.recordcounts?)"),
        study::all);
    assertFalse(Files.exists(dir.resolve("results")));
  }

  @Test
  void severalClientsOfAnEmbeddedEngineExit2BeforeAnythingRuns(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("shared.properties"), """
        study.binding=rocksdb
        study.ratios=0.5
        study.devices=disk=%s
        study.clients=2
        storage.server.memory=4MB
        """.formatted(dir.resolve("data")));
    var study = ycsb("study", file.toString());
    assertEquals(2, study.exitCode(), study::all);
    assertTrue(study.stderr().contains("study.clients='2' is invalid: its engine runs inside each client process and "
        + "locks its folder: several clients cannot share it; accepted: 1 with the embedded binding rocksdb"), study::all);
    assertFalse(Files.exists(dir.resolve("results")));
    assertFalse(Files.exists(dir.resolve("data")));
  }
}
