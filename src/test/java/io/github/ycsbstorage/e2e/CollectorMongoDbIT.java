package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb run mongodb} with the storage collector on, against an in-process MongoDB-wire
 * server on 127.0.0.1: the device tags and the I/O summary reach YCSB's own output, the result file
 * carries the inventory and the per-operation figures (divided by the operations YCSB counted), and
 * the time-series file is written beside the export file.
 */
class CollectorMongoDbIT {
  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  @Test
  void runTagsTheResultWithTheDataDevicesAndWritesTheTimeSeries(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")) && Files.isDirectory(Path.of("/sys/dev/block")),
        "no /proc/self/mountinfo or /sys/dev/block: the collector has nothing to resolve on this host");
    // what the collector should find under the data folder, resolved in this JVM
    var inventory = new DeviceResolver(HostFiles.live()).resolve(dir.toString());
    var device = inventory.devices().get(0);

    var workload = "workloads/storage/read-only-uniform-1x1000";
    var url = "mongodb.url=" + mongo.url("collector");
    var load = ycsb("load", "mongodb", "-P", workload, "-p", "storage.server.memory=256KB", "-p", url,
        "-p", "collector.enabled=false", "-p", "storage.progress=false");
    assertEquals(0, load.exitCode(), load::all);

    var export = dir.resolve("run.txt");
    var run = ycsb("run", "mongodb", "-P", workload, "-p", "storage.server.memory=256KB", "-p", url,
        "-p", "operationcount=2000", "-p", "exportfile=" + export,
        "-p", "collector.paths=" + dir, "-p", "collector.interval=100ms",
        "-p", "collector.probe.size=1MiB", "-p", "collector.probe.time=200ms");
    assertEquals(0, run.exitCode(), run::all);

    var text = Files.readString(export);
    assertTrue(text.contains("# STORAGE, device.type, " + device.type().label() + System.lineSeparator()), text);
    assertTrue(text.contains("# STORAGE, device.name, " + device.name() + System.lineSeparator()), text);
    assertTrue(text.contains("# STORAGE, data_disk_0_type, " + device.type().label()), text);
    assertTrue(text.contains("# STORAGE, probe.medium, "), text);
    if (!inventory.blockDevices().isEmpty()) {
      assertTrue(text.contains("[IO], " + inventory.blockDevices().get(0) + ".r/s avg, "), text);
      assertTrue(text.contains("[IO], device.reads/op, "), text);
    }
    assertTrue(text.contains("[IO], cpu.us/op, "), text);
    assertTrue(text.contains("[IO], iowait.share, "), text);

    var result = new ObjectMapper().readTree(dir.resolve("run.txt.result.json").toFile());
    assertEquals(device.name(), result.path("devices").path(0).path("name").asText(), result.toString());
    assertEquals(device.type().label(), result.path("devices").path(0).path("type").asText());
    assertEquals(dir.toString(), result.path("devices").path(0).path("path").asText());
    var io = result.path("io");
    assertEquals(2000, io.path("operations").path("count").asLong(), io.toString());
    assertEquals("YCSB measurements", io.path("operations").path("source").asText());
    assertTrue(io.path("perOperation").has("cpuMicros"), io.toString());
    assertFalse(io.path("tuning").path("vm.swappiness").isMissingNode(), result.toString());

    var timeseries = new ObjectMapper().readTree(dir.resolve("run.txt.storage.json").toFile());
    assertEquals("ycsb-storage-timeseries/1", timeseries.path("schema").asText());
    assertEquals("run", timeseries.path("phase").asText());
    assertEquals(device.name(), timeseries.path("inventory").path(0).path("devices").path(0).path("name").asText());
    assertTrue(timeseries.path("samples").size() >= 1, timeseries.toString());
    try (var listing = Files.list(dir)) {
      assertTrue(listing.noneMatch(path -> path.getFileName().toString().startsWith(".ycsb-storage-probe-")),
          "probe scratch file removed");
    }
  }

  @Test
  void remoteMongodbOnAServerWithoutGetDiagnosticDataRecordsTheReasonAndTheRunSucceeds(@TempDir Path dir)
      throws Exception {
    var workload = "workloads/storage/read-only-uniform-1x1000";
    var url = "mongodb.url=" + mongo.url("remote");
    var load = ycsb("load", "mongodb", "-P", workload, "-p", "storage.server.memory=256KB", "-p", url,
        "-p", "collector.enabled=false", "-p", "storage.progress=false");
    assertEquals(0, load.exitCode(), load::all);

    var export = dir.resolve("run.txt");
    var run = ycsb("run", "mongodb", "-P", workload, "-p", "storage.server.memory=256KB", "-p", url,
        "-p", "operationcount=500", "-p", "exportfile=" + export, "-p", "collector.remote=mongodb",
        "-p", "collector.interval=100ms");
    assertEquals(0, run.exitCode(), run::all);

    var reason = "the server at 127.0.0.1:" + mongo.port()
        + " has no getDiagnosticData command: no such command: 'getDiagnosticData' (error 59 CommandNotFound)";
    var text = Files.readString(export);
    assertTrue(text.contains("# STORAGE, server.observed, client host only: server side not observed: " + reason
        + System.lineSeparator()), text);
    assertTrue(text.contains("[READ], Operations, 500"), text);
    var io = new ObjectMapper().readTree(dir.resolve("run.txt.result.json").toFile()).path("io");
    assertEquals(reason, io.path("server").path("notObserved").asText(), io.toString());
    assertEquals("client", io.path("sampledHost").asText());
  }
}
