package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results store through the installed launcher (#48): two {@code basic} runs and two two-device
 * studies land in a fresh store; {@code results check} names the regression between a 1 ms and a 5 ms
 * run, and {@code results compare} prints the report's verdict lines over two studies; a store that
 * cannot take their rows is refused before a phase or study runs.
 */
class ResultsStoreIT {
  @Test
  void runsAndStudiesLandInTheStoreAndAreCheckedAndCompared(@TempDir Path dir) throws Exception {
    var store = dir.resolve("store/results.db").toString();
    for (var delay : List.of("1", "5")) {
      var run = ycsb("run", "basic", "-P", "workloads/workloada", "-threads", "4", "-p", "operationcount=2000",
          "-p", "basicdb.simulatedelay=" + delay, "-p", "basicdb.randomizedelay=false", "-p", "basicdb.verbose=false",
          "-p", "results.store=" + store);
      assertEquals(0, run.exitCode(), run::all);
      assertTrue(run.stderr().contains("Stored: " + store + " run "), run::all);
    }
    // 5 ms against 1 ms per operation: a fifth of the throughput at most, whatever the host's load
    var check = ycsb("results", "check", "--store", store, "--baseline", "1", "--candidate", "2");
    assertEquals(1, check.exitCode(), check::all);
    assertTrue(check.stdout().contains("REGRESSION: run throughput "), check::all);
    assertTrue(check.stdout().contains("method: one run a side, the noise not measured"), check::all);
    var same = ycsb("results", "check", "--store", store, "--baseline", "1", "--candidate", "1");
    assertEquals(0, same.exitCode(), same::all);
    assertTrue(same.stdout().endsWith("check: no regression\n"), same::all);

    for (var name : List.of("first", "second")) {
      var study = ycsb("study", studyFile(dir, name, "fast=" + dir.resolve("fast") + ",slow=" + dir.resolve("slow"), store));
      assertEquals(0, study.exitCode(), study::all);
    }
    try (var connection = DriverManager.getConnection("jdbc:sqlite:" + store);
        var statement = connection.createStatement();
        var rows = statement.executeQuery("SELECT count(*) FROM runs WHERE kind = 'cell' AND study IN ('first', 'second')")) {
      rows.next();
      assertEquals(8, rows.getInt(1), "a load and a run cell per device, in each study");
    }
    var compare = ycsb("results", "compare", "--store", store, "study:first", "study:second");
    assertEquals(0, compare.exitCode(), compare::all);
    assertTrue(compare.stdout().contains("study:first/fast vs study:second/fast, workload C zipfian, 100 records: ")
        || compare.stdout().contains("study:second/fast vs study:first/fast, workload C zipfian, 100 records: "),
        compare::all);
    var list = ycsb("results", "list", "--store", store, "--study", "second");
    assertEquals(0, list.exitCode(), list::all);
    assertTrue(list.stdout().endsWith("4 runs in " + store + "\n"), list::all);

    var report = ycsb("report", dir.resolve("results/second").toString(), "-o", dir.resolve("report").toString(),
        "--look-back", "5", "--store", store);
    assertEquals(0, report.exitCode(), report::all);
    var html = Files.readString(dir.resolve("report/index.html"));
    assertTrue(html.contains("Looking back: workload C zipfian, 100 records"), html);
    assertTrue(html.contains(">first</td>") && html.contains(">second (this study)</td>"), html);
  }

  /** A two-phase basic study (a load and a run of workload C, 100 records) on the devices given, writing to the store. */
  private static String studyFile(Path dir, String name, String devices, String store) throws Exception {
    return Files.writeString(dir.resolve(name + ".properties"), """
        study.name=%s
        study.binding=basic
        study.workloads=workloads/workloadc
        study.recordcounts=100
        study.devices=%s
        study.operationcount=200
        study.results=%s
        basicdb.verbose=false
        results.store=%s
        """.formatted(name, devices, dir.resolve("results"), store)).toString();
  }

  @Test
  void aStoreThatCannotBeWrittenIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
    var blocker = Files.writeString(dir.resolve("blocker"), "not a folder");
    var store = blocker.resolve("results.db").toString();
    var export = dir.resolve("export.txt");
    var run = ycsb("run", "basic", "-P", "workloads/workloada", "-p", "operationcount=100", "-p", "basicdb.verbose=false",
        "-p", "exportfile=" + export, "-p", "results.store=" + store);
    assertEquals(2, run.exitCode(), run::all);
    assertTrue(run.stderr().contains("results.store='" + store + "' is invalid: " + blocker + " is not a writable folder"),
        run::all);
    assertFalse(run.all().contains("Starting test."), run::all);
    assertTrue(Files.notExists(export) && Files.notExists(Path.of(export + ".result.json")), "nothing was written");

    var file = studyFile(dir, "refused", "fast=" + dir.resolve("fast"), store);
    var study = ycsb("study", file);
    assertEquals(2, study.exitCode(), study::all);
    assertTrue(study.stderr().contains(file + ": results.store='" + store + "' is invalid: "), study::all);
    assertTrue(Files.notExists(dir.resolve("results")), "no cell ran: " + study.all());
  }
}
