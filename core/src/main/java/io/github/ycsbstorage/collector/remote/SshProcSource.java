package io.github.ycsbstorage.collector.remote;

import io.github.ycsbstorage.collector.sample.ProcSource;
import io.github.ycsbstorage.collector.sample.Snapshot;
import io.github.ycsbstorage.config.Check;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Predicate;
import java.util.concurrent.TimeUnit;

/**
 * Reads the server host's {@code /proc} over the user's own ssh ({@code collector.remote=ssh:user@host}):
 * one {@code ssh host sh -c '...'} per reading prints every file between marker lines, and the
 * sections go through the same parsers as local files. Authentication is ssh's business (keys,
 * agent, config); BatchMode keeps it from prompting. Not thread-safe: one sampler thread uses it.
 */
public final class SshProcSource implements ProcSource {
  static final String MARKER = "@@ycsb-storage@@ ";
  private static final long TIMEOUT_SECONDS = 10;

  private final List<String> command;
  private final String target;
  private final OptionalLong pid;

  /**
   * @param sshCommand the ssh client and options, e.g. {@code [ssh, -o, BatchMode=yes]}
   * @param target     {@code user@host}
   * @param pid        the server's process id on that host, if known
   */
  public SshProcSource(List<String> sshCommand, String target, OptionalLong pid) {
    Check.argument(!sshCommand.isEmpty() && target != null && !target.isBlank(),
        "an ssh command and a target are required");
    this.command = List.copyOf(sshCommand);
    this.target = target;
    this.pid = pid;
  }

  /** The remote shell script: each file preceded by a marker line naming it. */
  String script() {
    var files = pid.isPresent() ? Snapshot.FILES : Snapshot.HOST_FILES;
    var script = new StringBuilder();
    for (var file : files) {
      if (file.equals(Snapshot.THREADS)) {
        // one line per thread, its id first; no line at all where the kernel has no schedstat
        script.append("echo '").append(MARKER).append(file).append("'; for t in /proc/").append(pid.getAsLong())
            .append("/task/*; do s=$(cat \"$t/schedstat\" 2>/dev/null) && echo \"${t##*/} $s\"; done; ");
        continue;
      }
      var path = file.startsWith("pid/") ? "/proc/" + pid.getAsLong() + "/" + file.substring(4) : "/proc/" + file;
      script.append("echo '").append(MARKER).append(file).append("'; cat ").append(path)
          .append(" 2>/dev/null || echo '").append(MARKER).append("missing'; ");
    }
    return script.toString();
  }

  @Override
  public Snapshot take(Predicate<String> watchedDevices) throws IOException {
    var output = run(script());
    long millis = System.currentTimeMillis();
    long nanos = System.nanoTime();
    var sections = split(output);
    return Snapshot.parse(millis, nanos, sections::get, watchedDevices, pid.isPresent());
  }

  @Override
  public Map<Long, String> threadNames() throws IOException {
    if (pid.isEmpty()) {
      return Map.of();
    }
    var names = new HashMap<Long, String>();
    var lines = new String(run("for t in /proc/" + pid.getAsLong() + "/task/*; do n=$(cat \"$t/comm\" 2>/dev/null)"
        + " && echo \"${t##*/} $n\"; done"), StandardCharsets.UTF_8).split("\n");
    for (var line : lines) {
      var space = line.indexOf(' ');
      if (space > 0 && line.substring(0, space).chars().allMatch(Character::isDigit)) {
        names.put(Long.parseLong(line.substring(0, space)), line.substring(space + 1).strip());
      }
    }
    return names;
  }

  /** Runs a script on the target and returns what it printed. */
  private byte[] run(String script) throws IOException {
    var full = new ArrayList<>(command);
    full.add(target);
    full.add(script);
    var process = new ProcessBuilder(full).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    var out = new ByteArrayOutputStream();
    try (var in = process.getInputStream()) {
      in.transferTo(out);
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException("ssh " + target + " did not finish within " + TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading over ssh", e);
    }
    if (process.exitValue() == 255) {
      throw new IOException("ssh " + target + " failed (exit 255: connection or authentication)");
    }
    return out.toByteArray();
  }

  /** Splits the output at marker lines; a section followed by a {@code missing} marker is dropped. */
  static Map<String, Snapshot.Slice> split(byte[] output) {
    var text = new String(output, StandardCharsets.ISO_8859_1);
    var sections = new HashMap<String, Snapshot.Slice>();
    String current = null;
    int start = 0;
    int position = 0;
    while (position <= text.length()) {
      int lineEnd = text.indexOf('\n', position);
      if (lineEnd < 0) {
        lineEnd = text.length();
      }
      if (text.startsWith(MARKER, position)) {
        if (current != null) {
          sections.put(current, new Snapshot.Slice(output, start, position - start));
        }
        var name = text.substring(position + MARKER.length(), lineEnd).trim();
        if (name.equals("missing")) {
          sections.remove(current);
          current = null;
        } else {
          current = name;
        }
        start = Math.min(lineEnd + 1, text.length());
      }
      position = lineEnd + 1;
    }
    if (current != null) {
      sections.put(current, new Snapshot.Slice(output, start, text.length() - start));
    }
    return sections;
  }

  @Override
  public String describe() {
    return "ssh " + target;
  }
}
