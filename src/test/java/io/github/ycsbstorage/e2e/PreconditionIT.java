package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
    assertTrue(html.contains("Preconditioning after the load"), html);
    try (var charts = Files.list(dir.resolve("report/charts"))) {
      assertTrue(charts.anyMatch(png -> png.getFileName().toString().endsWith("-precondition.png")));
    }
  }

  @Test
  void aBadValueIsRefusedBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
    var data = dir.resolve("db");
    var load = ycsb("load", "rocksdb", "-P", READ_ONLY, "-p", "rocksdb.dir=" + data,
        "-p", "storage.dataset.size=1MB", "-p", "storage.precondition=device");
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("storage.precondition='device' is invalid; accepted: none, dataset"), load::all);
    assertFalse(Files.exists(data), "no engine folder made");
  }
}
