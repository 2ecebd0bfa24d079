package io.github.ycsbstorage.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the assembled distribution's {@code bin/ycsb} as a user would, in a working directory of the
 * test's choosing, and captures what it prints. Each call is bounded in time.
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
    var command = new ArrayList<String>();
    command.add(HOME.resolve("bin/ycsb").toString());
    command.addAll(List.of(args));
    return run(command, environment, HOME);
  }

  static Result ycsb(String... args) throws IOException, InterruptedException {
    return ycsb(Map.of(), args);
  }

  /** {@code bin/ycsb} with {@code input} as its stdin, e.g. commands for {@code ycsb shell}. */
  static Result ycsbWithInput(String input, String... args) throws IOException, InterruptedException {
    var stdin = Files.createTempFile("ycsb-in", ".txt");
    try {
      Files.writeString(stdin, input);
      var command = new ArrayList<String>();
      command.add(HOME.resolve("bin/ycsb").toString());
      command.addAll(List.of(args));
      var builder = new ProcessBuilder(command).directory(HOME.toFile()).redirectInput(stdin.toFile());
      return start(builder, Map.of(), command).finish();
    } finally {
      Files.deleteIfExists(stdin);
    }
  }

  static Result run(List<String> command, Map<String, String> environment, Path directory)
      throws IOException, InterruptedException {
    return start(command, environment, directory).finish();
  }

  /** Starts {@code bin/ycsb} without waiting, for tests that act on the process while it runs. */
  static Running start(Map<String, String> environment, String... args) throws IOException {
    var command = new ArrayList<String>();
    command.add(HOME.resolve("bin/ycsb").toString());
    command.addAll(List.of(args));
    return start(command, environment, HOME);
  }

  private static Running start(List<String> command, Map<String, String> environment, Path directory)
      throws IOException {
    return start(new ProcessBuilder(command).directory(directory.toFile()), environment, command);
  }

  private static Running start(ProcessBuilder builder, Map<String, String> environment, List<String> command)
      throws IOException {
    builder.environment().remove("KVHOME");
    builder.environment().remove("JAVA_OPTS");
    builder.environment().putAll(environment);
    var out = Files.createTempFile("ycsb-out", ".txt");
    var err = Files.createTempFile("ycsb-err", ".txt");
    builder.redirectOutput(out.toFile()).redirectError(err.toFile());
    return new Running(command, builder.start(), out, err);
  }

  /** A running command whose output goes to temporary files until {@link #finish()}. */
  record Running(List<String> command, Process process, Path out, Path err) {
    /** Waits until stdout or stderr holds {@code text}; fails after {@code seconds}. */
    void awaitOutput(String text, int seconds) throws IOException, InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (!(Files.readString(out) + Files.readString(err)).contains(text)) {
        if (System.nanoTime() > deadline || !process.isAlive()) {
          throw new AssertionError("no «" + text + "» from " + command + ":\n" + Files.readString(out)
              + Files.readString(err));
        }
        Thread.sleep(50);
      }
    }

    /** Sends a signal, e.g. {@code INT} or {@code TERM}, as a user's Ctrl-C or a service manager would. */
    void signal(String name) throws IOException, InterruptedException {
      var kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
      if (kill.waitFor() != 0) {
        throw new AssertionError("kill -" + name + " failed; " + command + " printed:\n" + Files.readString(out)
            + Files.readString(err));
      }
    }

    /** Waits (at most 3 minutes) for the end and returns what was printed. */
    Result finish() throws IOException, InterruptedException {
      try {
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
          process.destroyForcibly();
          throw new AssertionError("timed out: " + command + "\n" + Files.readString(err));
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    }
  }
}
