package io.github.ycsbstorage.study;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Process control of a cell's clients: starts each command with its stdout and stderr in its
 * folder, samples each one's CPU time while it lives, waits for all of them and makes sure that
 * none outlives the call. Stateless.
 */
final class ClientLaunch {
  /** How often a client's CPU time is sampled: the last sample before it ends is its figure. */
  private static final long SAMPLE_MILLIS = 200;

  /**
   * How one client ended.
   *
   * @param cpuSeconds its CPU time as last sampled; empty when not measurable
   */
  record Ended(int index, int exitCode, Optional<Double> cpuSeconds) {
  }

  /**
   * How the clients ended.
   *
   * @param wallSeconds from the first launch to the last exit
   */
  record Launched(List<Ended> clients, double wallSeconds) {
  }

  private ClientLaunch() {
  }

  static Launched run(List<CellCommands.ClientCommand> commands, ChildProcesses children)
      throws IOException, InterruptedException {
    var processes = new ArrayList<Process>();
    var cpu = new ArrayList<Optional<Double>>();
    long launched = System.nanoTime();
    try {
      for (var client : commands) {
        Files.createDirectories(client.folder());
        processes.add(children.track(new ProcessBuilder(client.command())
            .redirectOutput(client.folder().resolve("stdout.log").toFile())
            .redirectError(client.folder().resolve("stderr.log").toFile()).start()));
        cpu.add(Optional.empty());
      }
      while (processes.stream().anyMatch(Process::isAlive)) {
        for (int i = 0; i < processes.size(); i++) {
          var sampled = processes.get(i).info().totalCpuDuration().map(d -> d.toNanos() / 1e9);
          if (sampled.isPresent()) {
            cpu.set(i, sampled);
          }
        }
        Thread.sleep(SAMPLE_MILLIS);
      }
      var wallSeconds = (System.nanoTime() - launched) / 1e9;
      var ended = new ArrayList<Ended>();
      for (int i = 0; i < processes.size(); i++) {
        ended.add(new Ended(commands.get(i).index(), processes.get(i).exitValue(), cpu.get(i)));
      }
      return new Launched(ended, wallSeconds);
    } finally {
      processes.forEach(p -> {
        p.destroyForcibly();
        children.forget(p);
      });
    }
  }
}
