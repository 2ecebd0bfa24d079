package io.github.ycsbstorage.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.study.StudyDefinition;
import io.github.ycsbstorage.study.StudyRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/ycsb demo}: a MongoDB-wire server (mongo-java-server, on-disk H2 backend) in a new
 * temporary folder, a mini study on it (workloads A and C × uniform, zipfian × two dataset ratios of
 * a small declared server memory × the local disk), a short summary and the HTML report. Writes
 * only below the temporary folder and the output folder.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run a mini storage study on an embedded MongoDB-wire server and write its report.")
final class DemoCommand implements Callable<Integer> {
  static final String MONGODB_CLIENT = "io.github.ycsbstorage.mongodb.MongoDbClient";
  static final String STORAGE_AWARE_WORKLOAD = "io.github.ycsbstorage.workload.StorageAwareWorkload";
  /** The memory the demo declares for the server: datasets of 0.5 × and 2 × of it. */
  static final String DECLARED_MEMORY = "4MB";
  /** I/O figures per summary line. */
  private static final int IO_FIGURES = 4;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "report folder (default: <temp>/report)")
  Path output;

  @Override
  public Integer call() throws Exception {
    var home = Home.locate();
    var temp = Files.createTempDirectory("ycsb-demo-");
    var data = Files.createDirectories(temp.resolve("data"));
    var missing = missingComponents();
    System.out.println("demo: working folder " + temp);
    missing.forEach(m -> System.out.println("demo: missing from this build: " + m));
    var server = new MongoServer(new H2Backend(data.resolve("demo.mv").toString()));
    try {
      var address = server.bind();
      System.out.println("demo: MongoDB-wire server (mongo-java-server, H2 on disk in " + data + ") on 127.0.0.1:"
          + address.getPort());
      var study = StudyDefinition.parse(studyProperties(temp, data, address.getPort(), missing.isEmpty()), "demo",
          temp, home);
      var results = new StudyRunner(study, home, System.out).run(false);
      printSummary(results);
      var report = new ReportBuilder(study.resultsDirectory(), output == null ? temp.resolve("report") : output)
          .write();
      System.out.println("demo: " + report.warnings().size() + " warnings (see the report)");
      System.out.println("demo: report " + report.html().toAbsolutePath());
    } finally {
      server.shutdownNow();
    }
    return 0;
  }

  /** What the full demo needs that this build lacks (components written in parallel). */
  private static List<String> missingComponents() {
    var missing = new ArrayList<String>();
    for (var component : List.of(MONGODB_CLIENT, STORAGE_AWARE_WORKLOAD)) {
      try {
        Class.forName(component, false, DemoCommand.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        missing.add(component);
      }
    }
    return missing;
  }

  private static Properties studyProperties(Path temp, Path data, int port, boolean complete) {
    var properties = new Properties();
    properties.setProperty("study.name", "demo");
    properties.setProperty("study.workloads", "workloads/workloada,workloads/workloadc");
    properties.setProperty("study.distributions", "uniform,zipfian");
    properties.setProperty("study.devices", "local=" + data);
    properties.setProperty("study.operationcount", "3000");
    properties.setProperty("study.duration", "10s");
    properties.setProperty("study.threads", "2");
    properties.setProperty("study.results", temp.resolve("results").toString());
    properties.setProperty("fieldcount", "10");
    properties.setProperty("fieldlength", "100");
    // The server runs in this JVM on the device's folder: the collector watches both.
    properties.setProperty("collector.paths", "{datadir}");
    properties.setProperty("collector.pid", Long.toString(ProcessHandle.current().pid()));
    if (complete) {
      properties.setProperty("study.binding", "mongodb");
      properties.setProperty("study.ratios", "0.5,2");
      properties.setProperty("storage.server.memory", DECLARED_MEMORY);
      // One database per dataset size: each load starts empty without restarting the server.
      properties.setProperty("mongodb.url", "mongodb://127.0.0.1:" + port + "/ycsb_{scale}");
    } else {
      // Without the binding or the sizing workload: YCSB's basic binding and fixed record counts
      // equal to 0.5 × and 2 × the declared memory in 1 KB records.
      properties.setProperty("study.binding", "basic");
      properties.setProperty("study.recordcounts", "2000,8000");
      properties.setProperty("basicdb.verbose", "false");
    }
    return properties;
  }

  private static void printSummary(List<Path> results) throws IOException {
    var json = new ObjectMapper();
    System.out.println();
    System.out.printf(Locale.ROOT, "%-40s %10s %10s %10s  %s%n", "cell", "ops/s", "p99 µs", "errors", "device / I/O");
    for (var file : results) {
      var result = json.readTree(file.toFile());
      var operations = result.path("summary").path("operations");
      long p99 = 0;
      for (var name : List.of("READ", "UPDATE", "INSERT")) {
        p99 = Math.max(p99, operations.path(name).path("p99Us").asLong(0));
      }
      var devices = new ArrayList<String>();
      result.path("devices").forEach(d -> devices.add(d.path("name").asText("?") + " " + d.path("type").asText("?")));
      var io = new ArrayList<String>();
      scalars("", result.path("io"), io);
      System.out.printf(Locale.ROOT, "%-40s %10.1f %10d %10d  %s; %s%n", result.path("label").asText(),
          result.path("summary").path("throughputOpsPerSec").asDouble(), p99,
          result.path("summary").path("errors").asLong(), devices.isEmpty() ? "device tags unknown"
              : String.join(", ", devices), io.isEmpty() ? "I/O figures unknown (no collector)"
              : "I/O " + String.join(", ", io.subList(0, Math.min(IO_FIGURES, io.size()))));
    }
    System.out.println();
  }

  /** Numeric leaves of a result section as {@code path=value}, in document order. */
  private static void scalars(String prefix, JsonNode node, List<String> into) {
    if (node.isObject()) {
      node.fields().forEachRemaining(e -> scalars(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(),
          e.getValue(), into));
    } else if (node.isNumber()) {
      into.add(prefix + "=" + (node.isIntegralNumber() ? node.asText()
          : String.format(Locale.ROOT, "%.1f", node.asDouble())));
    }
  }
}
