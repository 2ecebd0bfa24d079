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
  /** The unpacked distribution that Maven assembled (set by the dist module's failsafe config). */
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

  static Result run(List<String> command, Map<String, String> environment, Path directory)
      throws IOException, InterruptedException {
    var builder = new ProcessBuilder(command).directory(directory.toFile());
    builder.environment().remove("KVHOME");
    builder.environment().remove("JAVA_OPTS");
    builder.environment().putAll(environment);
    var out = Files.createTempFile("ycsb-out", ".txt");
    var err = Files.createTempFile("ycsb-err", ".txt");
    try {
      builder.redirectOutput(out.toFile()).redirectError(err.toFile());
      var process = builder.start();
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
