package io.github.ycsbstorage.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What this JVM's phase (one {@code load} or {@code run}) learnt beyond YCSB's own measurements:
 * the sizing plan, server facts, device inventory, I/O summary. Components add named sections while
 * the phase runs; the result exporter writes them into the self-describing result file and adds the
 * {@linkplain #summaryLines() summary lines} to YCSB's own exporter output.
 *
 * <p>One instance per JVM ({@link #current()}), because YCSB runs one phase per process. Thread-safe.
 */
public final class RunRecord {
  private static final RunRecord CURRENT = new RunRecord();

  /**
   * One line for YCSB's exporter, e.g. {@code [STORAGE], device.type, nvme}.
   *
   * @param group  without brackets, e.g. {@code STORAGE} or {@code IO vda}
   * @param metric e.g. {@code device.type}
   * @param value  a {@link Number} or a {@link String}
   */
  public record SummaryLine(String group, String metric, Object value) {
    public SummaryLine {
      if (!(value instanceof Number) && !(value instanceof String)) {
        throw new IllegalArgumentException("value must be a Number or a String: " + value);
      }
    }
  }

  private final Map<String, Object> sections = new LinkedHashMap<>();
  private final List<SummaryLine> summaryLines = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  /** For tests and for callers that manage their own record; production code uses {@link #current()}. */
  public RunRecord() {
  }

  public static RunRecord current() {
    return CURRENT;
  }

  /**
   * Sets a section of the result, replacing an earlier one of that name.
   *
   * @param name  top-level key in the result file, e.g. {@code sizing}
   * @param value anything Jackson can serialise (records, maps, lists, strings, numbers)
   */
  public synchronized void putSection(String name, Object value) {
    sections.put(name, value);
  }

  public synchronized void addSummaryLine(String group, String metric, Object value) {
    summaryLines.add(new SummaryLine(group, metric, value));
  }

  /** Something that makes the result suspect, e.g. {@code collector lost /proc/diskstats for 3 s}. */
  public synchronized void addWarning(String warning) {
    warnings.add(warning);
  }

  public synchronized Map<String, Object> sections() {
    return new LinkedHashMap<>(sections);
  }

  public synchronized List<SummaryLine> summaryLines() {
    return List.copyOf(summaryLines);
  }

  public synchronized List<String> warnings() {
    return List.copyOf(warnings);
  }

  /** Forgets everything; for tests that run several phases in one JVM. */
  public synchronized void clear() {
    sections.clear();
    summaryLines.clear();
    warnings.clear();
  }
}
