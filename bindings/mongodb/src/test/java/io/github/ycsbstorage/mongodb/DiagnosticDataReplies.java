package io.github.ycsbstorage.mongodb;

import java.util.Date;
import java.util.List;
import org.bson.Document;

/**
 * {@code getDiagnosticData} replies shaped like those of MongoDB 6.0/7.0 on Linux. Layout from the
 * server's source (src/mongo/db/ftdc/ftdc_system_stats_linux.cpp, collector.cpp, and
 * src/mongo/util/procparser.cpp): {@code {data: {start, serverStatus: {...}, systemMetrics: {start,
 * cpu, memory, netstat, disks, mounts, vmstat, end}, end}, ok: 1}}; cpu times are doubles in ms
 * (ticks × 1000 / USER_HZ), memory keys carry {@code _kb} where /proc/meminfo says kB, disks hold the
 * 11 classic diskstats counters of the physical disks with any I/O. Immutable values only.
 */
final class DiagnosticDataReplies {
  /** The first reading: systemMetrics.end. */
  static final long FIRST_END = 1_795_291_201_004L;

  private DiagnosticDataReplies() {
  }

  /**
   * @param endMillis  systemMetrics.end
   * @param cpuMs      user nice system idle iowait irq softirq steal guest guest_nice, in ms
   * @param nvme       nvme0n1's 11 diskstats counters
   * @param majfault   vmstat pgmajfault
   */
  static Document reply(long endMillis, double[] cpuMs, long[] nvme, long majfault) {
    var cpu = new Document("num_cpus", 2);
    for (int i = 0; i < SystemMetricsText.CPU_FIELDS.size(); i++) {
      cpu.append(SystemMetricsText.CPU_FIELDS.get(i), cpuMs[i]);
    }
    cpu.append("btime", 1_795_000_000L).append("ctxt", 987_654_321L).append("processes", 123_456L)
        .append("procs_blocked", 0L).append("procs_running", 2L);
    var memory = new Document("MemAvailable_kb", 9_000_000L).append("MemTotal_kb", 16_303_856L)
        .append("MemFree_kb", 1_200_000L).append("Cached_kb", 7_500_000L).append("Dirty_kb", 4_096L)
        .append("Buffers_kb", 200_000L).append("SwapTotal_kb", 0L).append("SwapCached_kb", 0L)
        .append("SwapFree_kb", 0L).append("Active_kb", 8_100_000L).append("Inactive_kb", 5_200_000L)
        .append("Active(anon)_kb", 3_000_000L).append("Inactive(anon)_kb", 10_000L)
        .append("Active(file)_kb", 5_100_000L).append("Inactive(file)_kb", 5_190_000L);
    var disks = new Document("nvme0n1", disk(nvme))
        .append("sda", disk(new long[] {52_311, 1_204, 4_302_182, 61_344, 20_113, 30_512, 1_650_880,
            90_122, 0, 70_455, 151_466}));
    var vmstat = new Document("balloon_deflate", 0L).append("balloon_inflate", 0L).append("nr_mlock", 0L)
        .append("numa_pages_migrated", 0L).append("pgfault", 98_765_432L).append("pgmajfault", majfault)
        .append("pswpin", 0L).append("pswpout", 0L);
    var systemMetrics = new Document("start", new Date(endMillis - 1))
        .append("cpu", cpu)
        .append("memory", memory)
        .append("netstat", new Document("TcpExt:TCPTimeouts", 17L).append("Tcp:RetransSegs", 42L))
        .append("disks", disks)
        .append("mounts", new Document("/var/lib/mongodb", new Document("capacity", 1_000_204_886_016L)
            .append("available", 800_000_000_000L).append("free", 850_000_000_000L)))
        .append("vmstat", vmstat)
        .append("files", new Document("handles_in_use", 1_184L))
        .append("end", new Date(endMillis));
    var data = new Document("start", new Date(endMillis - 6))
        .append("serverStatus", new Document("start", new Date(endMillis - 6)).append("host", "db1:27017")
            .append("version", "7.0.14").append("uptime", 86_400.0).append("end", new Date(endMillis - 2)))
        .append("systemMetrics", systemMetrics)
        .append("end", new Date(endMillis));
    return new Document("data", data).append("ok", 1.0);
  }

  private static Document disk(long[] counters) {
    var disk = new Document();
    for (int i = 0; i < SystemMetricsText.DISK_FIELDS.size(); i++) {
      disk.append(SystemMetricsText.DISK_FIELDS.get(i), counters[i]);
    }
    return disk;
  }

  /** The first of two consecutive readings. */
  static Document first() {
    return reply(FIRST_END,
        new double[] {1_234_560.0, 1_230.0, 345_670.0, 98_765_430.0, 45_670.0, 0.0, 5_670.0, 890.0, 0.0, 0.0},
        new long[] {1_000_000, 2_000, 80_000_000, 300_000, 500_000, 100, 40_000_000, 900_000, 0, 600_000, 1_200_000},
        1_000);
  }

  /**
   * Two seconds later on a 2-CPU host: 4,000 ms of CPU of which user +1,000, system +400 and
   * softirq +100, idle +2,000, iowait +400, steal +100; nvme0n1 +400 reads (10 merged, 6,400
   * sectors, 200 ms), +100 writes (1,600 sectors, 300 ms), 2 in flight, busy 500 ms, queue time
   * 1,000 ms; 20 major faults; sda idle.
   */
  static Document second() {
    return reply(FIRST_END + 2_000,
        new double[] {1_235_560.0, 1_230.0, 346_070.0, 98_767_430.0, 46_070.0, 0.0, 5_770.0, 990.0, 0.0, 0.0},
        new long[] {1_000_400, 2_010, 80_006_400, 300_200, 500_100, 100, 40_001_600, 900_300, 2, 600_500, 1_201_000},
        1_020);
  }

  static List<Document> consecutive() {
    return List.of(first(), second());
  }
}
