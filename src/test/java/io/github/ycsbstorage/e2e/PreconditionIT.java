package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.Tmpfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Preconditioning ({@code storage.precondition=dataset}) through {@code bin/ycsb} on the embedded
 * {@code rocksdb} binding: a load overwrites its records in rounds after the inserts, the result
 * records the rounds, their verdict and what the engine wrote meanwhile, the load's own figures leave
 * it out, and the report draws the rounds; a bad value is refused before anything is written.
 */
class PreconditionIT {
  private static final String READ_ONLY = "workloads/storage/read-only-uniform-1x1000";

  @Test
  void aLoadOverwritesItsDatasetInRoundsAndRecordsWhatTheEngineWrote(@TempDir Path dir) throws Exception {
    var load = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + dir.resolve("db"),
        "-p", "storage.server.memory=2MB", "-p", "storage.memory.basis=cache", "-p", "storage.dataset.ratio=2",
        "-p", "storage.precondition=dataset", "-p", "storage.precondition.round=300ms",
        "-p", "storage.precondition.rounds=8", "-p", "exportfile=" + dir.resolve("load"));
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("Preconditioning: the dataset, overwritten until the write rate is steady"),
        load::all);
    var result = new ObjectMapper().readTree(dir.resolve("load.result.json").toFile());
    var precondition = result.path("precondition");
    long records = result.path("sizing").path("recordCount").asLong();
    assertEquals(records, precondition.path("records").asLong(), result::toPrettyString);
    assertEquals(0, precondition.path("failed").asLong(), precondition::toPrettyString);
    assertTrue(precondition.path("operations").asLong() > 0, precondition::toPrettyString);
    // each overwrite puts a record of about 1 KB: the engine's files took at least that much
    assertTrue(precondition.path("engineBytesWritten").asLong() >= precondition.path("operations").asLong() * 1000,
        precondition::toPrettyString);
    var steady = precondition.path("steady");
    assertEquals("write rate", steady.path("metric").asText(), steady::toPrettyString);
    var rates = new ArrayList<Double>();
    long written = 0;
    for (var round : steady.path("rounds")) {
      rates.add(round.path("opsPerSec").asDouble());
      written += round.path("engineBytesWritten").asLong();
    }
    assertTrue(rates.size() >= 5 && rates.size() <= 8, steady::toPrettyString);
    assertTrue(written > 0 && written <= precondition.path("engineBytesWritten").asLong(), precondition::toPrettyString);
    if (steady.path("windowStart").isNull()) {
      assertEquals(8, rates.size(), steady::toPrettyString);
      assertTrue(result.path("warnings").toString().contains("preconditioning was not steady"), result::toPrettyString);
    } else {
      assertTrue(precondition.path("operations").asLong() >= records, "steady only after one dataset's worth");
    }
    // the load's own figures end with its inserts
    assertEquals(records, result.path("summary").path("operations").path("INSERT").path("count").asLong(),
        result::toPrettyString);
    var export = Files.readString(dir.resolve("load"));
    assertTrue(export.contains("[PRECONDITION], Operations, " + precondition.path("operations").asLong()), export);

    var report = ycsb("report", dir.toString(), "-o", dir.resolve("report").toString());
    assertEquals(0, report.exitCode(), report::all);
    var html = Files.readString(dir.resolve("report/index.html"));
    assertTrue(html.contains("<h2 id=\"preconditioning\">"), "its own section: " + html);
    try (var charts = Files.list(dir.resolve("report/charts"))) {
      assertTrue(charts.anyMatch(png -> png.getFileName().toString().endsWith("-precondition.png")));
    }
  }

  /**
   * A free-space fill that fails (here: a reserve larger than any free space, so it has nothing to
   * write; a write that fails on a full device ends the same way) stops the load before its inserts:
   * nothing is loaded and measured as if the device had been preconditioned, the result says why, and
   * the exit status is 1.
   */
  @Test
  void aFreeSpaceFillThatFailsStopsTheLoadBeforeItsInserts(@TempDir Path dir) throws Exception {
    var load = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + dir.resolve("db"),
        "-p", "storage.dataset.size=1MB", "-p", "storage.precondition=freespace",
        "-p", "storage.precondition.reserve=1000TB", "-p", "exportfile=" + dir.resolve("load"));
    assertEquals(1, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("Error: the free-space preconditioning failed: "), load::all);
    assertTrue(load.stderr().contains("; the load does not run"), load::all);
    var result = new ObjectMapper().readTree(dir.resolve("load.result.json").toFile());
    assertEquals("failed", result.path("status").asText(), result::toPrettyString);
    assertTrue(result.toString().contains("free-space preconditioning failed"), result::toPrettyString);
    var insert = result.path("summary").path("operations").path("INSERT");
    assertEquals(0, insert.path("count").asLong(), "no insert ran: " + result.path("summary").toPrettyString());
    assertFalse(Files.readString(dir.resolve("load")).contains("Return=OK"), "no insert succeeded");
  }

  @Test
  void aBadValueIsRefusedBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
    var data = dir.resolve("db");
    var load = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + data,
        "-p", "storage.dataset.size=1MB", "-p", "storage.precondition=device");
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("storage.precondition='device' is invalid; accepted: none, dataset, freespace"),
        load::all);
    assertFalse(Files.exists(data), "no engine folder made");
    var reserve = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + data,
        "-p", "storage.dataset.size=1MB", "-p", "storage.precondition=freespace", "-p", "storage.precondition.reserve=0");
    assertEquals(2, reserve.exitCode(), reserve::all);
    assertTrue(reserve.stderr().contains("storage.precondition.reserve='0' is invalid"), reserve::all);
    assertFalse(Files.exists(data), "no engine folder made");
  }

  /**
   * The free space of a 64 MiB tmpfs the test mounts (root only; unmounted on every path) is written
   * less the reserve before the inserts, and the file is gone afterwards: only the engine's files remain.
   */
  @Test
  void aLoadWritesTheFreeSpaceOfItsDataFolderFirstAndLeavesOnlyTheEnginesFiles(@TempDir Path dir) throws Exception {
    try (var tmpfs = Tmpfs.mount(Files.createDirectory(dir.resolve("mnt")), "64m")) {
      var data = tmpfs.path().resolve("db");
      var load = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + data,
          "-p", "storage.dataset.size=1MB", "-p", "storage.precondition=freespace",
          "-p", "storage.precondition.round=100ms", "-p", "storage.precondition.reserve=16MiB",
          "-p", "exportfile=" + dir.resolve("load"));
      assertEquals(0, load.exitCode(), load::all);
      var result = new ObjectMapper().readTree(dir.resolve("load.result.json").toFile());
      var fill = result.path("precondition").path("freeSpace");
      assertEquals(16L << 20, fill.path("reserveBytes").asLong(), result::toPrettyString);
      assertEquals(fill.path("freeBytes").asLong() - (16L << 20), fill.path("bytesWritten").asLong(),
          result::toPrettyString);
      assertTrue(fill.path("freeBytes").asLong() > 40L << 20, "the engine's files took little: " + fill);
      assertTrue(fill.path("deleted").asBoolean(), fill::toPrettyString);
      assertTrue(fill.path("file").asText().startsWith(data + "/.ycsb-storage-precondition-"), fill::toPrettyString);
      assertFalse(Files.exists(Path.of(fill.path("file").asText())));
      assertEquals(List.of(), fills(data), "no file of ours left");
      assertTrue(result.path("precondition").path("steady").path("rounds").size() > 0, result::toPrettyString);
      assertTrue(Files.readString(dir.resolve("load")).contains("[PRECONDITION], bytes.written, "
          + fill.path("bytesWritten").asLong()), "YCSB's text output");
    }
  }

  /**
   * A free-space fill whose write fails midway (root only: on a 256 MiB tmpfs of the test's own, the
   * load run under {@code prlimit --fsize} of 64 MiB, so the fill's file meets {@code EFBIG} a quarter
   * of the way through; the JVM ignores {@code SIGXFSZ}; the limit leaves room for RocksDB's 15 MB
   * native library, which the load unpacks first) stops the load before its inserts, says how far it
   * got, and deletes the file: the tmpfs's space is free again.
   */
  @Test
  void aFreeSpaceFillWhoseWriteFailsMidwayDeletesItsFileAndStopsTheLoad(@TempDir Path dir) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/prlimit")),
        "no /usr/bin/prlimit (util-linux) to limit the size of the load's files");
    try (var tmpfs = Tmpfs.mount(Files.createDirectory(dir.resolve("mnt")), "256m")) {
      var data = tmpfs.path().resolve("db");
      var load = Launcher.run(List.of("/usr/bin/prlimit", "--fsize=" + (64L << 20), "--",
          Launcher.HOME.resolve("bin/ycsb").toString(), "load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + data,
          "-p", "storage.dataset.size=1MB", "-p", "storage.precondition=freespace",
          "-p", "storage.precondition.reserve=8MiB", "-p", "exportfile=" + dir.resolve("load")), Map.of(), Launcher.HOME);

      assertEquals(1, load.exitCode(), load::all);
      var failed = Pattern.compile("Error: the free-space preconditioning failed: writing " + Pattern.quote(data.toString())
          + "/\\.ycsb-storage-precondition-\\S+\\.fill failed after 67\\.1 MB of \\d+\\.\\d MB: File too large; the"
          + " file was deleted; the load does not run");
      assertTrue(failed.matcher(load.stderr()).find(), load::all);
      var result = new ObjectMapper().readTree(dir.resolve("load.result.json").toFile());
      assertEquals("failed", result.path("status").asText(), result::toPrettyString);
      assertEquals(0, result.path("summary").path("operations").path("INSERT").path("count").asLong(),
          "no insert ran: " + result.path("summary").toPrettyString());
      assertEquals(List.of(), fills(data), "the fill's file is gone");
      // the free space is back: the 256 MiB less the engine's few files
      long free = Files.getFileStore(data).getUsableSpace();
      assertTrue(free > 250L << 20, "free: " + free);
    }
  }

  /** The free-space fill's files in {@code folder}: none once a load ended, whichever way. */
  private static List<Path> fills(Path folder) throws IOException {
    try (var files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".fill")).toList();
    }
  }
}
