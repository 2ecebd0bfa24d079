package io.github.ycsbstorage.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.result.Host;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.PercentilePoint;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.Sections;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.result.StudyCell;
import io.github.ycsbstorage.result.Summary;
import io.github.ycsbstorage.result.Versions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Runs one cell: starts its client processes ({@code bin/ycsb load|run}, one per
 * {@code study.clients}), waits for them, and builds the cell's result from their outputs, merging
 * their HdrHistogram logs exactly. Raw client outputs stay in {@code <cell>.d/} beside the result.
 * Not thread-safe: used by the study's single runner thread.
 */
final class CellExecutor {
  static final String STORAGE_AWARE_WORKLOAD = "io.github.ycsbstorage.workload.StorageAwareWorkload";
  private static final String EXPORTER = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";

  private final StudyDefinition study;
  private final Path ycsbHome;
  private final ChildProcesses children;
  private final ObjectMapper json;
  /** Launch to exit of the last client of the cell being run. */
  private double wallSeconds;

  CellExecutor(StudyDefinition study, Path ycsbHome, ChildProcesses children, ObjectMapper json) {
    this.study = study;
    this.ycsbHome = ycsbHome;
    this.children = children;
    this.json = json;
  }

  /**
   * Runs the cell's clients and returns its result document.
   *
   * @param folder   empty folder for the raw client outputs
   * @param warnings found before the cell ran (e.g. the page cache could not be dropped)
   * @throws IOException when a client fails; the message names its log
   */
  Result run(Cell cell, Path folder, List<String> warnings) throws IOException, InterruptedException {
    var startedAt = Instant.now();
    var partitionable = recordCount(cell).isPresent() || storageAware(cell);
    var clients = cell.phase() == Phase.LOAD && !partitionable ? 1 : study.clients();
    var ourWarnings = new ArrayList<>(warnings);
    if (clients < study.clients()) {
      ourWarnings.add("load ran with 1 client: partitioning over " + study.clients()
          + " clients needs the record count (study.recordcounts or recordcount) or the storage-aware workload");
    }
    var processes = new ArrayList<Process>();
    long launched = System.nanoTime();
    var cpu = new ArrayList<AtomicReference<Double>>();
    var properties = new ArrayList<Map<String, String>>();
    try {
      for (int i = 0; i < clients; i++) {
        var clientFolder = Files.createDirectories(folder.resolve("client" + i));
        var clientProperties = properties(cell, i, clients, clientFolder);
        properties.add(clientProperties);
        var command = command(cell, i, clientProperties);
        var process = children.track(new ProcessBuilder(command)
            .redirectOutput(clientFolder.resolve("stdout.log").toFile())
            .redirectError(clientFolder.resolve("stderr.log").toFile()).start());
        processes.add(process);
        cpu.add(new AtomicReference<>());
      }
      waitSampling(processes, cpu);
      wallSeconds = (System.nanoTime() - launched) / 1e9;
      for (int i = 0; i < clients; i++) {
        if (processes.get(i).exitValue() != 0) {
          throw new IOException("client " + i + " of cell " + cell.id() + " failed with status "
              + processes.get(i).exitValue() + "; see " + folder.resolve("client" + i + "/stderr.log") + tail(folder
              .resolve("client" + i + "/stderr.log")));
        }
      }
    } finally {
      processes.forEach(p -> {
        p.destroyForcibly();
        children.forget(p);
      });
    }
    var outcomes = new ArrayList<ClientOutcome>();
    for (int i = 0; i < clients; i++) {
      var clientFolder = folder.resolve("client" + i);
      outcomes.add(ClientOutcome.read(i, clientFolder.resolve("export.json"), clientFolder,
          clientFolder.resolve("result.json"), Optional.ofNullable(cpu.get(i).get()), json));
    }
    return result(cell, folder, startedAt, outcomes, properties.get(0), ourWarnings);
  }

  private Result result(Cell cell, Path folder, Instant startedAt, List<ClientOutcome> outcomes,
      Map<String, String> properties, List<String> warnings) {
    var operations = new TreeSet<String>();
    outcomes.forEach(o -> operations.addAll(o.operations()));
    var merged = new TreeMap<String, OperationFigures>();
    var latency = new TreeMap<String, List<PercentilePoint>>();
    for (var operation : operations) {
      var codes = new TreeMap<String, Long>();
      outcomes.forEach(outcome -> outcome.returnCodes().getOrDefault(operation, Map.of())
          .forEach((code, n) -> codes.merge(code, n, Long::sum)));
      var histogram = merge(outcomes, operation).orElseThrow();
      var intended = merge(outcomes, OperationFigures.INTENDED_PREFIX + operation);
      merged.put(operation, OperationFigures.of(histogram, codes)
          .withIntended(intended.map(times -> OperationFigures.of(times, Map.of()))));
      latency.put(operation, PercentilePoint.distribution(histogram));
      intended.ifPresent(times -> latency.put(OperationFigures.INTENDED_PREFIX + operation,
          PercentilePoint.distribution(times)));
    }
    var count = Summary.of(OptionalLong.empty(), OptionalDouble.empty(), merged).count();
    var throughput = CellThroughput.of(outcomes, count, study.target());
    var summary = Summary.of(throughput.spanMs(), throughput.opsPerSec(), merged);

    var first = outcomes.get(0).storageResult();
    var allWarnings = new ArrayList<>(warnings);
    allWarnings.addAll(throughput.warnings());
    for (var outcome : outcomes) {
      outcome.storageResult().ifPresent(r -> r.warnings().forEach(w -> allWarnings.add(
          (outcomes.size() > 1 ? "client " + outcome.index() + ": " : "") + w)));
    }
    var degraded = summary.errors() > 0 || outcomes.stream().anyMatch(o -> o.storageResult()
        .map(r -> r.status() != Status.COMPLETE).orElse(false));
    var masked = new TreeMap<String, String>();
    properties.forEach((key, value) -> masked.put(key, SecretMasker.maskValue(key, value)));
    var sections = first.map(Result::sections).orElse(Sections.NONE);
    sections = sections.withTimeseries(sections.timeseries().map(t -> timeSeriesPath(folder, t)));
    var versions = first.map(Result::versions).orElseGet(() -> Versions.of(Optional.of(study.binding()),
        Optional.empty(), Optional.empty()));
    return Result.ofPhase(degraded ? Status.DEGRADED : Status.COMPLETE, cell.phase(), Optional.of(cell.id()),
        startedAt, Instant.now(), versions, first.map(Result::host).orElseGet(Host::local), masked, summary,
        sections, allWarnings).asStudyCell(studySection(cell, outcomes, throughput.sumOfClients()),
        latency, outcomes.stream().map(o -> o.figures(List.copyOf(operations))).toList());
  }

  /** The clients' histograms of {@code name} added up exactly; empty when no client has one. */
  private static Optional<Histogram> merge(List<ClientOutcome> outcomes, String name) {
    var logs = outcomes.stream().map(o -> o.histograms().get(name)).filter(Objects::nonNull).toList();
    if (logs.isEmpty()) {
      return Optional.empty();
    }
    var histogram = new Histogram(3);
    logs.forEach(histogram::add);
    return Optional.of(histogram);
  }

  private StudyCell studySection(Cell cell, List<ClientOutcome> outcomes, double sumOfClientThroughputs) {
    var cpuSeconds = outcomes.stream().map(ClientOutcome::cpuSeconds).flatMap(Optional::stream)
        .mapToDouble(Double::doubleValue).sum();
    var local = study.hosts().isEmpty() && outcomes.stream().allMatch(o -> o.cpuSeconds().isPresent());
    return new StudyCell(study.name(), cell.id(), cell.index(),
        new StudyCell.Device(cell.device().name(), cell.device().dataPath().toString()),
        new StudyCell.Scale(cell.scale().kind().name().toLowerCase(Locale.ROOT), cell.scale().value(),
            cell.scale().label()),
        cell.workload().name(),
        cell.phase() == Phase.LOAD ? Optional.empty()
            : Optional.of(cell.distribution().orElse(cell.workload().distribution())),
        cell.repetition(), study.cache().name().toLowerCase(Locale.ROOT), outcomes.size(),
        // Over the clients' whole life (JVM start included), as their CPU time also is.
        local && wallSeconds > 0
            ? OptionalDouble.of(cpuSeconds / (wallSeconds * Runtime.getRuntime().availableProcessors()))
            : OptionalDouble.empty(), OptionalDouble.of(sumOfClientThroughputs));
  }

  /**
   * The collector's time-series file relative to the cell result's folder, so that a results folder
   * can be moved: the client wrote it relative to its own result file, or absolute.
   */
  private static String timeSeriesPath(Path cellFolder, String written) {
    var clientFolder = cellFolder.resolve("client0");
    var file = clientFolder.resolve(written).toAbsolutePath().normalize();
    var resultsFolder = cellFolder.toAbsolutePath().getParent();
    return file.startsWith(resultsFolder) ? resultsFolder.relativize(file).toString() : file.toString();
  }

  /** The {@code -p} properties of client {@code index}, in the order they are given. */
  Map<String, String> properties(Cell cell, int index, int clients, Path clientFolder) {
    var properties = new LinkedHashMap<String, String>();
    study.passThrough().forEach((key, value) -> properties.put(key, cell.substitute(value)));
    properties.putAll(cell.scale().properties());
    if (cell.scale().needsStorageAwareWorkload() && !study.passThrough().containsKey("workload")) {
      properties.put("workload", STORAGE_AWARE_WORKLOAD);
    }
    if (storageAware(cell) && clients > 1) {
      // The storage-aware workload derives each client's insertstart/insertcount from these.
      properties.put("storage.clients", Integer.toString(clients));
      properties.put("storage.client", Integer.toString(index));
    }
    cell.distribution().ifPresent(d -> properties.put("requestdistribution", d));
    if (cell.phase() == Phase.RUN) {
      study.operationCount().ifPresent(n -> properties.put("operationcount", Long.toString(n)));
      study.duration().ifPresent(d -> properties.put("maxexecutiontime", Long.toString(Math.max(1, d.toSeconds()))));
    } else if (clients > 1 && !storageAware(cell)) {
      var records = recordCount(cell).orElseThrow();
      var start = records * index / clients;
      properties.put("insertstart", Long.toString(start));
      properties.put("insertcount", Long.toString(records * (index + 1) / clients - start));
    }
    properties.put("exporter", EXPORTER);
    properties.put("exportfile", clientFolder.resolve("export.json").toString());
    if (storageAware(cell)) {
      // Only the storage-aware workload writes a result file; other workloads would leave it unused.
      properties.put("storage.result", clientFolder.resolve("result.json").toString());
    }
    properties.put("measurementtype", "hdrhistogram");
    properties.put("hdrhistogram.fileoutput", "true");
    properties.put("hdrhistogram.output.path", clientFolder + "/");
    return properties;
  }

  private boolean storageAware(Cell cell) {
    return STORAGE_AWARE_WORKLOAD.equals(study.passThrough().getOrDefault("workload",
        cell.scale().needsStorageAwareWorkload() ? STORAGE_AWARE_WORKLOAD : ""));
  }

  private Optional<Long> recordCount(Cell cell) {
    if (cell.scale().kind() == DatasetScale.Kind.RECORDS) {
      return Optional.of(Long.parseLong(cell.scale().value()));
    }
    return Optional.ofNullable(study.passThrough().get("recordcount")).map(Long::parseLong);
  }

  private List<String> command(Cell cell, int index, Map<String, String> properties) {
    var command = new ArrayList<String>();
    var launcher = ycsbHome.resolve("bin/ycsb").toString();
    if (!study.hosts().isEmpty()) {
      // ssh joins its arguments into one remote shell command: quote each one.
      command.addAll(List.of("ssh", "-o", "BatchMode=yes", study.hosts().get(index % study.hosts().size())));
      launcher = quote(launcher);
    }
    var arguments = new ArrayList<String>(List.of(cell.command(), study.binding(), "-P",
        cell.workload().file().toString(), "-threads", Integer.toString(study.threads())));
    study.target().ifPresent(t -> arguments.addAll(List.of("-target", Long.toString(Math.max(1,
        Math.round(t / study.clients()))))));
    properties.forEach((key, value) -> arguments.addAll(List.of("-p", key + "=" + value)));
    arguments.add("-s");
    command.add(launcher);
    arguments.forEach(a -> command.add(study.hosts().isEmpty() ? a : quote(a)));
    return command;
  }

  private static String quote(String argument) {
    return "'" + argument.replace("'", "'\\''") + "'";
  }

  /** Waits for all clients, sampling each one's CPU time every 200 ms while it lives. */
  private static void waitSampling(List<Process> processes, List<AtomicReference<Double>> cpu)
      throws InterruptedException {
    while (processes.stream().anyMatch(Process::isAlive)) {
      for (int i = 0; i < processes.size(); i++) {
        var process = processes.get(i);
        var sampled = cpu.get(i);
        process.info().totalCpuDuration().ifPresent(d -> sampled.set(d.toNanos() / 1e9));
      }
      Thread.sleep(200);
    }
  }

  private static String tail(Path log) {
    try {
      var lines = Files.readAllLines(log);
      return ":\n  " + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }
}
