package io.github.ycsbstorage.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * A child process of a test whose stdout and stderr go to files, so that what it printed so far can
 * be read at any moment: while waiting for a line, and in the failure when it hangs. Every wait is
 * bounded by {@link HangLimit}; on expiry the process and its descendants are killed and the
 * failure shows the command, its stdout and its stderr. {@link #close()} kills what still runs,
 * keeps what it printed and deletes the files. Every run is also remembered for
 * {@link ChildOutputOnFailure}, which adds the output of a failed test's children to its failure
 * whatever the reason; by the thread that started it, so that tests run concurrently each show their
 * own. One run is used from one thread.
 */
public final class ProcessRun implements AutoCloseable {
  /** The runs a failed test's report may show (see {@link #forgetClosed()}). */
  private static final List<ProcessRun> RUNS = new CopyOnWriteArrayList<>();

  private final List<String> command;
  private final Process process;
  private final Path out;
  private final Path err;
  /** The test's thread; tests run concurrently start theirs on their own threads. */
  private final Thread starter = Thread.currentThread();
  /** What it printed, kept at {@link #close()} when the files go; null while it is open. */
  private volatile String transcript;

  private ProcessRun(List<String> command, Process process, Path out, Path err) {
    this.command = command;
    this.process = process;
    this.out = out;
    this.err = err;
  }

  /**
   * The runs a failure report shows: those this thread started since its last {@link #forgetClosed()},
   * and every run still open (a class's server, started on another thread).
   */
  static List<ProcessRun> remembered() {
    return RUNS.stream().filter(run -> run.starter == Thread.currentThread() || run.transcript == null).toList();
  }

  /** Forgets the runs this thread started that ended, at the start of a test; runs still open stay. */
  static void forgetClosed() {
    RUNS.removeIf(run -> run.starter == Thread.currentThread() && run.transcript != null);
  }

  /** Starts {@code builder}'s command with stdout and stderr redirected to temporary files. */
  public static ProcessRun start(ProcessBuilder builder) throws IOException {
    var out = Files.createTempFile("process-out", ".txt");
    var err = Files.createTempFile("process-err", ".txt");
    builder.redirectOutput(out.toFile()).redirectError(err.toFile());
    try {
      var run = new ProcessRun(List.copyOf(builder.command()), builder.start(), out, err);
      RUNS.add(run);
      return run;
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      throw e;
    }
  }

  public Process process() {
    return process;
  }

  /** What it printed to stdout so far. */
  public String stdout() throws IOException {
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** What it printed to stderr so far. */
  public String stderr() throws IOException {
    return Files.readString(err, StandardCharsets.UTF_8);
  }

  /** The command and everything it printed so far, for failure messages. */
  public String describe() {
    if (transcript != null) {
      return transcript;
    }
    try {
      return String.join(" ", command) + "\n--- stdout so far ---\n" + stdout() + "--- stderr so far ---\n" + stderr();
    } catch (IOException e) {
      return String.join(" ", command) + "\n(output unreadable: " + e + ")";
    }
  }

  /** Waits until stdout or stderr holds {@code text}; fails if the process ends first. */
  public void awaitOutput(String text) throws InterruptedException {
    awaitOutput(output -> output.contains(text), "«" + text + "»");
  }

  /** Waits until stdout plus stderr passes {@code test}; fails if the process ends first. */
  public void awaitOutput(Predicate<String> test, String what) throws InterruptedException {
    await(() -> test.test(stdout() + stderr()), "output " + what);
  }

  /** Waits until {@code condition} holds while the process runs; fails if it ends first. */
  public void await(HangLimit.Condition condition, String what) throws InterruptedException {
    HangLimit.await(() -> {
      if (condition.holds()) {
        return true;
      }
      if (!process.isAlive()) {
        throw new IllegalStateException("ended with " + process.exitValue() + " before " + what);
      }
      return false;
    }, () -> what + " from " + describe());
  }

  /** Sends a signal, e.g. {@code INT} or {@code TERM}, as a user's Ctrl-C or a service manager would. */
  public void signal(String name) throws IOException, InterruptedException {
    var kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
    if (kill.waitFor() != 0) {
      throw new AssertionError("kill -" + name + " failed for " + describe());
    }
  }

  /** Waits for the end (at most {@link HangLimit#PROCESS}, scaled) and returns the exit code. */
  public int finish() throws InterruptedException {
    var limit = HangLimit.of(HangLimit.PROCESS);
    if (!process.waitFor(limit.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS)) {
      var state = describe();
      kill();
      throw new AssertionError("still running after " + HangLimit.describe(limit) + " (" + HangLimit.FACTOR_PROPERTY
          + "=" + HangLimit.factor() + "), killed: " + state);
    }
    return process.exitValue();
  }

  private int exitCode() {
    try {
      return process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  private void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  @Override
  public void close() throws IOException {
    if (process.isAlive()) {
      kill();
    }
    if (transcript == null) {
      var printed = describe();
      transcript = printed + "--- exit code " + exitCode() + " ---\n";
    }
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
  }
}
