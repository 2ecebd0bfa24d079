package io.github.ycsbstorage.cli;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import io.github.ycsbstorage.collector.sample.CpuShares;
import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
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
    var data = Files.createDirectories(temp.resolve("data"));
    System.out.println("demo: working folder " + temp);
    var server = new MongoServer(new H2Backend(data.resolve("demo.mv").toString()));
    try {
      var address = server.bind();
      System.out.println("demo: MongoDB-wire server (mongo-java-server, H2 on disk in " + data + ") on 127.0.0.1:"
          + address.getPort());
      var study = StudyDefinition.parse(studyProperties(temp, data, address.getPort()), "demo",
          temp, home);
      var results = new StudyRunner(study, home, System.out).run(false).results();
      printSummary(results);
      var report = new ReportBuilder(study.resultsDirectory(), output == null ? temp.resolve("report") : output)
          .write();
      var warnings = report.warnings().size();
      System.out.println("demo: " + warnings + (warnings == 1 ? " warning" : " warnings") + " (see the report)");
      System.out.println("demo: report " + report.html().toAbsolutePath());
    } finally {
      server.shutdownNow();
    }
    return 0;
  }

  private static Properties studyProperties(Path temp, Path data, int port) {
    var properties = new Properties();
    properties.setProperty("study.name", "demo");
    properties.setProperty("study.workloads", "workloads/workloada,workloads/workloadc");
    properties.setProperty("study.distributions", "uniform,zipfian");
    properties.setProperty("study.devices", "local=" + data);
    properties.setProperty("study.operationcount", "1000");
    properties.setProperty("study.duration", "3s");
    properties.setProperty("study.threads", "2");
    properties.setProperty("study.results", temp.resolve("results").toString());
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

  private static void printSummary(List<Path> files) throws IOException {
    var results = new ArrayList<Result>();
    for (var file : files) {
      results.add(ResultReader.read(file));
    }
    System.out.println();
    System.out.printf(Locale.ROOT, "%-38s %9s %9s %6s  %s%n", "cell", "ops/s", "p99 µs", "errors",
        "device tags; I/O (mean r/s, w/s, MB/s, util) and CPU iowait");
    for (var result : results) {
      var operations = result.summary().operations();
      long p99 = 0;
      for (var name : List.of("READ", "UPDATE", "INSERT")) {
        var figures = operations.get(name);
        p99 = Math.max(p99, figures == null ? 0 : figures.p99Us().orElse(0));
      }
      var devices = new ArrayList<String>();
      result.sections().devices().orElse(List.of()).forEach(entry -> devices.add(entry.device().name() + " "
          + entry.device().type() + (entry.device().rotationalTrusted() ? "" : " (rotational flag untrusted)")));
      var io = new ArrayList<String>();
      var figures = result.sections().io();
      figures.ifPresent(sampled -> sampled.devices().forEach((name, totals) -> totals.average().ifPresent(mean ->
          io.add(String.format(Locale.ROOT, "%s %.0f r/s %.0f w/s %.1f MB/s %.0f %%util", name,
              mean.readsPerSec(), mean.writesPerSec(), (mean.readKbPerSec() + mean.writeKbPerSec()) / 1024,
              mean.utilPercent())))));
      var iowait = figures.flatMap(Io::cpu).map(CpuShares::iowait);
      System.out.printf(Locale.ROOT, "%-38s %9.1f %9d %6d  %s; %s%s%n", result.label().orElse("?"),
          result.summary().throughputOpsPerSec().orElse(Double.NaN), p99, result.summary().errors(),
          devices.isEmpty() ? "device tags unknown" : String.join(", ", devices),
          io.isEmpty() ? "I/O figures unknown (no collector)" : String.join(", ", io),
          iowait.map(value -> String.format(Locale.ROOT, ", iowait %.1f %%", value)).orElse(""));
    }
    for (var result : results) {
      var sizing = result.sections().sizing();
      if (result.phase() == Phase.LOAD && sizing.isPresent()) {
        System.out.println("plan " + result.label().orElse("?") + ": " + sizing.get().plan());
        sizing.get().achieved().ifPresent(achieved -> System.out.println("  achieved " + (achieved.bytes().isPresent()
            ? ByteSize.ofBytes(achieved.bytes().getAsLong()) + achieved.ofPlan().stream()
                .mapToObj(ofPlan -> String.format(Locale.ROOT, " (%.2f × the plan)", ofPlan)).findFirst().orElse("")
                + " on storage, from " + achieved.from().orElseThrow()
            : "unknown: " + achieved.reason().orElseThrow())));
      }
    }
    System.out.println();
  }
}
