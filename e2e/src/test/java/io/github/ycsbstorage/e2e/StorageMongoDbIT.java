package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import io.github.ycsbstorage.workload.StorageAwareWorkload;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.measurements.Measurements;

/**
 * The storage-aware workload against the {@code mongodb} binding and an in-process MongoDB-wire server
 * (mongo-java-server on 127.0.0.1): sizing by a ratio of a declared memory through {@code bin/ycsb},
 * and calibration, which measures a written sample through the binding's {@code collStats}.
 */
class StorageMongoDbIT {
  private static final String BINDING = "io.github.ycsbstorage.mongodb.MongoDbClient";

  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  /** Per test, so that each shows up as skipped, with the reason, in the test report. */
  @BeforeEach
  void requireTheBinding() {
    Assumptions.assumeTrue(describesItsServer(),
        BINDING + " is not in this build or does not implement ServerInfoProvider");
  }

  private static boolean describesItsServer() {
    try {
      return ServerInfoProvider.class.isAssignableFrom(Class.forName(BINDING));
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

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
    assertEquals("collStats", sizing.path("measured").path("source").asText());
    assertTrue(load.stderr().contains("Achieved dataset "), load::all);
    assertEquals("MongoDB", result.path("server").path("product").asText(), result.toString());
  }

  @Test
  void calibrationMeasuresTheSampleThroughTheBinding() throws Exception {
    Measurements.setProperties(new Properties());
    RunRecord.current().clear();
    var properties = new Properties();
    properties.setProperty("db", BINDING);
    properties.setProperty("mongodb.url", mongo.url("calibrate"));
    properties.setProperty("dotransactions", "false");
    properties.setProperty("fieldcount", "1");
    properties.setProperty("fieldlength", "1000");
    properties.setProperty("storage.dataset.size", "1MB");
    properties.setProperty("storage.calibrate", "true");
    properties.setProperty("storage.calibrate.records", "200");
    properties.setProperty("storage.progress", "false");
    var workload = new StorageAwareWorkload();
    workload.init(properties);

    // the sample is on the server before YCSB's threads would start
    assertEquals(200, count("calibrate"));
    var stats = mongo.database("calibrate").runCommand(new Document("collStats", "usertable"));
    long measuredBytes = stats.get("storageSize", Number.class).longValue() > 0
        ? stats.get("storageSize", Number.class).longValue() : stats.get("size", Number.class).longValue();
    long perRecord = Math.round(measuredBytes / 200.0);
    assertEquals(perRecord, workload.plan().record().total());
    assertEquals(true, workload.plan().record().calibrated());
    long records = 1_000_000 / perRecord;
    assertEquals(Long.toString(records), properties.getProperty("recordcount"));
    assertEquals("200", properties.getProperty("insertstart"));
    assertEquals(Long.toString(records - 200), properties.getProperty("insertcount"));
    var calibration = RunRecord.current().sections().sizing().orElseThrow().calibration().orElseThrow();
    assertEquals(200L, calibration.sampleRecords());
    assertEquals(measuredBytes, calibration.measuredBytes().getAsLong());

    // what YCSB's load threads would do with the rest
    var db = (DB) Class.forName(BINDING).getDeclaredConstructor().newInstance();
    db.setProperties(properties);
    db.init();
    for (long i = 0; i < records - 200; i++) {
      assertTrue(workload.doInsert(db, null));
    }
    db.cleanup();
    workload.cleanup();
    assertEquals(records, count("calibrate"));
  }
}
