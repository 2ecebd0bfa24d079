package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.Warmup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * After a warm-up, for the measured phase of a run held to a target rate: this JVM's JIT compiler
 * threads yield the CPUs to the client threads ({@code renice} to {@value #NICE}). On 2 cores, a
 * compiler thread that woke during such a phase took a client thread's core for a whole time slice
 * (3–4 ms, {@code perf sched timehist}), and the client thread's scheduled operations waited as long:
 * of 100,000 reads at 30,000 ops/s on tmpfs, 1,100–4,100 were more than 2 ms late, against 200–1,200
 * with the compilers yielding (four pairs, docs/study.md). The warm-up compiled the phase's code at
 * normal priority; what is left compiles on the CPU time the client threads leave, which a run held
 * below its saturation has. Unthrottled runs keep the compilers as they are: yielding while the
 * clients saturate the CPUs, they cost 20–30 % of the throughput (the code stays interpreted longer).
 * Compiler threads added later are started by a compiler thread and inherit its nice value. Linux
 * only; stateless.
 */
final class CompilerYield {
  /** The lowest priority: the compilers run when no client thread is ready. */
  static final int NICE = 19;
  /** HotSpot's compiler threads as Linux names them: {@code C1 CompilerThread0} cut to 15 characters. */
  static final Predicate<String> HOTSPOT_COMPILERS = name -> name.startsWith("C1 CompilerThre")
      || name.startsWith("C2 CompilerThre");
  private static final Path TASKS = Path.of("/proc/self/task");
  /** The nice value's field in {@code /proc/<pid>/task/<tid>/stat}, counted from 1 (proc(5)). */
  private static final int NICE_FIELD = 19;

  private CompilerYield() {
  }

  /** HotSpot's compiler threads yield; see {@link #apply(Predicate)}. */
  static Warmup.CompilerYield apply() throws IOException {
    return apply(HOTSPOT_COMPILERS);
  }

  /**
   * Renices this process's threads whose names {@code threads} accepts to {@value #NICE}, and reads
   * their nice values back.
   *
   * @throws IOException when there is no such thread, {@code renice} fails, or a thread's nice value
   *                     is not {@value #NICE} afterwards: the reason, for the result's warnings
   */
  static Warmup.CompilerYield apply(Predicate<String> threads) throws IOException {
    if (!Files.isDirectory(TASKS)) {
      throw new IOException(TASKS + " is missing (not Linux)");
    }
    var tids = new ArrayList<String>();
    try (Stream<Path> tasks = Files.list(TASKS)) {
      for (var task : tasks.toList()) {
        try {
          if (threads.test(Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip())) {
            tids.add(task.getFileName().toString());
          }
        } catch (IOException ended) {
          // a thread that ended meanwhile
        }
      }
    }
    if (tids.isEmpty()) {
      throw new IOException("no JIT compiler thread found in " + TASKS);
    }
    renice(tids);
    for (var tid : tids) {
      var fields = Files.readString(TASKS.resolve(tid).resolve("stat"), StandardCharsets.US_ASCII);
      // the fields after the command name, which is in parentheses and may hold spaces
      var after = fields.substring(fields.lastIndexOf(')') + 2).split(" ");
      var nice = after[NICE_FIELD - 3];
      if (!nice.equals(Integer.toString(NICE))) {
        throw new IOException("thread " + tid + " has nice " + nice + " after renice " + NICE);
      }
    }
    return new Warmup.CompilerYield(tids.size(), NICE);
  }

  private static void renice(List<String> tids) throws IOException {
    // --priority sets the value; POSIX's -n is an increment, and util-linux versions differ on it
    var command = new ArrayList<>(List.of("renice", "--priority", Integer.toString(NICE), "-p"));
    command.addAll(tids);
    var renice = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      renice.getOutputStream().close();
      var output = new String(renice.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!renice.waitFor(30, TimeUnit.SECONDS)) {
        renice.destroyForcibly();
        throw new IOException("renice did not end within 30 s");
      }
      if (renice.exitValue() != 0) {
        throw new IOException("renice exited " + renice.exitValue() + ": " + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      renice.destroyForcibly();
      throw new IOException("interrupted while waiting for renice", e);
    }
  }
}
