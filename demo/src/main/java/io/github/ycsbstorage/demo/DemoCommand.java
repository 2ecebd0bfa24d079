package io.github.ycsbstorage.demo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import io.github.ycsbstorage.cli.Home;
import io.github.ycsbstorage.cli.Main;
import io.github.ycsbstorage.cli.OutputPaths;
import io.github.ycsbstorage.cli.Subcommand;
import io.github.ycsbstorage.collector.CollectorSettings;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.keys.StorageKeys;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.store.StoreSettings;
import io.github.ycsbstorage.study.StudyRunner;
import io.github.ycsbstorage.study.StudySettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import site.ycsb.workloads.CoreWorkload;

/**
 * {@code bin/ycsb demo}: a mini study on two storage locations that differ, a folder on the disk and a
 * RAM folder ({@link DemoLocations}): workloads A and C (uniform requests) × a dataset inside and one
 * well beyond a small declared cache. By default on the embedded {@code rocksdb} binding, whose block
 * cache (the declared memory) is its only cache (direct I/O): beyond it every miss is a read of the
 * device, which is what the studies compare. {@code --binding mongodb} runs the same matrix through the
 * MongoDB wire protocol on an embedded mongo-java-server per location (H2 file; it reads through the
 * OS page cache, so the device shows no difference). Prints a short summary and the report's headline
 * and writes the HTML report. Writes only below the temporary folder, the data folders (removed at the
 * end) and the output folder.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run a mini storage study (a disk folder vs /dev/shm) on an embedded engine and write its report.")
public final class DemoCommand implements Subcommand {
  /** The demo's bindings: the first is the default. */
  static final List<String> BINDINGS = List.of("rocksdb", "mongodb");
  /** The cache the demo declares: RocksDB's block cache; datasets of 0.5 × and 8 × of it. */
  static final String DECLARED_CACHE = "16MB";
  /** mongo-java-server reports no memory: the declared one, small enough for a quick demo. */
  static final String DECLARED_MONGODB_MEMORY = "2MB";
  /**
   * One thread: the device, not the CPU, bounds the beyond-cache cells on a 2-core host, where a
   * second thread would contend with the collector and the JVM's own (docs/PERFORMANCE.md, demo).
   */
  static final int ROCKSDB_THREADS = 1;

  @ParentCommand
  Main main;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "report folder (default: <temp>/report)")
  Path output;

  @Option(names = "--binding", paramLabel = "NAME", defaultValue = "rocksdb",
      description = "rocksdb (default: embedded RocksDB, direct I/O, a 16 MB block cache) or mongodb "
          + "(an embedded MongoDB-wire server per location)")
  String binding;

  @Override
  public Integer call() throws Exception {
    Check.input(BINDINGS.contains(binding), "--binding", binding, String.join(" or ", BINDINGS));
    if (output != null) {
      OutputPaths.checkFolder("-o", output);
    }
    var home = Home.locate(main.environment());
    var temp = Files.createTempDirectory("ycsb-demo-");
    System.out.println("demo: working folder " + temp);
    var locations = DemoLocations.choose(temp);
    locations.described().forEach(line -> System.out.println("demo: " + line));
    var results = new ArrayList<Path>();
    try {
      if (binding.equals("rocksdb")) {
        results.addAll(runEmbedded(locations, temp, home));
      } else {
        for (var location : locations.devices()) {
          results.addAll(runOnMongoDb(location, temp, home));
        }
      }
    } finally {
      locations.removeData();
    }
    DemoSummary.print(results, System.out);
    var report = new ReportBuilder(temp.resolve("results"), output == null ? temp.resolve("report") : output)
        .write(step -> System.out.println("demo: report: " + step));
    DemoSummary.headline(report.lines().headline(), System.out);
    var warnings = report.warnings().size();
    System.out.println("demo: " + warnings + (warnings == 1 ? " warning" : " warnings") + " (see the report)");
    System.out.println("demo: report " + report.html().toAbsolutePath());
    return ExitStatus.SUCCESS.code();
  }

  /** One study over both locations: the engine runs inside each client, in a folder per location and size. */
  private static List<Path> runEmbedded(DemoLocations locations, Path temp, Path home) throws Exception {
    System.out.println("demo: embedded RocksDB in each client (direct I/O; its " + DECLARED_CACHE
        + " block cache is the declared memory, its only cache), " + ROCKSDB_THREADS + " thread");
    var properties = commonProperties(temp.resolve("results"));
    properties.setProperty("study.binding", "rocksdb");
    properties.setProperty("study.devices", locations.devices().stream()
        .map(location -> location.label() + "=" + location.data()).collect(Collectors.joining(",")));
    properties.setProperty("study.ratios", "0.5,8");
    properties.setProperty("study.threads", Integer.toString(ROCKSDB_THREADS));
    // Five repetitions, interleaved across the devices (the study's default order), give each
    // comparison an interval that two equal devices' runs exclude 1 by chance only 1 time in 126 (three:
    // 1 in 10), the fewest the report states a difference with. By time, not count: tens of thousands
    // of operations per cell on the slowest device (p99 needs thousands), and no cell shorter than the
    // collector's samples.
    properties.setProperty(StudySettings.REPETITIONS, "5");
    // 2 s (YCSB's maxexecutiontime counts whole seconds) keep each cell short; samples every
    // 500 ms give each run the 3 collector intervals a verdict needs.
    properties.setProperty("study.duration", "2s");
    properties.setProperty(CollectorSettings.INTERVAL, "500ms");
    // Fills the block cache before the measured run, by count so that a busy host warms it as fully:
    // after 15,000 uniform reads over the in-cache dataset's ~2,300 data blocks about 2,300 × e^-6.5 ≈ 3
    // blocks are still unread (coupon collector), so the in-cache cells read next to no file; beyond
    // the cache its 4,000 blocks are full after ~4,500 reads.
    properties.setProperty(StorageKeys.WARMUP, "15000ops");
    // The device probe runs in every cell: a shorter one keeps 28 cells under 3 minutes.
    properties.setProperty(CollectorSettings.PROBE_TIME, "250ms");
    properties.setProperty(StorageKeys.BASIS, "cache");
    properties.setProperty(StorageKeys.SERVER_MEMORY, DECLARED_CACHE);
    return run(properties, temp, home);
  }

  /** The study on one location, with its own MongoDB-wire server on that location's folder. */
  private static List<Path> runOnMongoDb(DemoLocations.Location location, Path temp, Path home) throws Exception {
    var server = new MongoServer(new H2Backend(location.data().resolve("demo.mv").toString()));
    try {
      var address = server.bind();
      System.out.println("demo: " + location.label() + ": MongoDB-wire server (mongo-java-server, H2 in "
          + location.data() + ") on 127.0.0.1:" + address.getPort());
      var properties = commonProperties(temp.resolve("results").resolve(location.label()));
      properties.setProperty("study.binding", "mongodb");
      properties.setProperty("study.devices", location.label() + "=" + location.data());
      properties.setProperty("study.operationcount", "1000");
      properties.setProperty("study.duration", "2s");
      properties.setProperty("study.threads", "2");
      properties.setProperty("study.ratios", "0.5,2");
      // The server runs in this JVM on the device's folder: the collector watches both.
      properties.setProperty("collector.paths", "{datadir}");
      properties.setProperty("collector.pid", Long.toString(ProcessHandle.current().pid()));
      properties.setProperty(StorageKeys.SERVER_MEMORY, DECLARED_MONGODB_MEMORY);
      // One database per dataset size: each load starts empty without restarting the server.
      properties.setProperty("mongodb.url", "mongodb://127.0.0.1:" + address.getPort() + "/ycsb_{scale}");
      return run(properties, temp, home);
    } finally {
      server.shutdownNow();
    }
  }

  private static List<Path> run(Properties properties, Path temp, Path home) throws Exception {
    var study = StudySettings.from(properties, "demo", temp, home);
    return new StudyRunner(study, home, System.out).run(false).results();
  }

  /** The matrix both bindings share: A and C, uniform, 1 KB records of 10 × 100 B. */
  private static Properties commonProperties(Path results) {
    var properties = new Properties();
    properties.setProperty("study.name", "demo");
    // C first: the report's first chart is then the read-only comparison the studies are about.
    properties.setProperty("study.workloads", "workloads/workloadc,workloads/workloada");
    // One distribution keeps the demo short on two devices; a study file lists as many as it needs.
    properties.setProperty("study.distributions", "uniform");
    properties.setProperty("study.results", results.toString());
    // A demo leaves nothing behind but its report: its runs are no one's results to keep.
    properties.setProperty(StoreSettings.STORE, StoreSettings.OFF);
    properties.setProperty(CoreWorkload.FIELD_COUNT_PROPERTY, CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT);
    properties.setProperty(CoreWorkload.FIELD_LENGTH_PROPERTY, CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT);
    return properties;
  }
}
