package io.github.ycsbstorage.cli;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.study.StudySettings;
import io.github.ycsbstorage.study.StudyRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/ycsb demo}: a mini study on two storage locations that differ, the temporary folder's
 * disk and a RAM folder ({@link DemoLocations}), each served by its own MongoDB-wire server
 * (mongo-java-server, on-file H2 backend) in this JVM: workloads A and C (uniform requests) × two
 * dataset ratios of a small declared server memory. Prints a short summary and writes the HTML
 * report, whose speedups compare the two locations. Writes only below the temporary folder, the RAM
 * folder (removed at the end) and the output folder.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run a mini storage study (temporary folder's disk vs /dev/shm) on an embedded MongoDB-wire server "
        + "and write its report.")
final class DemoCommand implements Callable<Integer> {
  /** The memory the demo declares for the server: datasets of 0.5 × and 2 × of it. */
  static final String DECLARED_MEMORY = "2MB";

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "report folder (default: <temp>/report)")
  Path output;

  @Override
  public Integer call() throws Exception {
    if (output != null) {
      OutputPaths.checkFolder("-o", output);
    }
    var home = Home.locate();
    var temp = Files.createTempDirectory("ycsb-demo-");
    System.out.println("demo: working folder " + temp);
    var locations = DemoLocations.choose(temp);
    locations.described().forEach(line -> System.out.println("demo: " + line));
    var results = new ArrayList<Path>();
    try {
      for (var location : locations.devices()) {
        results.addAll(runOn(location, temp, home));
      }
    } finally {
      locations.removeRamData();
    }
    DemoSummary.print(results, System.out);
    var report = new ReportBuilder(temp.resolve("results"), output == null ? temp.resolve("report") : output)
        .write(step -> System.out.println("demo: report: " + step));
    DemoSummary.headline(report.headline(), System.out);
    var warnings = report.warnings().size();
    System.out.println("demo: " + warnings + (warnings == 1 ? " warning" : " warnings") + " (see the report)");
    System.out.println("demo: report " + report.html().toAbsolutePath());
    return 0;
  }

  /** The study on one location, with its own server on that location's folder: the cells' result files. */
  private static List<Path> runOn(DemoLocations.Location location, Path temp, Path home) throws Exception {
    var server = new MongoServer(new H2Backend(location.data().resolve("demo.mv").toString()));
    try {
      var address = server.bind();
      System.out.println("demo: " + location.label() + ": MongoDB-wire server (mongo-java-server, H2 in "
          + location.data() + ") on 127.0.0.1:" + address.getPort());
      var study = StudySettings.from(studyProperties(temp.resolve("results").resolve(location.label()), location,
          address.getPort()), "demo", temp, home);
      return new StudyRunner(study, home, System.out).run(false).results();
    } finally {
      server.shutdownNow();
    }
  }

  private static Properties studyProperties(Path results, DemoLocations.Location location, int port) {
    var properties = new Properties();
    properties.setProperty("study.name", "demo");
    properties.setProperty("study.workloads", "workloads/workloada,workloads/workloadc");
    // One distribution keeps the demo short on two devices; a study file lists as many as it needs.
    properties.setProperty("study.distributions", "uniform");
    properties.setProperty("study.devices", location.label() + "=" + location.data());
    properties.setProperty("study.operationcount", "1000");
    properties.setProperty("study.duration", "2s");
    properties.setProperty("study.threads", "2");
    properties.setProperty("study.results", results.toString());
    properties.setProperty("fieldcount", "10");
    properties.setProperty("fieldlength", "100");
    // The server runs in this JVM on the device's folder: the collector watches both.
    properties.setProperty("collector.paths", "{datadir}");
    properties.setProperty("collector.pid", Long.toString(ProcessHandle.current().pid()));
    properties.setProperty("study.binding", "mongodb");
    properties.setProperty("study.ratios", "0.5,2");
    // mongo-java-server reports no memory: declare one, small enough for a quick demo.
    properties.setProperty("storage.server.memory", DECLARED_MEMORY);
    // One database per dataset size: each load starts empty without restarting the server.
    properties.setProperty("mongodb.url", "mongodb://127.0.0.1:" + port + "/ycsb_{scale}");
    return properties;
  }
}
