package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.SecretMasker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Starts and stops the database server around the cells of a device with the study's shell
 * commands ({@code study.server.start|stop}, {@code {datadir}} and {@code {device}} substituted),
 * and drops the page cache for {@code study.cache=cold}. The commands run in the study file's folder,
 * so that a script beside it is found as {@code ./script}. Without commands the server is left alone.
 * Not thread-safe: used by the study's single runner thread.
 */
final class ServerControl {
  /** The server's start and stop logs hold its own words: its owner's to read. */
  private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
  private static final long COMMAND_TIMEOUT_MINUTES = 10;

  private final Optional<String> start;
  private final Optional<String> stop;
  private final ChildProcesses children;
  private final Path logFolder;
  private final Path workingFolder;

  ServerControl(Optional<String> start, Optional<String> stop, ChildProcesses children, Path logFolder,
                Path workingFolder) {
    this.start = start;
    this.workingFolder = workingFolder;
    this.stop = stop;
    this.children = children;
    this.logFolder = logFolder;
  }

  boolean canRestart() {
    return start.isPresent() && stop.isPresent();
  }

  void start(Cell cell) throws IOException, InterruptedException {
    if (start.isPresent()) {
      Files.createDirectories(cell.device().dataPath());
      run("start", cell, start.get());
    }
  }

  void stop(Cell cell) throws IOException, InterruptedException {
    if (stop.isPresent()) {
      run("stop", cell, stop.get());
    }
  }

  /**
   * Empties the OS page cache (needs root). Returns a warning for the cell result when it could
   * not, empty when it did.
   */
  Optional<String> dropPageCache() throws IOException, InterruptedException {
    var sync = new ProcessBuilder("sync").inheritIO().start();
    sync.waitFor();
    try {
      Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
      return Optional.empty();
    } catch (IOException | SecurityException e) {
      return Optional.of("study.cache=cold: the page cache could not be dropped (" + e.getMessage()
          + "; needs root)" + (canRestart() ? ", the server was restarted" : ", and no server commands restart it"));
    }
  }

  private void run(String what, Cell cell, String template) throws IOException, InterruptedException {
    var command = cell.substitute(template);
    Files.createDirectories(logFolder);
    var log = logFolder.resolve("server-" + what + "-" + cell.device().name() + "-" + cell.scale().label() + ".log");
    // The command's own output goes to a private file outside the results (a server it starts may write
    // there for its whole life, which a pipe would end with SIGPIPE once the study exits); the results
    // get its masked copy, as every other output, when the command ends.
    var raw = Files.createTempFile("ycsb-server-" + what, ".log", PRIVATE);
    try {
      var process = children.track(new ProcessBuilder(List.of("sh", "-c", command)).directory(workingFolder.toFile())
          .redirectErrorStream(true).redirectOutput(raw.toFile()).start());
      try {
        if (!process.waitFor(COMMAND_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
          throw new IOException("server " + what + " command did not finish within " + COMMAND_TIMEOUT_MINUTES
              + " minutes: " + command + " (log: " + log + ")");
        }
        if (process.exitValue() != 0) {
          throw new IOException("server " + what + " command failed with status " + process.exitValue() + ": "
              + command + " (log: " + log + ")");
        }
      } finally {
        children.forget(process);
      }
    } finally {
      // masked, and still the study's own to share: readable by its owner alone, as it always was
      Files.deleteIfExists(log);
      var masked = SecretMasker.maskText(Files.readString(raw, StandardCharsets.UTF_8));
      Files.writeString(Files.createFile(log, PRIVATE), masked, StandardCharsets.UTF_8);
      Files.delete(raw); // a server still writing to it writes to an unlinked file, which nobody else can open
    }
  }
}
