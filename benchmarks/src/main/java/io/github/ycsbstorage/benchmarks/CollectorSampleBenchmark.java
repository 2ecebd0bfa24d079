package io.github.ycsbstorage.benchmarks;

import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.collector.sample.LocalProcSource;
import io.github.ycsbstorage.collector.sample.Snapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * <b>Question:</b> what does one collector sample cost the benchmarked host, i.e. how much CPU does
 * the storage collector take away from the run it observes?
 *
 * <p>{@code fixture*} parse in-memory copies of {@code /proc/diskstats} (a database server's 22
 * devices), {@code /proc/stat}, {@code /proc/meminfo} and {@code /proc/vmstat}: the parsing cost
 * alone. {@code live*} read the real files of the machine running the benchmark and parse them:
 * what the sampler thread does once per {@code collector.interval} (the kernel's time to render
 * the files dominates). {@code liveWithProcess} adds the server process's {@code io} and
 * {@code stat} (here: the benchmark JVM's own).
 *
 * <p><b>Reading it:</b> scores are microseconds per sample. At the default interval of 1 s the
 * share of one core the sampler takes is {@code score / 1,000,000}; e.g. 50 µs/op is 0.005 % of a
 * core. The budget is 1 % of throughput, so anything under ~1,000 µs/op at a 1 s interval
 * (or ~10 µs/op at 1 ms) is comfortably inside it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class CollectorSampleBenchmark {
  private final Map<String, Snapshot.Slice> fixture = new HashMap<>();
  private LocalProcSource live;
  private LocalProcSource liveWithProcess;
  private Predicate<String> watched;

  @Setup
  public void setUp() {
    for (var name : new String[] {"diskstats", "stat", "meminfo", "vmstat"}) {
      try (var in = CollectorSampleBenchmark.class.getResourceAsStream("proc/" + name)) {
        var bytes = in.readAllBytes();
        fixture.put(name, new Snapshot.Slice(bytes, 0, bytes.length));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    watched = Set.of("nvme0n1", "nvme1n1", "md0", "dm-1", "vda")::contains;
    live = new LocalProcSource(HostFiles.live(), OptionalLong.empty());
    liveWithProcess = new LocalProcSource(HostFiles.live(), OptionalLong.of(ProcessHandle.current().pid()));
  }

  /** Parsing only: one sample's four files from memory, five watched devices. */
  @Benchmark
  public Snapshot fixtureSample() {
    return Snapshot.parse(0, 0, fixture::get, watched, false);
  }

  /** Reading and parsing this host's four files. */
  @Benchmark
  public Snapshot liveSample() throws IOException {
    return live.take(watched);
  }

  /** As {@link #liveSample()}, plus the server process's {@code io} and {@code stat}. */
  @Benchmark
  public Snapshot liveWithProcess() throws IOException {
    return liveWithProcess.take(watched);
  }
}
