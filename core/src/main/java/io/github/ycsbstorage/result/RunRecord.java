package io.github.ycsbstorage.result;

import io.github.ycsbstorage.spi.ServerInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What this JVM's phase (one {@code load} or {@code run}) learnt beyond YCSB's own measurements:
 * the sizing plan, server facts, device inventory, I/O figures. Components set their
 * {@linkplain Sections sections} while the phase runs; the result exporter writes them into the
 * result file and adds the {@linkplain #summaryLines() summary lines} to YCSB's own exporter output.
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

  private Sizing sizing;
  private ServerInfo server;
  private List<DataDevice> devices;
  private Io io;
  private String timeseries;
  private Warmup warmup;
  private final List<SummaryLine> summaryLines = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();

  /** For tests and for callers that manage their own record; production code uses {@link #current()}. */
  public RunRecord() {
  }

  public static RunRecord current() {
    return CURRENT;
  }

  /** Sets the sizing plan, replacing an earlier one. */
  public synchronized void setSizing(Sizing value) {
    sizing = value;
  }

  public synchronized void setServer(ServerInfo value) {
    server = value;
  }

  public synchronized void setWarmup(Warmup value) {
    warmup = value;
  }

  /**
   * Sets what the storage collector saw.
   *
   * @param file its time-series file, when written
   */
  public synchronized void setCollected(List<DataDevice> inventory, Io figures, Optional<String> file) {
    devices = List.copyOf(inventory);
    io = figures;
    timeseries = file.orElse(null);
  }

  public synchronized void addSummaryLine(String group, String metric, Object value) {
    summaryLines.add(new SummaryLine(group, metric, value));
  }

  /** Something that makes the result suspect, e.g. {@code collector lost /proc/diskstats for 3 s}. */
  public synchronized void addWarning(String warning) {
    warnings.add(warning);
  }

  /**
   * Why the phase did not do its work although YCSB ran it to its end, e.g. {@code no operation
   * succeeded for 60 s}: the result is then {@link Status#FAILED}.
   */
  public synchronized void addFailure(String reason) {
    failures.add(reason);
  }

  public synchronized Sections sections() {
    return new Sections(Optional.ofNullable(sizing), Optional.ofNullable(server), Optional.ofNullable(devices),
        Optional.ofNullable(io), Optional.ofNullable(timeseries), Optional.ofNullable(warmup));
  }

  public synchronized List<SummaryLine> summaryLines() {
    return List.copyOf(summaryLines);
  }

  public synchronized List<String> warnings() {
    return List.copyOf(warnings);
  }

  public synchronized List<String> failures() {
    return List.copyOf(failures);
  }

  /** Forgets everything; for tests that run several phases in one JVM. */
  public synchronized void clear() {
    sizing = null;
    server = null;
    devices = null;
    io = null;
    timeseries = null;
    warmup = null;
    summaryLines.clear();
    warnings.clear();
    failures.clear();
  }
}
