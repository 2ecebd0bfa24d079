package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Utils;

/**
 * A study's faults through the installed {@code bin/ycsb}, with exact exit codes: matrix entries
 * that would share a cell and a study file edited between runs exit 2 before anything runs; a load
 * that fails stops its run cells and the study exits 1; a report skips files it cannot read.
 */
@SystemTier
class StudyFaultsIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void twoWorkloadFilesOfOneNameExit2BeforeAnythingRuns(@TempDir Path dir) throws Exception {
    var other = Files.createDirectories(dir.resolve("other"));
    Files.copy(Launcher.HOME.resolve("workloads/workloada"), other.resolve("workloada"));
    var file = Files.writeString(dir.resolve("twins.properties"), """
        study.binding=basic
        study.workloads=workloads/workloada,other/workloada
        study.recordcounts=100
        study.devices=disk=%s
        """.formatted(dir.resolve("data")));
    var study = ycsb("study", file.toString());
    assertEquals(2, study.exitCode(), study::all);
    assertTrue(study.stderr().contains("study.workloads='other/workloada' is invalid: same file name 'workloada' as "),
        study::all);
    assertFalse(Files.exists(dir.resolve("results")), "nothing written");
  }

  @Test
  void aStudyEditedBetweenRunsExits2NamingTheChangedSettingsAndForceRedoesIt(@TempDir Path dir) throws Exception {
    var text = """
        study.binding=basic
        study.workloads=workloads/workloadc
        study.recordcounts=100
        study.devices=disk=%s
        study.operationcount=100
        study.threads=2
        basicdb.verbose=false
        """.formatted(dir.resolve("data"));
    var file = Files.writeString(dir.resolve("edited.properties"), text);
    var first = ycsb("study", file.toString());
    assertEquals(0, first.exitCode(), first::all);
    var cell = dir.resolve("results/edited/disk_records100_workloadc_r1.json");
    var before = Files.readString(cell);

    Files.writeString(file, text.replace("study.threads=2", "study.threads=4") + "fieldlength=200\n");
    var stale = ycsb("study", file.toString());
    assertEquals(2, stale.exitCode(), stale::all);
    assertTrue(stale.stderr().contains("disk_records100_workloadc_r1: fieldlength (unset) → 200, threadcount 2 → 4"),
        stale::all);
    assertTrue(stale.stderr().contains("--force"), stale::all);
    assertEquals(before, Files.readString(cell), "a refused resume touches nothing");

    var forced = ycsb("study", file.toString(), "--force");
    assertEquals(0, forced.exitCode(), forced::all);
    var study = JSON.readTree(cell.toFile()).path("study");
    assertEquals(4, study.path("threadcount").asInt(), study::toPrettyString);
    assertEquals("200", study.path("inputs").path("fieldlength").asText(), study::toPrettyString);
  }

  /** Keys that already exist make every batched insert of the load fail: its run cell is skipped. */
  @Test
  void aFailedLoadSkipsItsRunCellsAndTheStudyExits1(@TempDir Path dir) throws Exception {
    try (var server = MongoServerExtension.started()) {
      var table = server.database("taken").getCollection("usertable");
      for (long n = 0; n < 200; n++) {
        table.insertOne(new Document("_id", "user" + Utils.hash(n)));
      }
      var file = Files.writeString(dir.resolve("taken.properties"), """
          study.binding=mongodb
          study.workloads=workloads/workloadc
          study.recordcounts=200
          study.devices=disk=%s
          study.operationcount=100
          workload=io.github.ycsbstorage.workload.StorageAwareWorkload
          batchsize=100
          mongodb.url=%s
          """.formatted(dir.resolve("data"), server.url("taken")));
      var study = ycsb("study", file.toString());

      assertEquals(1, study.exitCode(), study::all);
      assertTrue(study.stdout().contains("study: cell 1 of 2: disk_records200_load done in "), study::all);
      assertTrue(study.stdout().contains("(failed)"), study::all);
      assertTrue(study.stdout().contains("study: cell 2 of 2: disk_records200_workloadc_r1 skipped: its load"
          + " disk_records200_load failed"), study::all);
      assertTrue(study.stdout().contains("incomplete: 2 cells in " + dir.resolve("results/taken")
          + " (1 failed, 1 skipped)"), study::all);
      var load = JSON.readTree(dir.resolve("results/taken/disk_records200_load.json").toFile());
      assertEquals("failed", load.path("status").asText(), load::toPrettyString);
      // The first batch of 100 fails whole; YCSB's load thread then stops.
      assertEquals(100, load.path("summary").path("operations").path("INSERT").path("returnCodes").path("ERROR")
          .asLong(), load::toPrettyString);
      assertEquals("failed: the load stored 0 of 200 records; not stored: 100 failed (INSERT: ERROR 100), 100 never"
          + " inserted (YCSB's load threads stop at their first failed insert)", load.path("warnings").get(0).asText());
      assertFalse(Files.exists(dir.resolve("results/taken/disk_records200_workloadc_r1.json")));
    }
  }

  /**
   * While a study runs, a second one on its folder exits 2. SIGKILL runs no shutdown hook: the clients
   * end by themselves when their stdin pipe from the study ends, the folder's lock goes with the study,
   * and the same command resumes.
   */
  @Test
  void aStudyKilledWithSigkillLeavesNoClientAndResumes(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("killed.properties"), """
        study.binding=basic
        study.workloads=workloads/workloada,workloads/workloadc
        study.recordcounts=100
        study.devices=disk=%s
        study.operationcount=20000
        study.repetitions=2
        study.clients=2
        basicdb.verbose=false
        """.formatted(dir.resolve("data")));
    var folder = dir.resolve("results/killed");
    try (var study = Launcher.start(java.util.Map.of(), "study", file.toString())) {
      study.await(() -> Files.exists(folder.resolve("disk_records100_load.json")), "the load's result");
      var second = ycsb("study", file.toString());
      assertEquals(2, second.exitCode(), second::all);
      assertTrue(second.stderr().contains("ycsb: error: the study folder " + folder + " is in use by another study"
          + " process (pid "), second::all);
      study.await(() -> study.process().descendants().count() >= 2, "the clients of a run cell");
      var clients = study.process().descendants().toList();
      study.signal("KILL");
      io.github.ycsbstorage.testkit.HangLimit.await(() -> !study.process().isAlive(), study::describe);
      io.github.ycsbstorage.testkit.HangLimit.await(() -> clients.stream().noneMatch(ProcessHandle::isAlive),
          () -> "clients outliving their study: " + clients.stream().filter(ProcessHandle::isAlive).toList());
    }

    var resumed = ycsb("study", file.toString());
    assertEquals(0, resumed.exitCode(), resumed::all);
    assertTrue(resumed.stdout().contains("disk_records100_load already complete, skipped"), resumed::all);
    assertTrue(resumed.stdout().contains("study: summary: 5 cells: "), resumed::all);
    for (var cell : new String[] {"load", "workloada_r1", "workloadc_r1", "workloada_r2", "workloadc_r2"}) {
      var result = JSON.readTree(folder.resolve("disk_records100_" + cell + ".json").toFile());
      assertEquals("complete", result.path("status").asText(), cell);
    }
  }

  /** issue 17: every workloads/storage/* file sets a ratio; the study's size replaces it. */
  @Test
  void studySizesReplaceTheRatioOfAStorageWorkloadFile(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("sized.properties"), """
        study.binding=basic
        study.workloads=workloads/storage/read-only-uniform-10x100
        study.sizes=50KB
        study.devices=disk=%s
        study.operationcount=100
        basicdb.verbose=false
        """.formatted(dir.resolve("data")));
    var study = ycsb("study", file.toString());

    assertEquals(0, study.exitCode(), study::all);
    var load = JSON.readTree(dir.resolve("results/sized/disk_size50KB_load.json").toFile());
    assertEquals("complete", load.path("status").asText(), load::toPrettyString);
    assertEquals("size", load.path("sizing").path("mode").asText(), load.path("sizing")::toPrettyString);
    assertEquals(50_000, load.path("sizing").path("targetBytes").asLong(), load.path("sizing")::toPrettyString);
    var client = JSON.readTree(dir.resolve("results/sized/disk_size50KB_load.d/client0/result.json").toFile());
    // replaced without injecting an empty -p value (which is bad input): the client drops the file's ratio
    assertEquals("(absent)", client.path("properties").path("storage.dataset.ratio").asText("(absent)"),
        "the workload file's ratio, dropped for the client: " + client.path("properties"));
  }

  @Test
  void aReportSkipsCorruptTruncatedAndForeignFilesNamingThem(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("one.properties"), """
        study.binding=basic
        study.workloads=workloads/workloadc
        study.recordcounts=100
        study.devices=disk=%s
        study.operationcount=100
        basicdb.verbose=false
        """.formatted(dir.resolve("data")));
    var study = ycsb("study", file.toString());
    assertEquals(0, study.exitCode(), study::all);
    var results = dir.resolve("results");
    var good = Files.readString(results.resolve("one/disk_records100_workloadc_r1.json"));
    var truncated = Files.writeString(results.resolve("truncated.json"), good.substring(0, good.length() / 3));
    var foreign = Files.writeString(results.resolve("foreign.json"), "[1, 2, 3]");
    var corrupt = Files.write(results.resolve("corrupt.json"), new byte[] {0, 1, 2, (byte) 0xff});

    var report = ycsb("report", results.toString(), "-o", dir.resolve("report").toString());

    assertEquals(0, report.exitCode(), report::all);
    assertTrue(report.stdout().contains("report: 2 results"), report::all);
    for (var skipped : new Path[] {truncated, foreign, corrupt}) {
      assertTrue(report.stderr().contains("report: warning: skipped " + skipped + ": "), skipped + ": " + report.all());
    }
    assertTrue(Files.readString(dir.resolve("report/index.html")).contains("skipped " + foreign), report::all);
  }
}
