package io.github.ycsbstorage.dataset;

import io.github.ycsbstorage.config.Check;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The bytes allocated to files under directory trees (st_blocks × 512, each inode once, symbolic
 * links followed), as {@code du -s -k -L} counts them. The JDK exposes no block counts, so the
 * system's own {@code du} (POSIX options only) is asked: it is what a storage engineer would check
 * the figure with. Apparent sizes ({@code ls -l}) would count holes of sparse files and miss the
 * rounding to blocks. Stateless and thread-safe.
 */
public final class DiskUsage {
  /** Long enough for trees of millions of files; a hung file system ends the wait. */
  private static final long TIMEOUT_MINUTES = 10;

  private final List<String> command;

  public DiskUsage() {
    this(List.of("du", "-s", "-k", "-L", "--"));
  }

  /** With another command that prints {@code <KiB><tab><path>} per argument (tests). */
  DiskUsage(List<String> command) {
    this.command = List.copyOf(command);
  }

  /**
   * Allocated bytes under the paths together.
   *
   * @throws IOException naming what could not be measured and why (du's own message)
   */
  public long allocatedBytes(List<Path> paths) throws IOException {
    Check.argument(!paths.isEmpty(), "no path to measure");
    var distinct = outermost(paths);
    var arguments = new ArrayList<>(command);
    distinct.forEach(path -> arguments.add(path.toString()));
    Process process;
    try {
      process = new ProcessBuilder(arguments).start();
    } catch (IOException e) {
      throw new IOException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
    }
    process.getOutputStream().close();
    // read both streams at once: a full pipe on either would stop du
    var stderr = CompletableFuture.supplyAsync(() -> text(process.getErrorStream()));
    try {
      var stdout = text(process.getInputStream());
      if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        throw new IOException(command.get(0) + " did not finish within " + TIMEOUT_MINUTES + " minutes");
      }
      return parse(stdout, distinct.size(), stderr.join().trim());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while measuring " + paths, e);
    } finally {
      process.destroy();
    }
  }

  /**
   * The paths without those inside another one: du prints no line for a tree it has already counted,
   * so that every path it is given must have its own line.
   */
  static List<Path> outermost(List<Path> paths) {
    var real = new ArrayList<Path>();
    for (var path : paths) {
      Path resolved;
      try {
        resolved = path.toRealPath();
      } catch (IOException e) {
        resolved = path.toAbsolutePath().normalize(); // du names it in its error
      }
      if (!real.contains(resolved)) {
        real.add(resolved);
      }
    }
    return real.stream().filter(path -> real.stream().noneMatch(other -> !other.equals(path) && path.startsWith(other)))
        .toList();
  }

  private static String text(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  /**
   * The sum of du's per-path lines. du exits 1 also when a file vanished during its walk (a server's
   * temporary file): its totals still count, as long as every path has its line.
   */
  static long parse(String output, int paths, String errors) throws IOException {
    long kib = 0;
    int lines = 0;
    for (var line : output.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      int tab = line.indexOf('\t');
      try {
        kib += Long.parseLong(tab < 0 ? line.trim() : line.substring(0, tab).trim());
      } catch (NumberFormatException e) {
        throw new IOException("unexpected du output: " + line, e);
      }
      lines++;
    }
    if (lines != paths) {
      throw new IOException(errors.isEmpty() ? "du measured " + lines + " of " + paths + " paths" : errors);
    }
    return kib * 1024;
  }
}
