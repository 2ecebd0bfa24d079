package io.github.ycsbstorage.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole studies through real {@code bin/ycsb} child processes (YCSB's Client with BasicDB), the
 * exact merge of their HdrHistogram logs, resume after a kill, and the report over the results.
 * Each client JVM start costs tens of seconds on a busy machine: the studies are as small as their
 * checks allow, and turn the collector's read probe off (16 MiB written and read for 2 s in every
 * cell; nothing here asserts it, its own tests and StudyIT do).
 */
class StudyRunnerTest {
  private final ObjectMapper json = new ObjectMapper();

  /** Two dataset sizes × (a load, workloads A and C): six cells, two clients each. */
  private static Path studyFile(Path dir, String extra) throws Exception {
    return studyFile(dir, "workloada,workloadc", "200,400", extra);
  }

  private static Path studyFile(Path dir, String workloads, String recordcounts, String extra) throws Exception {
    return Files.writeString(dir.resolve("mini.properties"), """
        study.binding=basic
        study.workloads=%s
        study.recordcounts=%s
        study.devices=local=%s
        study.operationcount=600
        study.clients=2
        study.threads=2
        study.results=%s
        basicdb.verbose=false
        collector.probe=false
        %s
        """.formatted(workloads, recordcounts, dir.resolve("data"), dir.resolve("results"), extra));
  }

  /**
   * A load and two repetitions of one run: three cells, enough for a kill between two of them (each
   * cell costs two client JVM starts, which a busy machine makes long).
   */
  private static Path threeCellStudyFile(Path dir) throws Exception {
    return studyFile(dir, "workloadc", "200", "study.repetitions=2");
  }

  @Test
  void serverCommandsRunInTheStudyFolderAndDevicesOnOneDiskAreWarnedAbout(@TempDir Path dir) throws Exception {
    var home = FixtureInstall.create(dir.resolve("home"));
    var script = Files.writeString(dir.resolve("server.sh"), "echo \"$1 $2\" >> \"$(dirname \"$0\")/server.log\"\n"
        + "echo \"$1 $2 with password=hunter2\"\n");
    var file = Files.writeString(dir.resolve("two.properties"), """
        study.binding=basic
        study.workloads=workloadc
        study.recordcounts=100
        study.devices=hdd=%s,ssd=%s
        study.server.start=sh ./server.sh start {device}
        study.server.stop=sh ./server.sh stop {device}
        study.operationcount=100
        study.results=%s
        basicdb.verbose=false
        collector.probe=false
        """.formatted(dir.resolve("hdd"), dir.resolve("ssd"), dir.resolve("results")));
    var progress = new ByteArrayOutputStream();
    var outcome = new StudyRunner(StudySettings.load(file, home), home, new PrintStream(progress, true)).run(false);
    var results = outcome.results();
    var summary = new ByteArrayOutputStream();
    StudySummary.print(outcome, new PrintStream(summary, true));
    assertTrue(summary.toString().startsWith("study: summary: 4 cells: 4 run now, 0 kept from an earlier run,"
        + " 0 failed, 0 skipped\n"), summary::toString);
    // 100 operations per cell, both folders on one disk: the headline states no ratio, only why
    var headline = ReportBuilder.lines(dir.resolve("results")).headline();
    assertEquals(1, headline.size(), headline::toString);
    assertTrue(headline.get(0).matches("no verdict: (hdd vs ssd|ssd vs hdd), workload C zipfian, 100 records: .*"
        + "too few operations \\(100 operations per run; a verdict needs 1,000; .*"), headline::toString);

    assertEquals(List.of("start hdd", "stop hdd", "start ssd", "stop ssd"), Files.readAllLines(dir.resolve("server.log")),
        "found as ./server.sh: the commands run beside the study file (" + script + ")");
    try (var logs = Files.list(dir.resolve("results/two/logs"))) {
      var starts = logs.filter(log -> log.getFileName().toString().startsWith("server-start-")).sorted().toList();
      assertEquals(2, starts.size(), starts::toString);
      assertEquals("start hdd with password=*****\n", Files.readString(starts.get(0)), "masked, as every other output");
    }
    assertTrue(progress.toString().contains("study: warning: study devices hdd (" + dir.resolve("hdd") + ") and ssd ("),
        progress.toString());
    for (var result : results) {
      var warnings = json.readTree(result.toFile()).path("warnings").toString();
      assertTrue(warnings.contains("are on the same physical device"), result + ": " + warnings);
    }
  }

  @Test
  void runsEveryCellWritesMergedResultsAndResumes(@TempDir Path dir) throws Exception {
    var home = FixtureInstall.create(dir.resolve("home"));
    var study = StudySettings.load(studyFile(dir, ""), home);
    var progress = new ByteArrayOutputStream();
    var results = new StudyRunner(study, home, new PrintStream(progress, true)).run(false).results();

    assertEquals(List.of("local_records200_load", "local_records200_workloada_r1", "local_records200_workloadc_r1",
        "local_records400_load", "local_records400_workloada_r1", "local_records400_workloadc_r1"),
        results.stream().map(p -> p.getFileName().toString().replace(".json", "")).toList());
    var load = json.readTree(results.get(3).toFile());
    assertEquals("load", load.path("phase").asText());
    assertEquals(400, load.path("summary").path("operations").path("INSERT").path("count").asLong(),
        "two clients insert 200 records each");
    assertEquals(400, load.path("summary").path("operations").path("INSERT").path("returnCodes").path("OK").asLong());
    var run = json.readTree(results.get(4).toFile());
    assertEquals("complete", run.path("status").asText());
    var ops = run.path("summary").path("operations");
    assertEquals(2 * 600, ops.path("READ").path("count").asLong() + ops.path("UPDATE").path("count").asLong(),
        "each of 2 clients runs operationcount=600");
    assertEquals(0, run.path("summary").path("errors").asLong());
    assertEquals(2, run.path("clients").size());
    long perClientReads = 0;
    for (var client : run.path("clients")) {
      perClientReads += client.path("operations").path("READ").path("count").asLong();
    }
    assertEquals(ops.path("READ").path("count").asLong(), perClientReads);
    // The merged figures are those of one histogram over both clients' logs.
    var clientLogs = List.of(dir.resolve("results/mini/local_records400_workloada_r1.d/client0/READ.hdr"),
        dir.resolve("results/mini/local_records400_workloada_r1.d/client1/READ.hdr"));
    assertEquals(HdrLogs.merge(clientLogs).getValueAtPercentile(99), ops.path("READ").path("p99Us").asLong());
    assertEquals("local", run.path("study").path("device").path("name").asText());
    assertEquals("400", run.path("properties").path("recordcount").asText());
    assertEquals("zipfian", run.path("study").path("distribution").asText());
    assertTrue(progress.toString().contains("cell 6 of 6"), progress.toString());
    assertTrue(progress.toString().contains("ETA"), progress.toString());

    // Resume: everything is complete, nothing runs again.
    var before = Files.getLastModifiedTime(results.get(4));
    var again = new ByteArrayOutputStream();
    new StudyRunner(study, home, new PrintStream(again, true)).run(false);
    assertEquals(6, again.toString().lines().filter(l -> l.contains("already complete, skipped")).count(), again::toString);
    assertEquals(before, Files.getLastModifiedTime(results.get(4)));

    // The report reads the results.
    var report = new ReportBuilder(dir.resolve("results"), dir.resolve("report")).write();
    assertEquals(6, report.cells());
    var html = Files.readString(report.html());
    assertTrue(html.contains("Throughput: workload A zipfian"), "the workload file's own distribution is named");
    assertTrue(Files.exists(dir.resolve("report/charts/workloada-zipfian-percentiles.png")));
  }

  /**
   * A study file edited between runs: resume refuses (bad input) naming each stale cell and the
   * settings that changed, and {@code --force} discards the stale results.
   */
  @Test
  void resumeRefusesResultsMadeByOtherSettings(@TempDir Path dir) throws Exception {
    var home = FixtureInstall.create(dir.resolve("home"));
    var text = """
        study.binding=basic
        study.workloads=workloadc
        study.recordcounts=100
        study.devices=local=%s
        study.operationcount=100
        study.threads=2
        study.target=5000
        study.results=%s
        basicdb.verbose=false
        collector.probe=false
        """.formatted(dir.resolve("data"), dir.resolve("results"));
    var file = Files.writeString(dir.resolve("edited.properties"), text);
    var quiet = new PrintStream(new ByteArrayOutputStream());
    var first = new StudyRunner(StudySettings.load(file, home), home, quiet).run(false);
    assertTrue(first.succeeded());
    var run = json.readTree(first.results().get(1).toFile()).path("study");
    assertEquals(2, run.path("threadcount").asInt(), run::toPrettyString);
    assertEquals(5000, run.path("target").asDouble(), run::toPrettyString);
    assertEquals("5000", run.path("inputs").path("target").asText(), "the one client's share: " + run);
    assertEquals("10", run.path("inputs").path("fieldlength").asText(), "the workload file's record shape");
    var runResult = first.results().get(1);
    var before = Files.readString(runResult);

    Files.writeString(file, text.replace("study.threads=2", "study.threads=3")
        .replace("study.operationcount=100", "study.operationcount=150") + "fieldlength=20\n");
    var edited = StudySettings.load(file, home);
    var refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new StudyRunner(edited, home, quiet).run(false));
    var message = refused.getMessage();
    assertTrue(message.contains("local_records100_load: fieldlength 10 → 20, threadcount 2 → 3"), message);
    assertTrue(message.contains("local_records100_workloadc_r1: fieldlength 10 → 20, operationcount 100 → 150,"
        + " threadcount 2 → 3"), message);
    assertTrue(message.contains("--force"), message);
    assertEquals(before, Files.readString(runResult), "a refused resume touches nothing");

    var forced = new StudyRunner(edited, home, quiet).run(true);
    assertTrue(forced.succeeded());
    assertEquals(3, json.readTree(runResult.toFile()).path("study").path("threadcount").asInt());
    var resumed = new ByteArrayOutputStream();
    new StudyRunner(edited, home, new PrintStream(resumed, true)).run(false);
    assertEquals(2, resumed.toString().lines().filter(l -> l.contains("already complete, skipped")).count(),
        resumed::toString);
  }

  /**
   * Ratio sizing through the storage-aware workload: the clients split the planned load between
   * them (storage.clients/storage.client) and the cell result carries the workload's sizing plan.
   */
  @Test
  void ratioStudyPartitionsTheStorageAwareLoad(@TempDir Path dir) throws Exception {
    var home = FixtureInstall.create(dir.resolve("home"));
    var file = Files.writeString(dir.resolve("ratio.properties"), """
        study.binding=basic
        study.workloads=workloadc
        study.ratios=0.5
        study.devices=local=%s
        study.operationcount=100
        study.clients=2
        study.results=%s
        storage.server.memory=200KB
        basicdb.verbose=false
        collector.probe=false
        """.formatted(dir.resolve("data"), dir.resolve("results")));
    var results = new StudyRunner(StudySettings.load(file, home), home, new PrintStream(new ByteArrayOutputStream()))
        .run(false).results();
    var load = json.readTree(results.get(0).toFile());
    var planned = load.path("sizing").path("recordCount").asLong();
    assertTrue(planned > 0, load.toString());
    assertEquals(planned, load.path("summary").path("operations").path("INSERT").path("count").asLong(),
        "the two clients together insert the planned records once");
    long perClient = 0;
    for (var client : load.path("clients")) {
      perClient += client.path("operations").path("INSERT").path("count").asLong();
    }
    assertEquals(planned, perClient);
    assertEquals("0.5", load.path("properties").path("storage.dataset.ratio").asText());
    // both clients ran on the host the first one's collector sampled: its totals per operation of both
    var io = load.path("io");
    assertEquals(planned, io.path("operations").path("count").asLong(), io.path("operations").toString());
    assertEquals(Math.round(io.path("cpuBusyMicros").asDouble() / planned * 10_000) / 10_000.0,
        io.path("perOperation").path("cpuMicros").asDouble(), io.toString());
  }

  /**
   * Under study.target every client records intended-time latencies by default; the cell merges them
   * per operation, beside the service-time figures, exactly as the clients' Intended-READ.hdr logs.
   */
  @Test
  void aTargetRateRecordsIntendedLatenciesBesideServiceTimes(@TempDir Path dir) throws Exception {
    var home = FixtureInstall.create(dir.resolve("home"));
    var file = Files.writeString(dir.resolve("target.properties"), """
        study.binding=basic
        study.workloads=workloadc
        study.recordcounts=100
        study.devices=local=%s
        study.operationcount=200
        study.clients=2
        study.target=2000
        study.results=%s
        basicdb.verbose=false
        collector.probe=false
        """.formatted(dir.resolve("data"), dir.resolve("results")));
    var results = new StudyRunner(StudySettings.load(file, home), home, new PrintStream(new ByteArrayOutputStream()))
        .run(false).results();
    var run = json.readTree(results.get(1).toFile());
    var operations = run.path("summary").path("operations");
    assertFalse(operations.has("Intended-READ"), "no pseudo-operation: " + operations);
    var read = operations.path("READ");
    assertEquals(400, read.path("count").asLong());
    assertEquals(400, read.path("intended").path("count").asLong(), read.toString());
    var cell = dir.resolve("results/target/local_records100_workloadc_r1.d");
    var intendedLogs = List.of(cell.resolve("client0/Intended-READ.hdr"), cell.resolve("client1/Intended-READ.hdr"));
    assertEquals(HdrLogs.merge(intendedLogs).getValueAtPercentile(99), read.path("intended").path("p99Us").asLong());
    assertTrue(read.path("intended").path("p99Us").asLong() >= read.path("p99Us").asLong(),
        "an operation starts at or after its intended time");
    assertTrue(run.path("latency").has("Intended-READ"), run.path("latency").toString());
    for (var client : run.path("clients")) {
      assertEquals(200, client.path("operations").path("READ").path("intended").path("count").asLong());
    }
  }

  /** A study killed (SIGTERM) in mid-run keeps its complete cells and finishes on the next run. */
  @Test
  void resumesAfterAKilledRun(@TempDir Path dir) throws Exception {
    var home = FixtureInstall.create(dir.resolve("home"));
    var file = threeCellStudyFile(dir);
    var builder = studyProcess(home, file);
    var folder = dir.resolve("results/mini");
    try (var study = ProcessRun.start(builder)) {
      study.await(() -> Files.exists(folder.resolve("local_records200_load.json")), "the first cell's result");
      study.await(() -> study.process().descendants().findAny().isPresent(), "a client of the next cell");
      var children = study.process().descendants().toList();
      study.process().destroy(); // SIGTERM: the shutdown hook ends the clients
      study.finish();
      // One started in the instant of the signal, not yet tracked, ends as its stdin pipe from the study ends.
      HangLimit.await(() -> children.stream().noneMatch(ProcessHandle::isAlive),
          () -> "no client outlives the study: " + children.stream().filter(ProcessHandle::isAlive).toList() + " "
              + study.describe());
    }

    var complete = completeCells(folder);
    assertFalse(complete.isEmpty());
    assertTrue(complete.size() < 3, "killed before the end: " + complete);
    var contents = new ArrayList<byte[]>();
    for (var cell : complete) {
      contents.add(Files.readAllBytes(folder.resolve(cell + ".json")));
    }

    var progress = new ByteArrayOutputStream();
    new StudyRunner(StudySettings.load(file, home), home, new PrintStream(progress, true)).run(false);
    assertEquals(complete.size(), progress.toString().lines().filter(l -> l.contains("already complete")).count(),
        progress::toString);
    for (int i = 0; i < complete.size(); i++) {
      assertEquals(new String(contents.get(i)), Files.readString(folder.resolve(complete.get(i) + ".json")),
          "a complete cell is never rewritten on resume");
    }
    assertEquals(3, completeCells(folder).size());
    for (var cell : completeCells(folder)) {
      var result = json.readTree(folder.resolve(cell + ".json").toFile());
      assertEquals("complete", result.path("status").asText(), cell);
    }
  }

  /**
   * A study killed with SIGKILL (no shutdown hook runs): its clients end by themselves, as their
   * stdin pipe from the study closes; its folder lock dies with it, so the next run resumes. While it
   * ran, a second study on the same folder was refused.
   */
  @Test
  void aStudyKilledWithSigkillLeavesNoClientAndItsResumeRuns(@TempDir Path dir) throws Exception {
    var home = FixtureInstall.create(dir.resolve("home"));
    var file = threeCellStudyFile(dir);
    var builder = studyProcess(home, file);
    var folder = dir.resolve("results/mini");
    var quiet = new PrintStream(new ByteArrayOutputStream());
    try (var study = ProcessRun.start(builder)) {
      study.await(() -> Files.exists(folder.resolve("local_records200_load.json")), "the first cell's result");
      study.await(() -> study.process().descendants().findAny().isPresent(), "a client of the next cell");
      var second = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> new StudyRunner(StudySettings.load(file, home), home, quiet).run(false));
      assertTrue(second.getMessage().contains("is in use by another study process (pid " + study.process().pid()
          + ")"), second.getMessage());
      var clients = study.process().descendants().toList();
      study.signal("KILL");
      HangLimit.await(() -> !study.process().isAlive(), study::describe);
      HangLimit.await(() -> clients.stream().noneMatch(ProcessHandle::isAlive),
          () -> "clients outliving their study: " + clients.stream().filter(ProcessHandle::isAlive).toList());
    }

    var resumed = new StudyRunner(StudySettings.load(file, home), home, quiet).run(false);
    assertTrue(resumed.succeeded());
    assertEquals(3, resumed.results().size());
    assertEquals(resumed.results().size(), completeCells(folder).size());
  }

  /** {@code bin/ycsb study <file>} of the fixture install, as a process of its own. */
  private static ProcessBuilder studyProcess(Path home, Path file) {
    var command = new ArrayList<String>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(FixtureInstall.JVM_OPTIONS);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.github.ycsbstorage.cli.Main", "study",
        file.toString()));
    var builder = new ProcessBuilder(command);
    builder.environment().put("YCSB_STORAGE_HOME", home.toString());
    return builder;
  }

  private static List<String> completeCells(Path folder) throws Exception {
    try (var files = Files.list(folder)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json") && !n.startsWith("."))
          .map(n -> n.replace(".json", "")).sorted().toList();
    }
  }
}
