package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The storage-aware workload against the {@code mongodb} binding and an in-process MongoDB-wire server
 * (mongo-java-server on 127.0.0.1): sizing by a ratio of a declared memory through {@code bin/ycsb},
 * and calibration, which this in-memory server cannot serve: it holds no data directory and its
 * collStats says {@code storageSize: 0}, so calibration is refused before anything is written (the
 * H2-backed server's calibration is checked against its file in the binding's own tests).
 */
class StorageMongoDbIT {
  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  private static long count(String database) {
    return mongo.database(database).getCollection("usertable").countDocuments();
  }

  @Test
  void loadARatioOfADeclaredMemory(@TempDir Path dir) throws Exception {
    var exportFile = dir.resolve("load.txt");
    var load = ycsb("load", "mongodb", "-P", "workloads/storage/read-heavy-uniform-1x1000",
        "-p", "storage.server.memory=2MB", "-p", "mongodb.url=" + mongo.url("ratio"), "-p", "exportfile=" + exportFile);
    assertEquals(0, load.exitCode(), load::all);
    var result = new ObjectMapper().readTree(dir.resolve("load.txt.result.json").toFile());
    var sizing = result.path("sizing");
    long records = sizing.path("recordCount").asLong();
    long perRecord = sizing.path("recordBytes").path("total").asLong();
    // 1.33 × 2 MB over key (22.88 B) + 1000 B field + the binding's BSON overhead estimate
    assertEquals(Math.round(22.879533091946055 + 1000 + sizing.path("recordBytes").path("overhead").asLong()), perRecord);
    assertEquals(2_660_000 / perRecord, records);
    assertTrue(load.stderr().contains("Sizing plan: dataset 2.7 MB = 1.33 × server RAM 2.0 MB (basis ram, from "
        + "storage.server.memory) → " + String.format(Locale.ROOT, "%,d", records) + " records × "
        + String.format(Locale.ROOT, "%,d", perRecord) + " B"), load::all);
    assertEquals(records, count("ratio"));
    assertEquals(records, result.path("summary").path("operations").path("INSERT").path("count").asLong());
    assertEquals(records, sizing.path("measured").path("records").asLong(), sizing.toString());
    assertEquals("collStats storageSize + totalIndexSize", sizing.path("measured").path("source").asText());
    // storageSize 0 for the documents the server holds is no measurement, and nothing else measures it
    assertTrue(sizing.path("measured").path("storageBytes").isNull(), sizing.toString());
    assertTrue(sizing.path("achieved").path("bytes").isNull(), sizing.toString());
    assertEquals("unknown", sizing.path("achieved").path("source").asText(), sizing.toString());
    assertTrue(load.stderr().contains("Achieved dataset unknown: no data directory on this host"), load::all);
    assertEquals("MongoDB", result.path("server").path("product").asText(), result.toString());
  }

  @Test
  void calibrationThatNothingCanMeasureIsRefusedBeforeLoading(@TempDir Path dir) throws Exception {
    var load = ycsb("load", "mongodb", "-P", "workloads/storage/read-heavy-uniform-1x1000",
        "-p", "storage.server.memory=1MB", "-p", "storage.calibrate=true", "-p", "storage.calibrate.records=200",
        "-p", "mongodb.url=" + mongo.url("calibrate"), "-p", "exportfile=" + dir.resolve("load.txt"));
    assertEquals(2, load.exitCode(), load::all);
    assertTrue(load.stderr().contains("ycsb: error: storage.calibrate='true' is invalid: calibration needs the"
        + " sample's size on disk, but no data directory on this host"), load::all);
    assertEquals(0, count("calibrate"));
  }
}
