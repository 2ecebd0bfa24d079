package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.report.ReportBuilder;
import io.github.ycsbstorage.store.StoreSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/ycsb report <results-dir> [-o dir] [--look-back N [--store FILE]]}: the HTML report and
 * Markdown summary, with each device's figures over earlier studies of the results store when asked.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Build a static HTML report and a Markdown summary from study results.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "RESULTS", description = "folder of result files, e.g. results/mystudy")
  Path results;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "output folder (default: <RESULTS>/report)")
  Path output;

  @Option(names = "--look-back", paramLabel = "N",
      description = "also draw each device's throughput and p99 over the last N earlier studies in the results store")
  Integer lookBack;

  @Option(names = "--store", paramLabel = "FILE|URL",
      description = "the results store --look-back reads (default: $" + StoreSettings.ENVIRONMENT
          + ", else ~/.ycsb-storage/results.db)")
  String store;

  @Override
  public Integer call() throws Exception {
    Check.input(Files.isDirectory(results), "RESULTS", results.toString(),
        "a folder of result files, e.g. results/mystudy", Files.exists(results) ? "not a folder" : "no such folder");
    var folder = output == null ? results.resolve("report") : output;
    OutputPaths.checkFolder("-o", folder);
    var builder = new ReportBuilder(results, folder);
    if (lookBack != null) {
      Check.input(lookBack > 0, "--look-back", lookBack.toString(), "a number of earlier studies, at least 1");
      var settings = StoreSettings.parse(Optional.ofNullable(store));
      Check.input(settings.location().isPresent(), settings.key(), settings.given(), "a results store's file or URL",
          "--look-back reads a results store");
      builder.lookBack(settings.location().get(), lookBack);
    } else {
      Check.input(store == null, "--store", store, "--store together with --look-back", "only --look-back reads the store");
    }
    var report = builder.write(step -> System.err.println("report: " + step));
    report.skipped().forEach(file -> System.err.println("report: warning: " + file));
    System.out.println("report: " + report.cells() + " results, " + report.warnings().size() + " warnings");
    System.out.println("report: " + report.html().toAbsolutePath());
    System.out.println("report: " + report.markdown().toAbsolutePath());
    return ExitStatus.SUCCESS.code();
  }
}
