package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The {@code io} section: what the storage collector measured over the phase on the host it
 * sampled, with the host tuning in force. Immutable.
 *
 * @param observed       which host was observed and how, e.g. {@code local server host}
 * @param sampledHost    whether CPU and memory figures are the server host's or only the client's
 * @param source         where samples came from, e.g. {@code local /proc}
 * @param samples        sampling intervals
 * @param seconds        sampled time
 * @param devices        per sampled block device, over the phase
 * @param countedDevices the physical devices whose totals the per-operation figures add up
 * @param cpu            host CPU shares over the phase, when sampled
 * @param cpuSaturated   whether the sampled host's CPUs had less than {@value #SATURATED_BELOW_PERCENT} %
 *                       of their time with nothing to run (idle + iowait): such a phase measured CPU,
 *                       not storage; empty when CPU was not sampled
 * @param cpuBusyMicros  host CPU time that was neither idle, iowait nor steal
 * @param iowaitShare    iowait ÷ (busy + iowait)
 * @param memory         memory gauges at the end
 * @param tuning         host settings that shape I/O (sysctl name → value); absent when none was read
 * @param majorFaults    major page faults over the phase
 * @param swapIn         pages swapped in
 * @param swapOut        pages swapped out
 * @param process        the server process's own totals, when it was observed
 * @param operations     the operations the phase completed
 * @param perOperation   device and CPU figures per completed operation, when the count is known
 * @param probe          the read-latency probe, when it ran
 * @param server         what could and could not be observed on a remote server
 * @param gaps           what the sampling missed, and why
 * @param readings       the collector's first and last raw readings of the host's counters, so that a
 *                       study cell can difference them over its clients' whole span
 */
public record Io(String observed, SampledHost sampledHost, String source, int samples, double seconds,
    Map<String, DeviceTotals> devices, List<String> countedDevices, Optional<CpuShares> cpu,
    Optional<Boolean> cpuSaturated, OptionalLong cpuBusyMicros, OptionalDouble iowaitShare, Optional<MemoryState> memory,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> tuning, OptionalLong majorFaults,
    OptionalLong swapIn, OptionalLong swapOut, Optional<ProcessTotals> process, OperationCount operations,
    Optional<PerOperation> perOperation, @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<ProbeResult> probe,
    ServerSide server, List<String> gaps, @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Readings> readings) {

  /** {@link CpuShares#SATURATED_BELOW_PERCENT}. */
  public static final double SATURATED_BELOW_PERCENT = CpuShares.SATURATED_BELOW_PERCENT;

  public Io {
    cpuSaturated = cpuSaturated == null ? Optional.empty() : cpuSaturated;
    devices = devices == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(devices));
    countedDevices = countedDevices == null ? List.of() : List.copyOf(countedDevices);
    tuning = tuning == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(tuning));
    server = server == null ? ServerSide.LOCAL : server;
    gaps = gaps == null ? List.of() : List.copyOf(gaps);
    readings = readings == null ? Optional.empty() : readings;
  }

  /** The first and last raw readings of a sampling (host-wide counters, comparable across processes). */
  public record Readings(Reading first, Reading last) {
  }

  /**
   * Raw counters as the collector read them at one moment; an array is {@code null} when its file
   * could not be read, and {@code missing} says why.
   *
   * @param epochMillis wall-clock time of the reading
   * @param nanos       monotonic time of the reading
   * @param disks       {@code /proc/diskstats} counters per watched device, with their field count last
   * @param cpu         aggregate {@code /proc/stat} cpu ticks
   * @param memory      {@code /proc/meminfo} values in kB
   * @param vm          {@code /proc/vmstat} counters
   * @param processIo   the server process's {@code /proc/<pid>/io} counters
   * @param processCpu  the server process's utime and stime ticks
   * @param threads     the server process's threads: thread id → on-CPU and run-queue wait ns
   *                    ({@code /proc/<pid>/task/<tid>/schedstat})
   * @param missing     what could not be read, and why
   */
  public record Reading(long epochMillis, long nanos, Map<String, long[]> disks, long[] cpu, long[] memory,
      long[] vm, long[] processIo, long[] processCpu, Map<Long, long[]> threads, List<String> missing) {
  }

  /** Whose host the CPU and memory figures describe. */
  public enum SampledHost {
    SERVER,
    /** Only the client's: the server side was not observed. */
    CLIENT;

    @JsonValue
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One block device over the phase.
   *
   * @param average      iostat-style rates over its sampled time, when it had any
   * @param utilMax      the highest {@code %util} of a full sampling interval, when there was one
   * @param reads        completed reads
   * @param writes       completed writes
   * @param readBytes    bytes read
   * @param writtenBytes bytes written
   * @param seconds      time it was sampled
   */
  public record DeviceTotals(Optional<IoRates> average, @JsonProperty("%util max") OptionalDouble utilMax, long reads,
      long writes, long readBytes, long writtenBytes, double seconds) {
  }

  /**
   * The server process's totals ({@code /proc/<pid>}).
   *
   * @param cpuMicros       user + system CPU time of all its threads ({@code /proc/<pid>/stat}); empty
   *                        when unreadable
   * @param readBytes       bytes it caused to be read from storage ({@code /proc/<pid>/io}, readable only
   *                        by the server's user and root); empty when unreadable, as are the next three
   * @param writeBytes      bytes it caused to be written to storage
   * @param rchar           bytes read through system calls, cache hits included
   * @param wchar           bytes written through system calls
   * @param shareOfHostCpu  its CPU time ÷ the host's busy CPU time; empty when the host's was not sampled
   *                        or was none
   * @param shareOfDeviceIo its {@code readBytes + writeBytes} ÷ the bytes the counted devices read and
   *                        wrote; empty when no device was counted or they moved none
   * @param role            whose process it is: a server's, or the client's own when the engine is
   *                        embedded in it (files of earlier versions: server)
   * @param runQueue        its threads' time on a CPU and waiting for one
   * @param readingForIt    the processes whose storage bytes are counted with its own: the FUSE daemons
   *                        serving its files, which read the device on its behalf (the kernel counts
   *                        those reads as theirs)
   */
  public record ProcessTotals(OptionalLong cpuMicros, OptionalLong readBytes, OptionalLong writeBytes,
      OptionalLong rchar, OptionalLong wchar, OptionalDouble shareOfHostCpu, OptionalDouble shareOfDeviceIo,
      Role role, RunQueue runQueue, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> readingForIt) {
    /** Below this share of the host's work, the host figures are mostly other tenants'. */
    public static final double BUSY_ELSEWHERE_BELOW = 0.5;

    public ProcessTotals {
      shareOfHostCpu = shareOfHostCpu == null ? OptionalDouble.empty() : shareOfHostCpu;
      shareOfDeviceIo = shareOfDeviceIo == null ? OptionalDouble.empty() : shareOfDeviceIo;
      role = role == null ? Role.SERVER : role;
      runQueue = runQueue == null ? RunQueue.unknown("not recorded (a file of an earlier version)") : runQueue;
      readingForIt = readingForIt == null ? List.of() : List.copyOf(readingForIt);
    }

    /**
     * The process's threads over the phase, from each {@code /proc/<pid>/task/<tid>/schedstat}
     * ({@code /proc/<pid>/schedstat} is the main thread's alone), summed over the threads and the
     * collector's intervals: what tells a process that waited for a CPU (other work held the host's
     * cores) from one that waited for its device, whatever the host as a whole did. A thread that
     * ended before the phase's last reading lost its last part of an interval on both counts alike.
     *
     * @param onCpuMicros time its threads ran on a CPU (schedstat's first field); empty when unknown
     * @param waitMicros  time its threads were runnable but waited on a run queue (the second)
     * @param reason      why both are unknown
     * @param uncounted   the threads left out of both, each as {@code name (thread id)}: those the
     *                    server's binding names as serving no operation ({@code server.backgroundThreads})
     */
    public record RunQueue(OptionalLong onCpuMicros, OptionalLong waitMicros,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> reason,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> uncounted) {
      public RunQueue {
        onCpuMicros = onCpuMicros == null ? OptionalLong.empty() : onCpuMicros;
        waitMicros = waitMicros == null ? OptionalLong.empty() : waitMicros;
        reason = reason == null ? Optional.empty() : reason;
        uncounted = uncounted == null ? List.of() : List.copyOf(uncounted);
        if (onCpuMicros.isPresent() != waitMicros.isPresent() || waitMicros.isPresent() == reason.isPresent()) {
          throw new IllegalArgumentException("a run queue needs both figures, or the reason they are unknown");
        }
      }

      public static RunQueue of(long onCpuMicros, long waitMicros) {
        return of(onCpuMicros, waitMicros, List.of());
      }

      public static RunQueue of(long onCpuMicros, long waitMicros, List<String> uncounted) {
        return new RunQueue(OptionalLong.of(onCpuMicros), OptionalLong.of(waitMicros), Optional.empty(), uncounted);
      }

      public static RunQueue unknown(String reason) {
        return new RunQueue(OptionalLong.empty(), OptionalLong.empty(), Optional.of(reason), List.of());
      }
    }

    /** Whose process the collector observed. */
    public enum Role {
      /** A database server's process on this host. */
      SERVER("server.", "server process"),
      /** This client's own process: the binding's engine runs inside it (embedded, e.g. rocksdb). */
      CLIENT("client.process.", "client process (its embedded engine)");

      private final String keyPrefix;
      private final String noun;

      Role(String keyPrefix, String noun) {
        this.keyPrefix = keyPrefix;
        this.noun = noun;
      }

      /** The prefix of its {@code [IO]} summary names, e.g. {@code server.} in {@code server.cpu.us/op}. */
      public String keyPrefix() {
        return keyPrefix;
      }

      /** How the console and the report name it, e.g. {@code server process}. */
      public String noun() {
        return noun;
      }

      @JsonValue
      public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
      }
    }
  }

  /**
   * Figures per completed operation.
   *
   * @param deviceReads  device reads of the counted devices
   * @param deviceWrites device writes of the counted devices
   * @param deviceMB        MB (10^6 bytes) read and written on the counted devices
   * @param cpuMicros       host CPU µs, every process's
   * @param serverCpuMicros the server process's own CPU µs, when it was observed
   * @param serverIoBytes   bytes the server process caused to be read from and written to storage, when
   *                        it was observed
   */
  public record PerOperation(OptionalDouble deviceReads, OptionalDouble deviceWrites, OptionalDouble deviceMB,
      OptionalDouble cpuMicros, OptionalDouble serverCpuMicros, OptionalDouble serverIoBytes) {
    /** The figures' precision: 4 decimals. */
    public static final double RESOLUTION = 0.0001;
    private static final double STEPS_PER_UNIT = 1 / RESOLUTION;

    public PerOperation {
      serverCpuMicros = serverCpuMicros == null ? OptionalDouble.empty() : serverCpuMicros;
      serverIoBytes = serverIoBytes == null ? OptionalDouble.empty() : serverIoBytes;
    }

    /**
     * The totals ÷ the count: the counted devices' I/Os and bytes (layers such as dm or partitions
     * are not counted, so nothing is counted twice), host and server CPU, the server's storage bytes;
     * empty when the count is unknown, each figure empty when its total is.
     */
    static Optional<PerOperation> of(Map<String, DeviceTotals> devices, List<String> countedDevices,
        OptionalLong cpuBusyMicros, Optional<ProcessTotals> process, OperationCount operations) {
      if (operations.count() == null) {
        return Optional.empty();
      }
      double count = operations.count();
      long reads = 0;
      long writes = 0;
      long bytes = 0;
      for (var name : countedDevices) {
        var totals = devices.get(name);
        if (totals != null) {
          reads += totals.reads();
          writes += totals.writes();
          bytes += totals.readBytes() + totals.writtenBytes();
        }
      }
      // a counted device that was never sampled leaves the device figures unknown, not short
      boolean counted = !countedDevices.isEmpty() && devices.keySet().containsAll(countedDevices);
      var serverIo = process.filter(p -> p.readBytes().isPresent() && p.writeBytes().isPresent())
          .map(p -> p.readBytes().getAsLong() + p.writeBytes().getAsLong());
      return Optional.of(new PerOperation(counted ? perOp(reads, count) : OptionalDouble.empty(),
          counted ? perOp(writes, count) : OptionalDouble.empty(),
          counted ? perOp(bytes / 1e6, count) : OptionalDouble.empty(),
          cpuBusyMicros.isPresent() ? perOp(cpuBusyMicros.getAsLong(), count) : OptionalDouble.empty(),
          process.flatMap(p -> p.cpuMicros().isPresent() ? Optional.of(p.cpuMicros().getAsLong())
              : Optional.empty()).map(micros -> perOp(micros, count)).orElse(OptionalDouble.empty()),
          serverIo.map(total -> perOp(total, count)).orElse(OptionalDouble.empty())));
    }

    /** Rounded to {@link #RESOLUTION}. */
    private static OptionalDouble perOp(double total, double count) {
      return OptionalDouble.of(Math.round(total / count * STEPS_PER_UNIT) / STEPS_PER_UNIT);
    }
  }

  /**
   * This section with an operation count, and the per-operation figures derived from it: the
   * collector's own count, or a study cell's, whose clients' operations all fall on the host that its
   * first client's collector sampled.
   */
  public Io withOperations(OperationCount count) {
    return new Io(observed, sampledHost, source, samples, seconds, devices, countedDevices, cpu, cpuSaturated,
        cpuBusyMicros, iowaitShare, memory, tuning, majorFaults, swapIn, swapOut, process, count,
        PerOperation.of(devices, countedDevices, cpuBusyMicros, process, count), probe, server, gaps, readings);
  }

  /**
   * The data devices' totals: the counted devices where every one was sampled, else every sampled
   * device (a path whose devices were not resolved).
   */
  public List<DeviceTotals> dataDevices() {
    return countedDevices.isEmpty() || !devices.keySet().containsAll(countedDevices)
        ? List.copyOf(devices.values()) : countedDevices.stream().map(devices::get).toList();
  }

  /**
   * The observed process's share of the bytes the data devices read, at most 1; empty where its own
   * read bytes were not recorded or the devices read nothing. The devices' counters are the host's:
   * another process reading the same disk (a second study, a build) is in them.
   */
  public OptionalDouble processReadShare() {
    long bytes = dataDevices().stream().mapToLong(DeviceTotals::readBytes).sum();
    var own = process.map(ProcessTotals::readBytes).orElse(OptionalLong.empty());
    return own.isEmpty() || bytes == 0 ? OptionalDouble.empty()
        : OptionalDouble.of(Math.min(1, own.getAsLong() / (double) bytes));
  }

  /**
   * What a remote server's metrics covered ({@code collector.remote}).
   *
   * @param devices      the server's devices named with {@code collector.devices}; absent when none was
   * @param devicesNote  which of its devices were sampled when none was named
   * @param notObserved  why the server's side was not observed
   */
  public record ServerSide(@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> devices,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> devicesNote,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> notObserved) {
    /** Nothing to say: the server is local. */
    public static final ServerSide LOCAL = new ServerSide(List.of(), Optional.empty(), Optional.empty());

    public ServerSide {
      devices = devices == null ? List.of() : List.copyOf(devices);
      devicesNote = devicesNote == null ? Optional.empty() : devicesNote;
      notObserved = notObserved == null ? Optional.empty() : notObserved;
    }

    /** Also reads files written before 2026-11-23, whose {@code devices} held the note when none was named. */
    @JsonCreator
    static ServerSide read(@JsonProperty("devices") JsonNode devices,
        @JsonProperty("devicesNote") Optional<String> devicesNote,
        @JsonProperty("notObserved") Optional<String> notObserved) {
      var named = new java.util.ArrayList<String>();
      if (devices != null && devices.isArray()) {
        devices.forEach(device -> named.add(device.asText()));
      }
      var note = devices != null && devices.isTextual() ? Optional.of(devices.asText()) : devicesNote;
      return new ServerSide(named, note, notObserved);
    }
  }
}
