package io.github.ycsbstorage.collector.sample;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Function;

/**
 * Raw counters read at one moment. Arrays are {@code null} when their file could not be read; the
 * reason is in {@link #missing()}. Treat as immutable once built.
 *
 * @param epochMillis wall-clock time of the reading
 * @param nanos       monotonic time of the reading, for interval lengths
 * @param disks       diskstats counters per watched device ({@link ProcParsers#diskstats})
 * @param cpu         aggregate cpu ticks ({@link ProcParsers#cpu})
 * @param memory      meminfo values in kB ({@link ProcParsers#meminfo})
 * @param vm          vmstat counters ({@link ProcParsers#vmstat})
 * @param processIo   the server process's io counters ({@link ProcParsers#processIo}), or null
 * @param processCpu  the server process's utime and stime ticks, or null
 * @param threads     the server process's threads: thread id → on-CPU and run-queue wait ns
 *                    ({@link ProcParsers#threadSchedules}), or null
 * @param missing     what could not be read, and why
 */
public record Snapshot(long epochMillis, long nanos, Map<String, long[]> disks, long[] cpu,
    long[] memory, long[] vm, long[] processIo, long[] processCpu, Map<Long, long[]> threads, List<String> missing) {

  /** This reading with its wall-clock time as its monotonic one, to compare with another process's. */
  public Snapshot atWallClock() {
    return new Snapshot(epochMillis, epochMillis * 1_000_000, disks, cpu, memory, vm, processIo, processCpu, threads,
        missing);
  }

  /** The host files of a reading, in the order they are read. */
  public static final List<String> HOST_FILES = List.of("diskstats", "stat", "meminfo", "vmstat");
  /** The host files and the server process's. */
  public static final List<String> FILES = List.of("diskstats", "stat", "meminfo", "vmstat", "pid/io", "pid/stat",
      Snapshot.THREADS);
  /**
   * Not a file: every {@code /proc/<pid>/task/<tid>/schedstat}, one line each, its thread id first
   * ({@code /proc/<pid>/schedstat} is the main thread's alone).
   */
  public static final String THREADS = "pid/task/*/schedstat";

  /** A slice of a {@code /proc} file's bytes. */
  public record Slice(byte[] data, int offset, int length) {
  }

  /**
   * Parses the files of one reading.
   *
   * @param file    {@code diskstats}, {@code stat}, {@code meminfo}, {@code vmstat},
   *                {@code pid/io}, {@code pid/stat}, {@link #THREADS} → their bytes, or null when unreadable
   * @param watched which diskstats devices to keep
   * @param process whether the server process is observed
   */
  public static Snapshot parse(long epochMillis, long nanos, Function<String, Slice> file,
      Predicate<String> watched, boolean process) {
    var missing = new ArrayList<String>();
    var disks = new HashMap<String, long[]>();
    var diskstats = require(file, "diskstats", missing);
    if (diskstats != null) {
      ProcParsers.diskstats(diskstats.data(), diskstats.offset(), diskstats.length(), watched, disks);
    }
    var stat = require(file, "stat", missing);
    var cpu = stat == null ? null : ProcParsers.cpu(stat.data(), stat.offset(), stat.length());
    var meminfo = require(file, "meminfo", missing);
    var memory = meminfo == null ? null : ProcParsers.meminfo(meminfo.data(), meminfo.offset(), meminfo.length());
    var vmstat = require(file, "vmstat", missing);
    var vm = vmstat == null ? null : ProcParsers.vmstat(vmstat.data(), vmstat.offset(), vmstat.length());
    long[] processIo = null;
    long[] processCpu = null;
    Map<Long, long[]> threads = null;
    if (process) {
      var io = require(file, "pid/io", missing);
      processIo = io == null ? null : ProcParsers.processIo(io.data(), io.offset(), io.length());
      var pidStat = require(file, "pid/stat", missing);
      processCpu = pidStat == null ? null : ProcParsers.processCpu(pidStat.data(), pidStat.offset(), pidStat.length());
      var schedules = require(file, THREADS, missing);
      threads = schedules == null ? null
          : ProcParsers.threadSchedules(schedules.data(), schedules.offset(), schedules.length());
    }
    return new Snapshot(epochMillis, nanos, disks, cpu, memory, vm, processIo, processCpu, threads, missing);
  }

  private static Slice require(Function<String, Slice> file, String name, List<String> missing) {
    var slice = file.apply(name);
    if (slice == null) {
      missing.add(name.equals("pid/io") ? "/proc/<pid>/io not readable (only the server's user and root may read it):"
          + " the server process's storage bytes are unknown"
          : name.equals(THREADS) ? "/proc/<pid>/task/*/schedstat not readable (a kernel without CONFIG_SCHED_INFO):"
          + " the process's run-queue wait is unknown"
          : name.startsWith("pid/") ? "/proc/<pid>/" + name.substring(4) + " not readable"
          : "/proc/" + name + " not readable");
    }
    return slice;
  }
}
