package io.github.ycsbstorage.collector.sample;

import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.config.Check;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Reads {@code /proc} under a {@link HostFiles} root. Each file is read into a buffer kept across
 * readings (procfs files report size 0, so they are read to EOF), so that steady-state sampling
 * allocates little. A snapshot is timed at its reads: every file is read first, back to back, and
 * the snapshot takes the midpoint of those reads as its time; parsing comes after. (Timing before
 * the reads charged the first reading's class loading, tens of milliseconds, to the first interval
 * and made its rates low.) Not thread-safe: one sampler thread uses it.
 */
public final class LocalProcSource implements ProcSource {
  private final HostFiles files;
  private final OptionalLong pid;
  private final List<Long> readingForIt;
  private final LongSupplier nanoClock;
  private final Map<String, byte[]> buffers = new HashMap<>();
  private final List<String> names;

  public LocalProcSource(HostFiles files, OptionalLong pid) {
    this(files, pid, List.of(), System::nanoTime);
  }

  /**
   * @param readingForIt processes that read the device on the server's behalf (the FUSE daemons of its
   *                     files): their {@code io} counters are added to the server process's
   */
  public LocalProcSource(HostFiles files, OptionalLong pid, List<Long> readingForIt) {
    this(files, pid, readingForIt, System::nanoTime);
  }

  /** With another monotonic clock: tests use one they advance. */
  LocalProcSource(HostFiles files, OptionalLong pid, List<Long> readingForIt, LongSupplier nanoClock) {
    Check.argument(files != null && pid != null && readingForIt != null && nanoClock != null,
        "files, pid, processes and clock must not be null");
    Check.argument(pid.isPresent() || readingForIt.isEmpty(), "processes read for no server");
    this.files = files;
    this.pid = pid;
    this.readingForIt = List.copyOf(readingForIt);
    this.nanoClock = nanoClock;
    this.names = pid.isPresent() ? Snapshot.FILES : Snapshot.HOST_FILES;
  }

  @Override
  public Snapshot take(Predicate<String> watchedDevices) {
    var read = new HashMap<String, Snapshot.Slice>();
    long first = nanoClock.getAsLong();
    for (var name : names) {
      read.put(name, read(name));
    }
    long last = nanoClock.getAsLong();
    long millis = System.currentTimeMillis() - (last - first) / 2_000_000;
    return Snapshot.parse(millis, first + (last - first) / 2, read::get, watchedDevices, pid.isPresent());
  }

  private Snapshot.Slice read(String name) {
    if (name.equals(Snapshot.THREADS)) {
      return threads();
    }
    if (!name.startsWith("pid/")) {
      return read(name, List.of("/proc/" + name));
    }
    var own = "/proc/" + pid.getAsLong() + "/" + name.substring(4);
    if (!name.equals("pid/io")) {
      return read(name, List.of(own));
    }
    // the daemons' files follow the server's: ProcParsers#processIo adds them up
    var paths = new java.util.ArrayList<String>(List.of(own));
    readingForIt.forEach(process -> paths.add("/proc/" + process + "/io"));
    return read(name, paths);
  }

  /** The files one after another in {@code name}'s buffer; null when any of them is unreadable. */
  private Snapshot.Slice read(String name, List<String> hostPaths) {
    var buffer = buffers.computeIfAbsent(name, key -> new byte[8192]);
    int length = 0;
    for (var hostPath : hostPaths) {
      try (var in = new FileInputStream(files.path(hostPath).toFile())) {
        int n;
        while ((n = in.read(buffer, length, buffer.length - length)) > 0) {
          length += n;
          if (length == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
            buffers.put(name, buffer);
          }
        }
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }
    return new Snapshot.Slice(buffer, 0, length);
  }

  /**
   * {@link Snapshot#THREADS}: each thread's {@code schedstat} after its id; null when the task folder
   * or every thread's file is unreadable. A thread that ends while the folder is read is left out.
   */
  private Snapshot.Slice threads() {
    var text = new StringBuilder();
    try (var tasks = java.nio.file.Files.newDirectoryStream(files.path("/proc/" + pid.getAsLong() + "/task"))) {
      for (var task : tasks) {
        try {
          text.append(task.getFileName()).append(' ')
              .append(java.nio.file.Files.readString(task.resolve("schedstat"))).append('\n');
        } catch (IOException e) {
          // ended meanwhile, or no schedstat on this kernel: an empty text says the latter
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    var bytes = text.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    return bytes.length == 0 ? null : new Snapshot.Slice(bytes, 0, bytes.length);
  }

  @Override
  public Map<Long, String> threadNames() {
    if (pid.isEmpty()) {
      return Map.of();
    }
    var names = new HashMap<Long, String>();
    try (var tasks = java.nio.file.Files.newDirectoryStream(files.path("/proc/" + pid.getAsLong() + "/task"))) {
      for (var task : tasks) {
        try {
          names.put(Long.parseLong(task.getFileName().toString()),
              java.nio.file.Files.readString(task.resolve("comm")).strip());
        } catch (IOException | NumberFormatException e) {
          // ended meanwhile: it has no name to match
        }
      }
    } catch (IOException | RuntimeException e) {
      return Map.of(); // the process is gone or unreadable: no thread is told apart
    }
    return names;
  }

  @Override
  public String describe() {
    return "local " + files.path("/proc");
  }
}
