package io.github.ycsbstorage.collector.sample;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Parsers for the {@code /proc} files the sampler reads: {@code diskstats}, {@code stat},
 * {@code meminfo}, {@code vmstat}, {@code <pid>/io} and {@code <pid>/stat} (formats: proc(5) and
 * the kernel's Documentation/admin-guide/iostats.rst). They read raw bytes so that local files and
 * text fetched over ssh go through the same code. Stateless and thread-safe.
 */
public final class ProcParsers {
  /** Counters per line of {@code /proc/diskstats} after major, minor and name (kernel 5.5+: 17). */
  public static final int DISK_FIELDS = 17;
  /** {@code /proc/stat} cpu fields: user nice system idle iowait irq softirq steal guest guest_nice. */
  public static final int CPU_FIELDS = 10;

  /** Watches every device in diskstats. */
  public static final Predicate<String> ALL_DEVICES = name -> true;
  /** Watches no device (only host-wide figures are wanted). */
  public static final Predicate<String> NO_DEVICES = name -> false;

  private static final byte[] CPU = "cpu ".getBytes(StandardCharsets.US_ASCII);
  private static final String[] MEMINFO_KEYS = {"MemTotal", "MemFree", "MemAvailable", "Buffers",
      "Cached", "Dirty", "Writeback", "SwapTotal", "SwapFree"};
  private static final byte[][] MEMINFO_PREFIXES = prefixes(MEMINFO_KEYS, ":");
  private static final String[] VMSTAT_KEYS = {"pgmajfault", "pswpin", "pswpout"};
  private static final byte[][] VMSTAT_PREFIXES = prefixes(VMSTAT_KEYS, " ");
  private static final String[] PROCESS_IO_KEYS = {"rchar", "wchar", "read_bytes", "write_bytes"};
  private static final byte[][] PROCESS_IO_PREFIXES = prefixes(PROCESS_IO_KEYS, ":");

  private ProcParsers() {
  }

  /**
   * Parses {@code /proc/diskstats}, keeping only the watched devices. Fields a kernel does not
   * provide (older kernels print 11 or 15) stay {@code 0}; the number present is stored after them,
   * at index {@link #DISK_FIELDS}.
   */
  public static void diskstats(byte[] data, int offset, int length, Predicate<String> watched,
      Map<String, long[]> into) {
    var text = new ProcText(data, offset, length);
    while (!text.atEnd()) {
      text.nextLong();
      text.nextLong();
      var name = text.nextWord();
      if (!name.isEmpty() && watched.test(name)) {
        var counters = new long[DISK_FIELDS + 1];
        int count = 0;
        long value;
        while (count < DISK_FIELDS && (value = text.nextLong()) >= 0) {
          counters[count++] = value;
        }
        counters[DISK_FIELDS] = count;
        if (count >= 11) {
          into.put(name, counters);
        }
      }
      text.nextLine();
    }
  }

  /** The aggregate {@code cpu} line of {@code /proc/stat}, in USER_HZ ticks; null if absent. */
  public static long[] cpu(byte[] data, int offset, int length) {
    var text = new ProcText(data, offset, length);
    while (!text.atEnd()) {
      if (text.startsWith(CPU)) {
        text.skip(CPU.length);
        var ticks = new long[CPU_FIELDS];
        for (int i = 0; i < CPU_FIELDS; i++) {
          long value = text.nextLong();
          ticks[i] = Math.max(0, value);
        }
        return ticks;
      }
      text.nextLine();
    }
    return null;
  }

  /** {@code MemTotal MemFree MemAvailable Buffers Cached Dirty Writeback SwapTotal SwapFree} in kB; -1 when absent. */
  public static long[] meminfo(byte[] data, int offset, int length) {
    return keyed(data, offset, length, MEMINFO_PREFIXES);
  }

  /** {@code pgmajfault pswpin pswpout} from {@code /proc/vmstat}; -1 when absent. */
  public static long[] vmstat(byte[] data, int offset, int length) {
    return keyed(data, offset, length, VMSTAT_PREFIXES);
  }

  /**
   * {@code rchar wchar read_bytes write_bytes} from {@code /proc/<pid>/io}, summed over several such
   * files one after another (a server's and the daemons' that read for it); -1 when absent.
   */
  public static long[] processIo(byte[] data, int offset, int length) {
    return keyed(data, offset, length, PROCESS_IO_PREFIXES, true);
  }

  /**
   * {@code utime} and {@code stime} (ticks) from {@code /proc/<pid>/stat}; the command name may hold
   * spaces and parentheses, so fields are counted after the last {@code ')'}. Null if malformed.
   */
  public static long[] processCpu(byte[] data, int offset, int length) {
    var text = new ProcText(data, offset, length);
    if (!text.skipPastLast((byte) ')')) {
      return null;
    }
    // after ')': state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(14) stime(15)
    for (int field = 3; field <= 13; field++) {
      text.skipWord();
    }
    long utime = text.nextLong();
    long stime = text.nextLong();
    return utime < 0 || stime < 0 ? null : new long[] {utime, stime};
  }

  /**
   * Each thread's {@code schedstat} ({@link Snapshot#THREADS}: lines of thread id, time on a CPU (ns),
   * time waiting on a run queue (ns), time slices): thread id → {on-CPU ns, wait ns}; a malformed
   * line is left out (its thread ended while it was read).
   */
  public static Map<Long, long[]> threadSchedules(byte[] data, int offset, int length) {
    var threads = new java.util.HashMap<Long, long[]>();
    var text = new ProcText(data, offset, length);
    while (!text.atEnd()) {
      long tid = text.nextLong();
      long onCpu = text.nextLong();
      long wait = text.nextLong();
      if (tid >= 0 && onCpu >= 0 && wait >= 0) {
        threads.put(tid, new long[] {onCpu, wait});
      }
      text.nextLine();
    }
    return threads;
  }

  private static long[] keyed(byte[] data, int offset, int length, byte[][] prefixes) {
    return keyed(data, offset, length, prefixes, false);
  }

  /** Each key's value: its first, or with {@code sumRepeats} the sum of all its lines. */
  private static long[] keyed(byte[] data, int offset, int length, byte[][] prefixes, boolean sumRepeats) {
    var values = new long[prefixes.length];
    Arrays.fill(values, -1);
    var text = new ProcText(data, offset, length);
    while (!text.atEnd()) {
      for (int i = 0; i < prefixes.length; i++) {
        if ((sumRepeats || values[i] < 0) && text.startsWith(prefixes[i])) {
          text.skip(prefixes[i].length);
          long value = text.nextLong();
          values[i] = values[i] < 0 ? value : value < 0 ? -1 : values[i] + value;
          break;
        }
      }
      text.nextLine();
    }
    return values;
  }

  private static byte[][] prefixes(String[] keys, String separator) {
    var prefixes = new byte[keys.length][];
    for (int i = 0; i < keys.length; i++) {
      prefixes[i] = (keys[i] + separator).getBytes(StandardCharsets.US_ASCII);
    }
    return prefixes;
  }
}
