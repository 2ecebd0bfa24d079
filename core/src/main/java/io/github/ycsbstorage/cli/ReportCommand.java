package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.report.ReportBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/ycsb report <results-dir> [-o dir]}: the HTML report and Markdown summary. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Build a static HTML report and a Markdown summary from study results.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "RESULTS", description = "folder of result files, e.g. results/mystudy")
  Path results;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "output folder (default: <RESULTS>/report)")
  Path output;

  @Override
  public Integer call() throws Exception {
    Check.input(Files.isDirectory(results), "RESULTS", results.toString(),
        "a folder of result files, e.g. results/mystudy", Files.exists(results) ? "not a folder" : "no such folder");
    var folder = output == null ? results.resolve("report") : output;
    OutputPaths.checkFolder("-o", folder);
    var report = new ReportBuilder(results, folder).write(step -> System.err.println("report: " + step));
    report.skipped().forEach(file -> System.err.println("report: warning: " + file));
    System.out.println("report: " + report.cells() + " results, " + report.warnings().size() + " warnings");
    System.out.println("report: " + report.html().toAbsolutePath());
    System.out.println("report: " + report.markdown().toAbsolutePath());
    return ExitStatus.SUCCESS.code();
  }
}
