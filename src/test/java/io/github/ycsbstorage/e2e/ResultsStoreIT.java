package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.store.StoreSettings;
import io.github.ycsbstorage.testkit.PostgresCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
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

  /**
   * The same on PostgreSQL (a private cluster; skipped where none can start), named by the environment
   * as a CI job would: a run and a study's cells land, {@code results} and {@code report --look-back}
   * read them, and the password is in no output, result file, report or child's command line.
   */
  @Test
  void runsAndStudiesLandInAPostgresqlStoreWithoutItsPassword(@TempDir Path dir) throws Exception {
    try (var cluster = PostgresCluster.start()) {
      var environment = Map.of(StoreSettings.ENVIRONMENT, cluster.url());
      var export = dir.resolve("run.txt");
      var run = ycsb(environment, "run", "basic", "-P", "workloads/workloada", "-threads", "2", "-p",
          "operationcount=500", "-p", "basicdb.verbose=false", "-p", "exportfile=" + export);
      assertEquals(0, run.exitCode(), run::all);
      var masked = cluster.url().replace(cluster.password(), SecretMasker.MASK);
      assertTrue(run.stderr().contains("Stored: " + masked + " run 1"), run::all);
      assertFalse(run.all().contains(cluster.password()), run::all);
      assertFalse(Files.readString(Path.of(export + ".result.json")).contains(cluster.password()));

      // the store in the study's file, which its clients get in files only they can read
      var studyFile = studyFile(dir, "pg", "fast=" + dir.resolve("fast"), cluster.url());
      var study = Launcher.start(Map.of(), "study", studyFile);
      var clients = new TreeSet<String>();
      var shown = new TreeSet<String>();
      while (study.process().isAlive()) {
        for (var line : commandLines()) {
          if (line.contains(cluster.password())) {
            shown.add(line);
          } else if (line.contains(dir.toString())) {
            clients.add(line);
          }
        }
        Thread.sleep(20);
      }
      var studied = Launcher.finish(study);
      assertEquals(0, studied.exitCode(), studied::all);
      assertEquals(Set.of(), shown, "no process's command line holds the password");
      assertTrue(clients.stream().anyMatch(line -> line.contains(dir.resolve("results").toString())
          && line.contains("client.properties")),
          "the watch saw the study's clients: " + clients);
      assertFalse(studied.all().contains(cluster.password()), studied::all);
      try (var connection = DriverManager.getConnection(cluster.url());
          var statement = connection.createStatement();
          var rows = statement.executeQuery("SELECT count(*) FROM runs WHERE kind = 'cell' AND study = 'pg'")) {
        rows.next();
        assertEquals(2, rows.getInt(1), "a load and a run cell");
      }
      try (var connection = DriverManager.getConnection(cluster.url());
          var query = connection.prepareStatement("SELECT count(*) FROM runs WHERE strpos(result, ?) > 0")) {
        query.setString(1, cluster.password());
        try (var rows = query.executeQuery()) {
          rows.next();
          assertEquals(0, rows.getInt(1), "no stored result holds the password");
        }
      }

      var list = ycsb(environment, "results", "list", "--study", "pg");
      assertEquals(0, list.exitCode(), list::all);
      assertTrue(list.stdout().endsWith("2 runs in " + masked + "\n"), list::all);
      var check = ycsb(environment, "results", "check", "--baseline", "1", "--candidate", "1");
      assertEquals(0, check.exitCode(), check::all);
      var report = ycsb(environment, "report", dir.resolve("results/pg").toString(), "-o",
          dir.resolve("report").toString(), "--look-back", "5");
      assertEquals(0, report.exitCode(), report::all);
      assertFalse(list.all().contains(cluster.password()) || check.all().contains(cluster.password())
          || report.all().contains(cluster.password()));
      try (Stream<Path> files = Files.walk(dir)) {
        for (var file : files.filter(f -> Files.isRegularFile(f) && !f.toString().equals(studyFile)).toList()) {
          assertFalse(Files.readString(file, StandardCharsets.ISO_8859_1).contains(cluster.password()),
              file + " holds the password");
        }
      }
    }
  }

  /** The command lines of this host's processes, as {@code ps} shows them to every user. */
  private static List<String> commandLines() {
    return ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse("")).toList();
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
