package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.github.ycsbstorage.result.DeviceType;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.PerfKitBenchmarkerMetadata;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.PhaseObserver;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.testkit.HangLimit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole collector on a fixture host whose /proc counters move by known amounts during the phase.
 * The tests take readings themselves ({@code sampleNow}) after each change, besides the timer's, so
 * that what they assert does not depend on when the timer fires.
 */
class StorageCollectorTest {
  private static final String MEMINFO = "MemTotal: 1000 kB\nMemFree: 100 kB\nMemAvailable: 400 kB\n"
      + "Buffers: 10 kB\nCached: 300 kB\nDirty: 20 kB\nWriteback: 5 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n";

  private static final long INTERVAL_MILLIS = 20;
  /** A diskstats line of a device the data is not on. */
  private static final String LOOP0 = " 7 0 loop0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

  private static void proc(Path root, long reads, long writes, long sectorsRead, long sectorsWritten,
      long user, long iowait) throws Exception {
    Fixtures.write(root, "/proc/diskstats", " 254 0 vda " + reads + " 0 " + sectorsRead + " 100 " + writes
        + " 0 " + sectorsWritten + " 100 0 100 200 0 0 0 0 0 0\n" + LOOP0);
    cpuAndMemory(root, user, iowait);
  }

  /**
   * The host's CPU, memory and paging counters, leaving /proc/diskstats as it is. While a collector
   * samples (every {@value #INTERVAL_MILLIS} ms), a test must not pass through a state it does not
   * mean: on a busy machine the test thread can pause between two writes for several intervals, and
   * the sampler then counts that state as a real device's interval.
   */
  private static void cpuAndMemory(Path root, long user, long iowait) throws Exception {
    Fixtures.write(root, "/proc/stat", "cpu  " + user + " 0 0 1000 " + iowait + " 0 0 0 0 0\n");
    Fixtures.write(root, "/proc/meminfo", MEMINFO);
    Fixtures.write(root, "/proc/vmstat", "pgmajfault 0\npswpin 0\npswpout 0\n");
  }

  private static Properties properties(Path root, Path export) {
    var properties = new Properties();
    properties.setProperty("collector.root", root.toString());
    properties.setProperty("collector.paths", "/var/lib/mongodb");
    properties.setProperty("collector.interval", INTERVAL_MILLIS + "ms");
    properties.setProperty("exportfile", export.toString());
    return properties;
  }

  /** The group's summary lines (numbers) and facts (text), by name. */
  private static Map<String, Object> lines(RunRecord record, String group) {
    var lines = new HashMap<String, Object>();
    record.summaryLines().stream().filter(line -> line.group().equals(group))
        .forEach(line -> lines.put(line.metric(), line.value()));
    record.facts().stream().filter(fact -> fact.group().equals(group))
        .forEach(fact -> lines.put(fact.name(), fact.value()));
    return lines;
  }

  @Test
  @SuppressWarnings("unchecked")
  void tagsTheResultAndSummarisesWhatTheDeviceDidPerOperation(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1000, 2000, 8000, 16000, 500, 100);
    var properties = properties(root, temp.resolve("out/run.json"));
    var settings = CollectorSettings.from(properties, Optional.empty());
    var collector = new StorageCollector(Phase.RUN, settings, () -> new OperationCount(1000L, "test"), properties);
    collector.start();
    collector.sampleNow();
    // during the phase: 500 reads, 250 writes, 8000 + 4000 sectors, 200 busy ticks, 50 iowait ticks
    proc(root, 1500, 2250, 16000, 20000, 700, 150);
    collector.sampleNow();
    // %util max counts full intervals only: wait for the timer to record one
    HangLimit.await(collector::hasFullInterval, () -> "a full " + INTERVAL_MILLIS + " ms interval from the timer");
    var record = new RunRecord();
    collector.stop(record);

    var storage = lines(record, "STORAGE");
    assertEquals("virtio", storage.get("device.type"));
    assertEquals("vda", storage.get("device.name"));
    // virtio's rotational=1 is not vouched for: no numeric line carries it, a comment line says so
    assertTrue(record.summaryLines().stream().noneMatch(line -> line.metric().equals("device.rotational")));
    assertTrue(String.valueOf(storage.get("device.rotational")).startsWith("rotational=1 (untrusted: "),
        String.valueOf(storage.get("device.rotational")));
    assertEquals(0, storage.get("device.rotational.trusted"));
    assertEquals("mq-deadline", storage.get("device.scheduler"));
    assertEquals("virtio", storage.get("data_disk_0_type"));
    assertEquals("unknown", storage.get("data_disk_0_media"));
    assertEquals(54L, storage.get("data_disk_0_size"));
    assertEquals("local server host", storage.get("server.observed"));
    // text never goes into a [STORAGE] line, which YCSB parsers read as a number; PKB's keys stay in the result
    assertEquals(List.of("server.observed", "device.type", "device.name", "device.rotational", "device.scheduler",
        "data_disk_0_type",
        "data_disk_0_media"), record.facts().stream().map(RunRecord.Fact::name).toList());
    assertEquals(new PerfKitBenchmarkerMetadata("virtio", "unknown", OptionalLong.of(54)),
        record.sections().perfkitbenchmarker().orElseThrow());

    var io = lines(record, "IO");
    assertEquals(0.5, io.get("device.reads/op"));
    assertEquals(0.25, io.get("device.writes/op"));
    assertEquals(0.0061, io.get("device.MB/op"));
    assertEquals(2000.0, io.get("cpu.us/op"));
    assertEquals(0.2, io.get("iowait.share"));
    assertTrue(io.containsKey("vda.r_await avg"), io::toString);
    assertTrue(io.containsKey("vda.%util max"), io::toString);

    var sections = record.sections();
    var devices = sections.devices().orElseThrow();
    assertEquals(1, devices.size());
    assertEquals("vda", devices.get(0).device().name());
    assertEquals(DeviceType.VIRTIO, devices.get(0).device().type());
    assertEquals(false, devices.get(0).device().rotationalTrusted());
    assertEquals("/var/lib/mongodb", devices.get(0).path());
    var ioSection = sections.io().orElseThrow();
    assertEquals("60", ioSection.tuning().get("vm.swappiness"));
    var vda = ioSection.devices().get("vda");
    assertEquals(500L, vda.reads());
    assertEquals(250L, vda.writes());
    assertEquals(8000L * 512, vda.readBytes());
    assertEquals(List.of("vda"), ioSection.countedDevices());
    assertEquals(Optional.of(false), ioSection.cpuSaturated(), "50 of 250 ticks were iowait: CPUs had time to spare");
    assertEquals(0, io.get("cpu.saturated"));
    assertEquals(new OperationCount(1000L, "test"), ioSection.operations());
    var probe = ioSection.probe().orElseThrow();
    assertEquals(Optional.of("not run: collector.root is not / (a fixture tree has no real file system)"),
        probe.reason());

    var timeseries = temp.resolve("out/run.json.storage.json");
    assertEquals(Optional.of("run.json.storage.json"), sections.timeseries(), "relative to the result file's folder");
    var written = new ObjectMapper().readValue(timeseries.toFile(), Map.class);
    assertEquals("ycsb-storage-timeseries/1", written.get("schema"));
    assertEquals("run", written.get("phase"));
    assertEquals("20ms", written.get("interval"));
    assertTrue(((List<?>) written.get("samples")).size() >= 2);
    var inventory = (List<Map<String, Object>>) written.get("inventory");
    assertEquals("vda", ((List<Map<String, Object>>) inventory.get(0).get("devices")).get(0).get("name"));
    try (var listing = Files.list(temp.resolve("out"))) {
      assertEquals(List.of("run.json.storage.json"), listing.map(p -> p.getFileName().toString()).toList(),
          "no temporary file left behind");
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void losingProcAndTheDeviceMidRunRecordsTheGapAndKeepsSampling(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1000, 2000, 8000, 16000, 500, 100);
    var properties = properties(root, temp.resolve("out/run.json"));
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(1000L, "test"), properties);
    collector.start();
    collector.sampleNow();
    // /proc/diskstats vanishes (a container losing /proc, a device unplugged), then comes back without vda
    Files.delete(root.resolve("proc/diskstats"));
    collector.sampleNow();
    Fixtures.write(root, "/proc/diskstats", " 7 0 loop0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
    collector.sampleNow();
    proc(root, 1500, 2250, 16000, 20000, 700, 150);
    collector.sampleNow();
    var record = new RunRecord();
    collector.stop(record);

    var warnings = record.warnings();
    assertTrue(warnings.stream().anyMatch(w -> w.startsWith("collector: ") && w.contains("diskstats")),
        "the lost file is named: " + warnings);
    assertTrue(warnings.stream().anyMatch(w -> w.startsWith("collector: ") && w.contains("vda")),
        "the lost device is named: " + warnings);
    var io = record.sections().io().orElseThrow();
    assertEquals(warnings.stream().filter(w -> w.startsWith("collector: ") && !w.contains("time-series"))
        .map(w -> w.substring("collector: ".length())).filter(io.gaps()::contains).count(),
        io.gaps().size(), "every gap is a warning of the result: " + warnings);
    var written = new ObjectMapper().readValue(temp.resolve("out/run.json.storage.json").toFile(), Map.class);
    assertTrue(((List<?>) written.get("samples")).size() >= 3, "sampling went on: " + written.get("samples"));
  }

  @Test
  void aHostWithoutIdleOrIowaitTimeIsFlaggedCpuSaturated(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1, 1, 1, 1, 500, 100);
    var properties = properties(root, temp.resolve("run.json"));
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(10L, "test"), properties);
    collector.start();
    // the last reading at stop: 1,000 busy ticks, 1 iowait tick, no idle tick → 0.1 % free
    proc(root, 1, 1, 1, 1, 1500, 101);
    var record = new RunRecord();
    collector.stop(record);
    var io = record.sections().io().orElseThrow();
    assertEquals(0.1, io.cpu().orElseThrow().iowait(), 0.001);
    assertEquals(Optional.of(true), io.cpuSaturated());
    assertEquals(1, lines(record, "IO").get("cpu.saturated"));
    // a finding about the measurement, not a warning: the status keeps to README's rule
    assertTrue(record.warnings().stream().noneMatch(w -> w.contains("saturated")), record.warnings().toString());
  }

  private static void serverProcess(Path root, long utime, long stime, long readBytes, long writeBytes)
      throws Exception {
    Fixtures.write(root, "/proc/4242/stat", "4242 (mongod (x)) S 1 4242 4242 0 -1 4194560 100 0 0 0 " + utime + " "
        + stime + " 0 0 20 0 30 0 100 0 0\n");
    Fixtures.write(root, "/proc/4242/io", "rchar: " + (readBytes + 7) + "\nwchar: " + (writeBytes + 7)
        + "\nsyscr: 1\nsyscw: 1\nread_bytes: " + readBytes + "\nwrite_bytes: " + writeBytes
        + "\ncancelled_write_bytes: 0\n");
  }

  /** A step of a test that may throw. */
  @FunctionalInterface
  private interface Step {
    void run() throws Exception;
  }

  /**
   * A phase of 1,000 operations on the server process 4242, sampled twice: the host's second readings
   * (200 more busy ticks than {@code proc(root, 1000, 2000, 8000, 16000, 500, 100)}), then
   * {@code server}'s change to the process's files.
   */
  private static RunRecord serverPhase(Path root, Path temp, Step server) throws Exception {
    return serverPhase(root, temp, 1000, server);
  }

  /** {@link #serverPhase(Path, Path, Step)} with this many operations. */
  private static RunRecord serverPhase(Path root, Path temp, long operations, Step server) throws Exception {
    var properties = properties(root, temp.resolve("run.json"));
    properties.setProperty("collector.pid", "4242");
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(operations, "test"), properties);
    collector.start();
    collector.sampleNow();
    proc(root, 1500, 2250, 16000, 20000, 700, 150);
    server.run();
    collector.sampleNow();
    var record = new RunRecord();
    collector.stop(record);
    return record;
  }

  /**
   * Hand-computed: over the phase the host was busy 200 ticks, of which the server process (pid 4242)
   * used 30 user + 20 system = 50 ticks (25 %); the device moved (8,000 + 4,000) × 512 = 6,144,000
   * bytes, of which the server caused 3,072,000 + 1,536,000 = 4,608,000 (75 %). Per each of 1,000
   * operations: host 2,000 µs CPU, server 500 µs and 4,608 bytes.
   */
  @Test
  void theServerProcesssOwnFiguresStandBesideTheHostsAndOtherWorkIsWarnedAbout(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1000, 2000, 8000, 16000, 500, 100);
    serverProcess(root, 1000, 500, 10_000_000, 20_000_000);
    var record = serverPhase(root, temp, () -> serverProcess(root, 1030, 520, 13_072_000, 21_536_000));

    var io = record.sections().io().orElseThrow();
    var process = io.process().orElseThrow();
    assertEquals(OptionalLong.of(500_000), process.cpuMicros());
    assertEquals(OptionalLong.of(3_072_000), process.readBytes());
    assertEquals(OptionalLong.of(1_536_000), process.writeBytes());
    assertEquals(OptionalDouble.of(0.25), process.shareOfHostCpu());
    assertEquals(OptionalDouble.of(0.75), process.shareOfDeviceIo());
    var perOperation = io.perOperation().orElseThrow();
    assertEquals(OptionalDouble.of(2000.0), perOperation.cpuMicros());
    assertEquals(OptionalDouble.of(500.0), perOperation.serverCpuMicros());
    assertEquals(OptionalDouble.of(4608.0), perOperation.serverIoBytes());
    var lines = lines(record, "IO");
    assertEquals(500.0, lines.get("server.cpu.us/op"));
    assertEquals(4608.0, lines.get("server.io.bytes/op"));
    assertEquals(0.25, lines.get("server.cpu.share"));
    assertEquals(0.75, lines.get("server.io.share"));
    var busy = record.warnings().stream().filter(w -> w.startsWith("the host was busy with other work")).toList();
    assertEquals(1, busy.size(), "CPU only: the server caused 75 % of the device's bytes: " + record.warnings());
    assertTrue(busy.get(0).startsWith("the host was busy with other work: 75 % of CPU was not the server"), busy.get(0));
  }

  /**
   * The same host figures over 100,000,000 operations, the server causing only a quarter of the
   * device's bytes: the device's 500 reads, 250 writes and 6.144 MB are 0.0 per operation at the
   * figures' 4 decimals whoever did them, so other work's I/O changes none of them and warns of nothing;
   * its CPU (1,500 of 2,000 µs of 0.02 µs per operation) still shows, and warns.
   */
  @Test
  void otherWorkTooSmallToShowInTheFiguresPerOperationIsNoWarning(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1000, 2000, 8000, 16000, 500, 100);
    serverProcess(root, 1000, 500, 10_000_000, 20_000_000);
    var record = serverPhase(root, temp, 100_000_000, () -> serverProcess(root, 1030, 520, 11_024_000, 20_512_000));

    var io = record.sections().io().orElseThrow();
    assertEquals(OptionalDouble.of(0.25), io.process().orElseThrow().shareOfDeviceIo());
    var perOperation = io.perOperation().orElseThrow();
    assertEquals(OptionalDouble.of(0.0), perOperation.deviceReads());
    assertEquals(OptionalDouble.of(0.0), perOperation.deviceWrites());
    assertEquals(OptionalDouble.of(0.0), perOperation.deviceMB());
    assertEquals(OptionalDouble.of(0.02), perOperation.cpuMicros());
    var busy = record.warnings().stream().filter(w -> w.startsWith("the host was busy with other work")).toList();
    assertEquals(List.of("the host was busy with other work: 75 % of CPU was not the server process (io.process); the"
        + " host-wide per-operation figures count that work too, the server.* ones do not"), busy);
  }

  /**
   * A server run by another user: its {@code /proc/<pid>/io} is unreadable, its {@code stat} is not.
   * Hand-computed as above: 50 of the host's 200 busy ticks, 500 µs per operation; its storage bytes
   * are unknown (null), not 0, and the unreadable file is one gap of the run, not one per interval.
   */
  @Test
  void aServerWhoseIoFileIsUnreadableStillHasItsCpuAndItsBytesAreUnknown(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1000, 2000, 8000, 16000, 500, 100);
    serverProcess(root, 1000, 500, 0, 0);
    Files.delete(root.resolve("proc/4242/io"));
    var record = serverPhase(root, temp, () -> Fixtures.write(root, "/proc/4242/stat",
        "4242 (mongod) S 1 4242 4242 0 -1 4194560 100 0 0 0 1030 520 0 0 20 0 30 0 100 0 0\n"));

    var io = record.sections().io().orElseThrow();
    var process = io.process().orElseThrow();
    assertEquals(OptionalLong.of(500_000), process.cpuMicros());
    assertEquals(OptionalDouble.of(0.25), process.shareOfHostCpu());
    assertEquals(OptionalLong.empty(), process.readBytes());
    assertEquals(OptionalLong.empty(), process.wchar());
    assertEquals(OptionalDouble.empty(), process.shareOfDeviceIo());
    var perOperation = io.perOperation().orElseThrow();
    assertEquals(OptionalDouble.of(500.0), perOperation.serverCpuMicros());
    assertEquals(OptionalDouble.empty(), perOperation.serverIoBytes());
    assertEquals(500.0, lines(record, "IO").get("server.cpu.us/op"));
    assertFalse(lines(record, "IO").containsKey("server.io.bytes/op"));
    var json = new ObjectMapper().registerModule(new Jdk8Module()).writeValueAsString(process);
    assertTrue(json.contains("\"readBytes\":null"), json);
    var unreadable = record.warnings().stream().filter(w -> w.contains("/proc/<pid>/io not readable")).toList();
    assertEquals(1, unreadable.size(), record.warnings().toString());
    assertTrue(unreadable.get(0).contains("only the server's user and root may read it"), unreadable.get(0));
  }

  /** The data path's device vda is absent from /proc/diskstats: its figures are unknown, not 0. */
  @Test
  void aCountedDeviceThatWasNeverSampledLeavesTheDeviceFiguresPerOperationUnknown(@TempDir Path temp)
      throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    Fixtures.write(root, "/proc/diskstats", LOOP0);
    cpuAndMemory(root, 500, 100);
    var properties = properties(root, temp.resolve("run.json"));
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(10L, "test"), properties);
    collector.start();
    cpuAndMemory(root, 600, 100);
    var record = new RunRecord();
    collector.stop(record);
    var io = record.sections().io().orElseThrow();
    assertEquals(List.of("vda"), io.countedDevices());
    var perOperation = io.perOperation().orElseThrow();
    assertEquals(OptionalDouble.empty(), perOperation.deviceReads());
    assertEquals(OptionalDouble.empty(), perOperation.deviceMB());
    assertEquals(OptionalDouble.of(100_000.0), perOperation.cpuMicros(), "100 busy ticks = 1 s over 10 operations");
    assertFalse(lines(record, "IO").containsKey("device.reads/op"));
  }

  @Test
  void unknownOperationCountLeavesPerOperationFiguresOutWithTheReason(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1, 1, 1, 1, 1, 1);
    var properties = properties(root, temp.resolve("run.json"));
    var collector = new StorageCollector(Phase.LOAD, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(null, "YCSB measured no operations"), properties);
    collector.start();
    var record = new RunRecord();
    collector.stop(record);
    var io = record.sections().io().orElseThrow();
    assertEquals(Optional.empty(), io.perOperation());
    assertEquals(new OperationCount(null, "YCSB measured no operations"), io.operations());
    assertTrue(lines(record, "IO").keySet().stream().noneMatch(key -> key.endsWith("/op")));
  }

  @Test
  void remoteServerWithoutRemoteObservationSaysSoAndStillSamplesTheClient(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1, 1, 1, 1, 1, 1);
    var properties = new Properties();
    properties.setProperty("collector.root", root.toString());
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(10L, "test"), properties);
    collector.start();
    var record = new RunRecord();
    collector.stop(record);
    assertTrue(((String) lines(record, "STORAGE").get("server.observed")).startsWith("client host only: server side not observed"));
    assertEquals(Optional.of(List.of()), record.sections().devices());
    var sampled = record.sections().io().orElseThrow().devices();
    assertEquals(Map.of(), sampled, "a mere client's own disks are not reported as the server's");
    assertTrue(record.summaryLines().stream().noneMatch(line -> line.metric().contains("/s avg")));
    assertEquals(Optional.empty(), record.sections().timeseries());
    var io = record.sections().io().orElseThrow();
    assertEquals(Optional.of(new Io.PerOperation(OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
        OptionalDouble.of(0.0), OptionalDouble.empty(), OptionalDouble.empty())), io.perOperation(),
        "no server process observed: its figures are unknown, not 0");
    assertEquals(0.0, lines(record, "IO").get("client.cpu.us/op"), "client CPU is labelled as such");
  }

  @Test
  void anUnwritableTimeSeriesFileIsAWarningAndIsNotNamedInTheResult(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1, 1, 1, 1, 1, 1);
    Files.writeString(temp.resolve("blocker"), "a file where the output folder should be");
    var properties = properties(root, temp.resolve("run.json"));
    properties.setProperty("collector.output", temp.resolve("blocker/ts.json").toString());
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(10L, "test"), properties);
    collector.start();
    var record = new RunRecord();
    collector.stop(record);
    assertEquals(Optional.empty(), record.sections().timeseries());
    assertTrue(record.warnings().stream().anyMatch(warning -> warning.startsWith(
        "collector: time-series file " + temp.resolve("blocker/ts.json") + " not written: ")), record.warnings().toString());
    assertEquals("virtio", lines(record, "STORAGE").get("device.type"), "everything else is still reported");
  }

  @Test
  void mongodbRemoteWithoutProviderIsRecordedAsNotObservedWithTheReason(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1, 1, 1, 1, 1, 1);
    var properties = new Properties();
    properties.setProperty("collector.root", root.toString());
    properties.setProperty("collector.remote", "mongodb");
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(10L, "test"), properties);
    collector.start();
    var record = new RunRecord();
    collector.stop(record);
    var server = record.sections().io().orElseThrow().server();
    var reason = "collector.remote=mongodb needs the mongodb binding on the classpath (no ServerMetricsProvider named mongodb)";
    assertEquals(Optional.of(reason), server.notObserved());
    assertEquals("client host only: server side not observed: " + reason, lines(record, "STORAGE").get("server.observed"));
  }

  @Test
  void factoryIsFoundThroughServiceLoaderAndHonoursEnabled() {
    var factories = ServiceLoader.load(PhaseObserver.Factory.class).stream().map(ServiceLoader.Provider::get)
        .filter(StorageCollectorFactory.class::isInstance).toList();
    assertEquals(1, factories.size());
    var off = new Properties();
    off.setProperty("collector.enabled", "false");
    assertTrue(factories.get(0).create(Phase.RUN, off, Optional.empty()).isEmpty());
    assertTrue(factories.get(0).create(Phase.RUN, new Properties(), Optional.empty()).isPresent());
  }

  /**
   * Two clients of a study cell on one host, starting and ending apart: A starts at 500 busy ticks and
   * 1,000 reads, B at 1,500 and 1,500; A stops at 3,000 and 3,000, B at 3,500 and 4,000. Over the cell's
   * span (A's start to B's end), by hand: 3,000 busy ticks = 30 s of CPU and 3,000 reads for A's 600 +
   * B's 400 operations: 30,000 µs and 3 reads per operation. A's window alone says 25,000 µs and 2 reads
   * (17 % and 33 % low), the error of dividing the first client's sampling by all operations.
   */
  @Test
  void aCellsFiguresCoverItsClientsWholeSpan(@TempDir Path temp) throws Exception {
    var root = Fixtures.copy("virtio", temp.resolve("root"));
    proc(root, 1000, 0, 0, 0, 500, 100);
    var properties = properties(root, temp.resolve("a.json"));
    var a = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(600L, "test"), properties);
    var b = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(400L, "test"), properties);
    a.start();
    Thread.sleep(5); // readings a few ms apart, so that first and last are told apart by their times
    proc(root, 1500, 0, 0, 0, 1500, 100);
    b.start();
    Thread.sleep(5);
    proc(root, 3000, 0, 0, 0, 3000, 100);
    var recordA = new RunRecord();
    a.stop(recordA);
    Thread.sleep(5);
    proc(root, 4000, 0, 0, 0, 3500, 100);
    var recordB = new RunRecord();
    b.stop(recordB);
    var ioA = recordA.sections().io().orElseThrow();
    assertEquals(OptionalDouble.of(25_000.0), ioA.withOperations(new OperationCount(1000L, "test")).perOperation()
        .orElseThrow().cpuMicros(), "the first client's window alone");

    var cell = CollectorReport.overClients(List.of(ioA, recordB.sections().io().orElseThrow()),
        new OperationCount(1000L, "both clients")).orElseThrow();
    var perOperation = cell.perOperation().orElseThrow();
    assertEquals(OptionalDouble.of(30_000.0), perOperation.cpuMicros());
    assertEquals(OptionalDouble.of(3.0), perOperation.deviceReads());
    assertEquals(OptionalLong.of(30_000_000L), cell.cpuBusyMicros());
    assertEquals(3000, cell.devices().get("vda").reads());
    assertEquals(100.0, cell.cpu().orElseThrow().user(), 1e-9, "idle and iowait did not move: all busy");
    assertEquals(Optional.of(true), cell.cpuSaturated());
  }
}
