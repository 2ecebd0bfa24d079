package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.StoreLocation;
import io.github.ycsbstorage.store.StoreWriter;
import io.github.ycsbstorage.store.StoredResults;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsCommandTest {
  /** Exit status, standard output and standard error of one command. */
  private record Ran(int status, String out, String err) {
  }

  private static Ran run(String... args) {
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    var oldOut = System.out;
    var oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int status = Main.execute(args);
      return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  /** A store holding a fast run (id 1), its A/A twin (2) and a slow one (3), added as a phase adds them. */
  private static Path store(Path dir) throws Exception {
    var file = dir.resolve("results.db");
    var properties = new Properties();
    properties.setProperty("results.store", file.toString());
    for (var result : new Result[] {StoredResults.run(3900, 1100), StoredResults.run(3800, 1150),
        StoredResults.run(790, 5200)}) {
      StoreWriter.addPhase(properties, result);
    }
    return file;
  }

  @Test
  void checkExitsOneNamingTheRegressionsAndZeroForAnAaPair(@TempDir Path dir) throws Exception {
    var store = store(dir).toString();
    var regressed = run("results", "check", "--store", store, "--baseline", "1", "--candidate", "3");
    assertEquals(1, regressed.status(), regressed.out() + regressed.err());
    assertTrue(regressed.out().contains("REGRESSION: run throughput 3,900.0 → 790.0 ops/s"), regressed.out());
    assertTrue(regressed.out().contains("REGRESSION: run READ p99 1,100.0 → 5,200.0 µs"), regressed.out());
    assertTrue(regressed.out().endsWith("check: 2 regressions\n"), regressed.out());
    var same = run("results", "check", "--store", store, "--baseline", "1", "--candidate", "2");
    assertEquals(0, same.status(), same.out() + same.err());
    assertTrue(same.out().endsWith("check: no regression\n"), same.out());
  }

  @Test
  void listShowAndExport(@TempDir Path dir) throws Exception {
    var store = store(dir).toString();
    var list = run("results", "list", "--store", store, "--binding", "BasicDB");
    assertEquals(0, list.status(), list.err());
    assertTrue(list.out().startsWith("id  started_at"), list.out());
    assertTrue(list.out().endsWith("3 runs in " + store + "\n"), list.out());
    var show = run("results", "show", "--store", store, "3");
    assertEquals(0, show.status(), show.err());
    assertEquals(790.0, ResultReader.parse(show.out().getBytes(StandardCharsets.UTF_8), "show").summary()
        .throughputOpsPerSec().getAsDouble());
    var csv = dir.resolve("runs.csv");
    var export = run("results", "export", "--store", store, "-o", csv.toString());
    assertEquals(0, export.status(), export.err());
    var lines = Files.readAllLines(csv);
    assertEquals(4, lines.size(), "a header and one row per phase");
    assertTrue(lines.get(0).startsWith("id,kind,status,phase,"), lines.get(0));
  }

  @Test
  void badArgumentsExitTwoWithWhatIsAccepted(@TempDir Path dir) throws Exception {
    var store = store(dir).toString();
    for (var args : new String[][] {
        {"results", "check", "--store", store, "--baseline", "1"},
        {"results", "check", "--store", store, "--baseline", "one", "--candidate", "2"},
        {"results", "check", "--store", store, "--baseline", "1", "--candidate", "99"},
        {"results", "compare", "--store", store, "1"},
        {"results", "list", "--store", store, "--since", "yesterday"},
        {"results", "show", "--store", store, "study:x"},
        {"results", "show", "--store", store, "1", "--hdr", "READ"},
        {"results", "list", "--store", "off"},
        {"results", "list", "--store", "jdbc:postgresql://u:hunter2@db/r"}}) {
      var ran = run(args);
      assertEquals(2, ran.status(), String.join(" ", args) + ": " + ran.out() + ran.err());
      assertTrue(ran.err().startsWith("ycsb: error: "), ran.err());
      assertTrue(!ran.err().contains("hunter2"), ran.err());
    }
    var missing = run("results", "list", "--store", dir.resolve("absent.db").toString());
    assertEquals(2, missing.status(), missing.err());
    assertTrue(missing.err().contains("no results store at " + dir.resolve("absent.db")), missing.err());
  }

  @Test
  void compareOfTwoRunsPrintsTheirFigures(@TempDir Path dir) throws Exception {
    var store = store(dir).toString();
    var ran = run("results", "compare", "--store", store, "1", "2");
    assertEquals(0, ran.status(), ran.err());
    assertTrue(ran.out().startsWith("ok: run throughput 3,900.0 → 3,800.0 ops/s: 0.97×"), ran.out());
    try (var opened = ResultsStore.openExisting(StoreLocation.file(Path.of(store)))) {
      assertEquals(Map.of(), opened.hdrLogs(1), "no HdrHistogram logs without hdrhistogram.fileoutput");
    }
  }
}
