package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.result.Version;
import java.io.PrintWriter;
import java.util.Map;
import java.util.ServiceLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * Entry point behind {@code bin/ycsb study|report|demo}; {@code demo} and any other {@link Subcommand}
 * come from the classpath. Bad input (a {@link BadInputException} or a picocli usage error) exits with
 * status 2 and a message naming the argument or property; any other exception, a defect included,
 * exits 1.
 */
@Command(name = "ycsb", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
    subcommands = {StudyCommand.class, ReportCommand.class, ResultsCommand.class},
    description = "ycsb-storage study runner, report, results store and demo.")
public final class Main {
  private final Map<String, String> environment;

  private Main(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  /** For {@code --version}. */
  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {Version.describe()};
    }
  }

  public static void main(String[] args) {
    MaskedStandardStreams.install(false);
    exit(execute(args));
  }

  /**
   * Ends the process with a command's exit status ({@link ExitStatus}): the one place that does for
   * every command of ours and for a client whose study ended ({@link StudyParent}). The other is
   * YCSB's: its {@code Client} ends a phase's JVM itself right after the export, so a failed phase's
   * status is set by the exporter ({@code phaseend.ResultExporter}). The benchmarks' own programs end
   * through it too.
   */
  public static void exit(int status) {
    System.exit(status);
  }

  /** Runs a command in this process's environment and returns its exit status ({@link ExitStatus}). */
  public static int execute(String... args) {
    return execute(System.getenv(), args);
  }

  /**
   * Runs a command in the given environment (what {@code bin/ycsb} exports, e.g. {@code YCSB_STORAGE_HOME})
   * and returns its exit status: the commands read their environment from here alone, so that they can
   * be run in process as {@code bin/ycsb} would run them.
   */
  public static int execute(Map<String, String> environment, String... args) {
    var commandLine = new CommandLine(new Main(environment));
    // first: picocli applies some settings only to the subcommands present when they are set
    ServiceLoader.load(Subcommand.class).forEach(commandLine::addSubcommand);
    commandLine.setExecutionExceptionHandler((exception, command, parsed) -> failed(exception, command.getErr()));
    commandLine.setParameterExceptionHandler((exception, arguments) -> {
      var err = exception.getCommandLine().getErr();
      err.println("ycsb: error: " + exception.getMessage());
      exception.getCommandLine().usage(err);
      return ExitStatus.BAD_INPUT.code();
    });
    return commandLine.execute(args);
  }

  /** The environment of the command: the variables {@code bin/ycsb} and the user set. */
  public Map<String, String> environment() {
    return environment;
  }

  /**
   * Says why a command failed and returns its exit status: bad input by its message; anything else
   * unchecked (a defect, e.g. an index out of bounds) also with its stack trace, which is what a user
   * can report; a checked failure of the environment (a full disk) by its message.
   */
  static int failed(Exception exception, PrintWriter err) {
    if (exception instanceof BadInputException) {
      err.println("ycsb: error: " + exception.getMessage());
      return ExitStatus.BAD_INPUT.code();
    }
    err.println("ycsb: error: " + exception);
    if (exception instanceof RuntimeException) {
      exception.printStackTrace(err);
    }
    return ExitStatus.FAILED.code();
  }
}
