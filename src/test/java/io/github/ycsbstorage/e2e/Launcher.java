package io.github.ycsbstorage.e2e;

import io.github.ycsbstorage.testkit.ProcessRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the assembled distribution's {@code bin/ycsb} as a user would, in a working directory of the
 * test's choosing, and captures what it prints. Each call is bounded by the test kit's hang limit,
 * and a command that hangs fails with what it printed so far.
 */
final class Launcher {
  /** The unpacked distribution that Maven assembled (set by e2e/pom.xml's failsafe config). */
  static final Path HOME = Path.of(System.getProperty("ycsb.home", "dist/target/ycsb-storage"));
  /** The repository root, for files that are not in the distribution. */
  static final Path REPOSITORY = Path.of(System.getProperty("repository.root", ".")).toAbsolutePath().normalize();

  private Launcher() {
  }

  /** What one command printed and how it ended. */
  record Result(int exitCode, String stdout, String stderr) {
    String all() {
      return stdout + "\n" + stderr;
    }
  }

  static Result ycsb(Map<String, String> environment, String... args) throws IOException, InterruptedException {
    return finish(start(environment, args));
  }

  static Result ycsb(String... args) throws IOException, InterruptedException {
    return ycsb(Map.of(), args);
  }

  /** {@code bin/ycsb} with {@code input} as its stdin, e.g. commands for {@code ycsb shell}. */
  static Result ycsbWithInput(String input, String... args) throws IOException, InterruptedException {
    var stdin = Files.createTempFile("ycsb-in", ".txt");
    try {
      Files.writeString(stdin, input);
      return finish(ProcessRun.start(builder(binYcsb(args), Map.of(), HOME).redirectInput(stdin.toFile())));
    } finally {
      Files.deleteIfExists(stdin);
    }
  }

  static Result run(List<String> command, Map<String, String> environment, Path directory)
      throws IOException, InterruptedException {
    return finish(ProcessRun.start(builder(command, environment, directory)));
  }

  /** Starts {@code bin/ycsb} without waiting, for tests that act on the process while it runs. */
  static ProcessRun start(Map<String, String> environment, String... args) throws IOException {
    return ProcessRun.start(builder(binYcsb(args), environment, HOME));
  }

  /** Waits for the end of {@code run} and returns what it printed. */
  static Result finish(ProcessRun run) throws IOException, InterruptedException {
    try (run) {
      int exitCode = run.finish();
      return new Result(exitCode, run.stdout(), run.stderr());
    }
  }

  private static List<String> binYcsb(String... args) {
    var command = new ArrayList<String>();
    command.add(HOME.resolve("bin/ycsb").toString());
    command.addAll(List.of(args));
    return command;
  }

  private static ProcessBuilder builder(List<String> command, Map<String, String> environment, Path directory) {
    var builder = new ProcessBuilder(command).directory(directory.toFile());
    builder.environment().remove("KVHOME");
    builder.environment().remove("JAVA_OPTS");
    builder.environment().putAll(environment);
    return builder;
  }
}
