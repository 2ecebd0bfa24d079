package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.result.ExitStatus;
import io.github.ycsbstorage.result.Version;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

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
  /** For {@code --version}. */
  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {Version.describe()};
    }
  }

  public static void main(String[] args) {
    MaskedStandardStreams.install(false);
    System.exit(execute(args));
  }

  /** Runs a command and returns its exit status ({@link ExitStatus}). */
  public static int execute(String... args) {
    var commandLine = new CommandLine(new Main());
    // first: picocli applies some settings only to the subcommands present when they are set
    ServiceLoader.load(Subcommand.class).forEach(commandLine::addSubcommand);
    commandLine.setExecutionExceptionHandler((exception, command, parsed) -> {
      if (exception instanceof BadInputException) {
        command.getErr().println("ycsb: error: " + exception.getMessage());
        return ExitStatus.BAD_INPUT.code();
      }
      command.getErr().println("ycsb: error: " + exception);
      return ExitStatus.FAILED.code();
    });
    commandLine.setParameterExceptionHandler((exception, arguments) -> {
      var err = exception.getCommandLine().getErr();
      err.println("ycsb: error: " + exception.getMessage());
      exception.getCommandLine().usage(err);
      return ExitStatus.BAD_INPUT.code();
    });
    return commandLine.execute(args);
  }
}
