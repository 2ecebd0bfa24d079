package io.github.ycsbstorage.result;

import io.github.ycsbstorage.spi.ServerInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

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
   * One line for YCSB's exporter, e.g. {@code [IO], vda.r/s avg, 12.5}. Always a number: tools that
   * parse YCSB's output, PerfKitBenchmarker first among them, read every {@code [GROUP], name, value}
   * line as a number and fail on text. Text goes into a {@link Fact}.
   *
   * @param group  without brackets, e.g. {@code STORAGE} or {@code IO}: upper-case letters only, as PerfKitBenchmarker reads no other group
   * @param metric e.g. {@code device.rotational}
   * @param value  a finite number
   */
  public record SummaryLine(String group, String metric, Number value) {
    public SummaryLine {
      requireField("group", group);
      requireField("metric", metric);
      if (group.contains("]")) {
        throw new IllegalArgumentException("group must not contain ']': " + group);
      }
      if (value == null || !Double.isFinite(value.doubleValue())) {
        throw new IllegalArgumentException("value of " + group + ", " + metric + " must be a finite number: " + value);
      }
    }
  }

  /**
   * A text fact for YCSB's text output, e.g. {@code device.type = virtio}: printed as a comment line
   * ({@code # STORAGE, device.type, virtio}) that parsers of YCSB's {@code [GROUP], name, number}
   * lines pass over; the result file holds the same facts in its typed sections.
   *
   * @param group e.g. {@code STORAGE}
   * @param name  e.g. {@code device.type}
   * @param value any text on one line
   */
  public record Fact(String group, String name, String value) {
    public Fact {
      requireField("group", group);
      requireField("name", name);
      if (value == null) {
        throw new IllegalArgumentException("value of " + group + ", " + name + " must not be null");
      }
      value = value.strip().replaceAll("\\R+", " ");
    }
  }

  /** Group and metric names stay one CSV field on one line. */
  private static void requireField(String what, String text) {
    if (text == null || text.isBlank() || text.contains(",") || text.contains("\n") || text.contains("\r")) {
      throw new IllegalArgumentException(what + " must be non-blank, without commas or line breaks: " + text);
    }
  }

  private Sizing sizing;
  private ServerInfo server;
  private List<DataDevice> devices;
  private Io io;
  private PerfKitBenchmarkerMetadata perfkitbenchmarker;
  private String timeseries;
  private Warmup warmup;
  private EngineActivity engine;
  private Precondition precondition;
  private final List<SummaryLine> summaryLines = new ArrayList<>();
  private final List<Fact> facts = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private final Set<String> measured = new TreeSet<>();

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

  public synchronized void setPrecondition(Precondition value) {
    precondition = value;
  }

  /** The {@code [IO], …/op} lines of the collector's per-operation figures, when the count is known. */
  public synchronized void addPerOperationLines() {
    if (io == null) {
      return;
    }
    var host = io.sampledHost() == Io.SampledHost.SERVER ? "" : "client.";
    // the observed process's own lines: server.* for a database server, client.process.* for an embedded engine
    var process = io.process().map(Io.ProcessTotals::role).orElse(Io.ProcessTotals.Role.SERVER).keyPrefix();
    io.perOperation().ifPresent(figures -> {
      figures.deviceReads().ifPresent(value -> addSummaryLine("IO", "device.reads/op", value));
      figures.deviceWrites().ifPresent(value -> addSummaryLine("IO", "device.writes/op", value));
      figures.deviceMB().ifPresent(value -> addSummaryLine("IO", "device.MB/op", value));
      figures.cpuMicros().ifPresent(value -> addSummaryLine("IO", host + "cpu.us/op", value));
      figures.serverCpuMicros().ifPresent(value -> addSummaryLine("IO", process + "cpu.us/op", value));
      figures.serverIoBytes().ifPresent(value -> addSummaryLine("IO", process + "io.bytes/op", value));
    });
  }

  /**
   * Completes the collector's figures with YCSB's exported count when the collector could not read it
   * at its stop ({@code measurementtype=raw}, {@code hdrhistogram.fileoutput=true}): the per-operation
   * figures and their lines follow.
   */
  public synchronized void countOperations(Summary summary) {
    if (io != null && io.operations().count() == null && summary.count() > 0) {
      io = io.withOperations(new OperationCount(summary.count(), "YCSB's exported summary"));
      addPerOperationLines();
    }
  }

  /** Sets what an embedded engine's own counters said about the phase. */
  public synchronized void setEngine(EngineActivity value) {
    engine = value;
  }

  /**
   * Sets what the storage collector saw.
   *
   * @param pkb  PerfKitBenchmarker's keys for the first data device, when there is one
   * @param file its time-series file, when written
   */
  public synchronized void setCollected(List<DataDevice> inventory, Io figures, Optional<PerfKitBenchmarkerMetadata> pkb,
      Optional<String> file) {
    devices = List.copyOf(inventory);
    io = figures;
    perfkitbenchmarker = pkb.orElse(null);
    timeseries = file.orElse(null);
  }

  /** Adds a numeric summary line; a value that is not a finite number is not known and is left out. */
  public synchronized void addSummaryLine(String group, String metric, Number value) {
    if (Double.isFinite(value.doubleValue())) {
      summaryLines.add(new SummaryLine(group, metric, value));
    }
  }

  /** Adds a text fact for YCSB's text output (see {@link Fact}). */
  public synchronized void addFact(String group, String name, String value) {
    facts.add(new Fact(group, name, value));
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

  /**
   * The names of the measurements YCSB holds as its client threads end (e.g. {@code READ},
   * {@code Intended-READ}): its export writes each of them, so one missing from the export means the
   * export stopped before it.
   */
  public synchronized void setMeasured(Collection<String> names) {
    measured.clear();
    measured.addAll(names);
  }

  public synchronized Set<String> measured() {
    return Set.copyOf(measured);
  }

  public synchronized Sections sections() {
    return new Sections(Optional.ofNullable(sizing), Optional.ofNullable(server), Optional.ofNullable(devices),
        Optional.ofNullable(io), Optional.ofNullable(perfkitbenchmarker), Optional.ofNullable(timeseries),
        Optional.ofNullable(warmup), Optional.ofNullable(engine), Optional.ofNullable(precondition), Optional.empty());
  }

  public synchronized List<SummaryLine> summaryLines() {
    return List.copyOf(summaryLines);
  }

  public synchronized List<Fact> facts() {
    return List.copyOf(facts);
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
    perfkitbenchmarker = null;
    timeseries = null;
    warmup = null;
    engine = null;
    precondition = null;
    summaryLines.clear();
    facts.clear();
    measured.clear();
    warnings.clear();
    failures.clear();
  }
}
