package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.Version;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point behind {@code bin/ycsb study|report|demo}; {@code demo} and any other {@link Subcommand}
 * come from the classpath. Bad input (an {@link InvalidPropertyException}
 * or a picocli usage error) exits with status 2 and a message naming the argument or property.
 */
@Command(name = "ycsb", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
    subcommands = {StudyCommand.class, ReportCommand.class},
    description = "ycsb-storage study runner, report and demo.")
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

  /** Runs a command and returns its exit status (0 ok, 1 failure, 2 bad input). */
  public static int execute(String... args) {
    var commandLine = new CommandLine(new Main());
    // first: picocli applies some settings only to the subcommands present when they are set
    ServiceLoader.load(Subcommand.class).forEach(commandLine::addSubcommand);
    commandLine.setExecutionExceptionHandler((exception, command, parsed) -> {
      if (exception instanceof InvalidPropertyException || exception instanceof IllegalArgumentException) {
        command.getErr().println("ycsb: error: " + exception.getMessage());
        return YcsbCommand.EXIT_BAD_INPUT;
      }
      command.getErr().println("ycsb: error: " + exception);
      return 1;
    });
    commandLine.setParameterExceptionHandler((exception, arguments) -> {
      var err = exception.getCommandLine().getErr();
      err.println("ycsb: error: " + exception.getMessage());
      exception.getCommandLine().usage(err);
      return YcsbCommand.EXIT_BAD_INPUT;
    });
    return commandLine.execute(args);
  }
}
