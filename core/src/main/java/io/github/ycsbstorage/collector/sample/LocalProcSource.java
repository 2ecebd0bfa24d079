package io.github.ycsbstorage.collector.sample;

import io.github.ycsbstorage.collector.host.HostFiles;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * Reads {@code /proc} under a {@link HostFiles} root. Each file is read into a buffer kept across
 * readings (procfs files report size 0, so they are read to EOF), so that steady-state sampling
 * allocates little. Not thread-safe: one sampler thread uses it.
 */
public final class LocalProcSource implements ProcSource {
  private final HostFiles files;
  private final OptionalLong pid;
  private final Map<String, byte[]> buffers = new HashMap<>();

  public LocalProcSource(HostFiles files, OptionalLong pid) {
    if (files == null || pid == null) {
      throw new IllegalArgumentException("files and pid must not be null");
    }
    this.files = files;
    this.pid = pid;
  }

  @Override
  public Snapshot take(Predicate<String> watchedDevices) {
    long millis = System.currentTimeMillis();
    long nanos = System.nanoTime();
    return Snapshot.parse(millis, nanos, this::read, watchedDevices, pid.isPresent());
  }

  private Snapshot.Slice read(String name) {
    var hostPath = name.startsWith("pid/") ? "/proc/" + pid.getAsLong() + "/" + name.substring(4)
        : "/proc/" + name;
    var buffer = buffers.computeIfAbsent(name, key -> new byte[8192]);
    int length = 0;
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
    return new Snapshot.Slice(buffer, 0, length);
  }

  @Override
  public String describe() {
    return "local " + files.path("/proc");
  }
}
