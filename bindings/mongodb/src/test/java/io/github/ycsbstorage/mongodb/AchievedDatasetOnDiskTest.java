package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.AchievedDataset;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.testkit.TestProperties;
import io.github.ycsbstorage.workload.StorageAwareWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Measurements;

/**
 * The achieved dataset of a load into the demo's embedded server (mongo-java-server, H2 backend,
 * one MVStore file on disk), whose collStats says {@code storageSize: 0}: the workload must report
 * the data directory's growth, which this test checks against the file's own growth measured here.
 */
class AchievedDatasetOnDiskTest {
  @TempDir
  Path data;
  private MongoServer server;
  private String url;

  @BeforeEach
  void start() {
    Measurements.setProperties(new Properties());
    RunRecord.current().clear();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.shutdownNow();
    }
  }

  private Path h2() {
    var file = data.resolve("demo.mv");
    server = new MongoServer(new H2Backend(file.toString()));
    url = "mongodb://127.0.0.1:" + server.bind().getPort() + "/achieved";
    return file;
  }

  private Properties load(String... pairs) {
    return TestProperties.with(TestProperties.properties("db", MongoDbClient.class.getName(), "mongodb.url", url,
        "dotransactions", "false", "fieldcount", "1", "fieldlength", "1000", "storage.progress", "false"), pairs);
  }

  /** What YCSB's load threads would do: insertcount records through the workload on a binding of their own. */
  private static void loadRest(StorageAwareWorkload workload, Properties properties) throws Exception {
    var db = new MongoDbClient();
    db.setProperties(properties);
    db.init();
    var threadState = workload.initThread(properties, 0, 1);
    long count = Long.parseLong(properties.getProperty("insertcount", properties.getProperty("recordcount")));
    for (long i = 0; i < count; i++) {
      assertTrue(workload.doInsert(db, threadState));
    }
    db.cleanup();
  }

  private static Sizing sizing() {
    return RunRecord.current().sections().sizing().orElseThrow();
  }

  private static long count(String url) {
    try (var client = MongoClients.create(url)) {
      return client.getDatabase("achieved").getCollection("usertable").countDocuments();
    }
  }

  @Test
  void aLoadIntoTheH2ServerReportsTheGrowthOfItsFileOnDisk() throws Exception {
    var file = h2();
    long fileBefore = Files.size(file);
    var properties = load("storage.dataset.size", "2MB", "collector.paths", data.toString());
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    loadRest(workload, properties);
    workload.cleanup();
    long fileGrowth = Files.size(file) - fileBefore;

    var achieved = sizing().achieved().orElseThrow();
    assertEquals(AchievedDataset.Source.DATA_DIRECTORY, achieved.source(), achieved.toString());
    long reported = achieved.bytes().orElseThrow();
    assertTrue(Math.abs(reported - fileGrowth) <= fileGrowth / 10,
        "achieved " + reported + " B, the H2 file grew by " + fileGrowth + " B");
    // collStats has storageSize 0 for the documents it holds: no measurement, so null, not 0
    var measured = sizing().measured().orElseThrow();
    assertEquals(OptionalLong.empty(), measured.storageBytes(), measured.toString());
    assertEquals(OptionalLong.of(Long.parseLong(properties.getProperty("recordcount"))), measured.records());
    assertEquals(OptionalLong.of(workload.plan().insertCount() * workload.plan().record().total()),
        achieved.plannedBytes());
    assertTrue(achieved.from().orElseThrow().startsWith("growth of " + data + " on disk (du)"), achieved.toString());
    // the H2 file holds several times the logical size: far from the plan, the run says so
    assertTrue(RunRecord.current().warnings().stream().anyMatch(w -> w.startsWith("achieved dataset ")
        && w.contains("calibrate (storage.calibrate=true) or pass storage.record.overhead=")),
        RunRecord.current().warnings().toString());
  }

  @Test
  void calibrationOnTheH2ServerMeasuresTheSamplesGrowthOnDisk() throws Exception {
    var file = h2();
    long fileBefore = Files.size(file);
    var properties = load("storage.dataset.size", "4MB", "storage.calibrate", "true",
        "storage.calibrate.records", "500", "collector.paths", data.toString());
    var workload = new StorageAwareWorkload();
    workload.init(properties);
    long sampleGrowth = Files.size(file) - fileBefore;
    assertEquals(500, count(url));

    var calibration = sizing().calibration().orElseThrow();
    double perRecord = calibration.bytesPerRecord().getAsDouble();
    assertTrue(Math.abs(perRecord - sampleGrowth / 500.0) <= sampleGrowth / 500.0 / 10,
        perRecord + " B per record, the H2 file grew by " + sampleGrowth / 500.0 + " B per sample record");
    assertEquals(Math.round(perRecord), workload.plan().record().total());
    assertEquals(4_000_000 / Math.round(perRecord), Long.parseLong(properties.getProperty("recordcount")));
    workload.cleanup();
  }

  @Test
  void calibrationWithNothingToMeasureItIsRefusedBeforeAnythingIsWritten() {
    server = new MongoServer(new MemoryBackend());
    url = "mongodb://127.0.0.1:" + server.bind().getPort() + "/achieved";
    var properties = load("storage.dataset.size", "1MB", "storage.calibrate", "true");
    var error = assertThrows(InvalidPropertyException.class, () -> new StorageAwareWorkload().init(properties));
    assertTrue(error.getMessage().startsWith("storage.calibrate='true' is invalid: calibration needs the sample's"
        + " size on disk, but no data directory on this host (the server reports no data path; collector.paths"
        + " is not set); the server reports no on-disk size (collStats storageSize + totalIndexSize, 0 records)"
        + " (nothing was written)"), error.getMessage());
    assertEquals(0, count(url));
  }
}
