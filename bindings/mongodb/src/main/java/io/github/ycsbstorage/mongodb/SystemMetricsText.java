package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.spi.HostReading;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;

/**
 * The {@code systemMetrics} sub-document of a {@code getDiagnosticData} reply (mongod's FTDC on
 * Linux) written back as the {@code /proc} files mongod parsed it from, so that the collector's
 * own parsers, iostat definitions and CPU shares apply unchanged. mongod's procparser keeps the
 * {@code /proc} names: {@code cpu.user_ms … guest_nice_ms} are {@code /proc/stat}'s cpu ticks
 * converted to milliseconds (turned back into USER_HZ ticks here), {@code memory.<Key>_kb} are
 * {@code /proc/meminfo} lines in kB, {@code vmstat.<key>} are {@code /proc/vmstat} lines, and
 * {@code disks.<name>} hold the 11 classic {@code /proc/diskstats} counters ({@code reads},
 * {@code reads_merged}, {@code read_sectors}, {@code read_time_ms}, {@code writes}, …,
 * {@code io_in_progress}, {@code io_time_ms}, {@code io_queued_ms}) of the physical disks that
 * have seen I/O. Stateless and thread-safe.
 */
final class SystemMetricsText {
  /** /proc/stat's cpu fields in order, as procparser names them. */
  static final List<String> CPU_FIELDS = List.of("user_ms", "nice_ms", "system_ms", "idle_ms",
      "iowait_ms", "irq_ms", "softirq_ms", "steal_ms", "guest_ms", "guest_nice_ms");
  /** /proc/diskstats' counters after the device name, in order, as procparser names them. */
  static final List<String> DISK_FIELDS = List.of("reads", "reads_merged", "read_sectors",
      "read_time_ms", "writes", "writes_merged", "write_sectors", "write_time_ms", "io_in_progress",
      "io_time_ms", "io_queued_ms");

  private static final String KB_SUFFIX = "_kb";

  private SystemMetricsText() {
  }

  /**
   * {@code data.systemMetrics} of the reply; also looked for one level deeper
   * ({@code data.<role>.systemMetrics}), where servers that group FTDC by service role put it.
   */
  static Optional<Document> find(Document reply) {
    if (!(reply.get("data") instanceof Document data)) {
      return Optional.empty();
    }
    if (data.get("systemMetrics") instanceof Document metrics) {
      return Optional.of(metrics);
    }
    return data.values().stream().filter(Document.class::isInstance).map(Document.class::cast)
        .map(role -> role.get("systemMetrics")).filter(Document.class::isInstance)
        .map(Document.class::cast).findFirst();
  }

  /** Whether the metrics are Linux's /proc figures (other systems report different fields). */
  static boolean isLinux(Document metrics) {
    return metrics.get("cpu") instanceof Document cpu && cpu.get("user_ms") instanceof Number;
  }

  /** When mongod finished reading /proc for these metrics ({@code systemMetrics.end}). */
  static Optional<Long> readAtMillis(Document metrics) {
    return metrics.get("end") instanceof Date end ? Optional.of(end.getTime()) : Optional.empty();
  }

  /**
   * {@code stat}, {@code meminfo}, {@code vmstat} and {@code diskstats} as {@link HostReading}
   * carries them; a section the server did not report is absent (and becomes a recorded gap).
   */
  static Map<String, String> procFiles(Document metrics) {
    var files = new HashMap<String, String>();
    if (isLinux(metrics)) {
      var cpu = (Document) metrics.get("cpu");
      var line = new StringBuilder("cpu ");
      for (var field : CPU_FIELDS) {
        // procparser wrote ticks × 1000 / USER_HZ as a double: round back to whole ticks
        line.append(' ').append(Math.round(number(cpu, field) * HostReading.USER_HZ / 1000.0));
      }
      files.put("stat", line.append('\n').toString());
    }
    if (metrics.get("memory") instanceof Document memory) {
      var text = new StringBuilder();
      memory.forEach((key, value) -> {
        if (value instanceof Number number) {
          var name = key.endsWith(KB_SUFFIX) ? key.substring(0, key.length() - KB_SUFFIX.length()) : key;
          text.append(name).append(": ").append(number.longValue())
              .append(key.endsWith(KB_SUFFIX) ? " kB\n" : "\n");
        }
      });
      files.put("meminfo", text.toString());
    }
    if (metrics.get("vmstat") instanceof Document vmstat) {
      var text = new StringBuilder();
      vmstat.forEach((key, value) -> {
        if (value instanceof Number number) {
          text.append(key).append(' ').append(number.longValue()).append('\n');
        }
      });
      files.put("vmstat", text.toString());
    }
    if (metrics.get("disks") instanceof Document disks) {
      var text = new StringBuilder();
      disks.forEach((name, value) -> {
        if (value instanceof Document disk) {
          // major and minor are not reported; the parsers skip them
          text.append("   0       0 ").append(name);
          DISK_FIELDS.forEach(field -> text.append(' ').append(counter(disk, field)));
          text.append('\n');
        }
      });
      files.put("diskstats", text.toString());
    }
    return files;
  }

  private static double number(Document document, String key) {
    return document.get(key) instanceof Number number ? number.doubleValue() : 0;
  }

  private static long counter(Document document, String key) {
    return document.get(key) instanceof Number number ? number.longValue() : 0;
  }
}
