package io.github.ycsbstorage.study;

import io.github.ycsbstorage.collector.CollectorReport;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.result.Host;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.PercentilePoint;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.Sections;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.result.StudyCell;
import io.github.ycsbstorage.result.Summary;
import io.github.ycsbstorage.result.Versions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * Merges what a cell's clients left behind into the cell's result: their HdrHistogram logs added
 * exactly, their return codes summed, their throughputs summed, the worst of their statuses, and
 * the first client's sections (sizing, devices, io). Stateless.
 */
final class CellMerge {
  /** Exit statuses of a client that a signal stopped (SIGINT, SIGTERM). */

  private CellMerge() {
  }

  /**
   * The cell's result.
   *
   * @param folder      the cell's raw-output folder
   * @param properties  the first client's properties
   * @param launched    how the clients ended
   * @param inputs      what produced the figures, for resume
   */
  static Result result(StudySettings study, Cell cell, Path folder, Instant startedAt, List<ClientOutcome> outcomes,
      ClientLaunch.Launched launched, Map<String, String> properties, Map<String, String> inputs,
      List<String> warnings) {
    var ended = launched.clients();
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
    var throughput = CellThroughput.of(outcomes, count, cell.effectiveTarget(study));
    var summary = Summary.of(throughput.spanMs(), throughput.opsPerSec(), merged);

    var first = outcomes.get(0).storageResult();
    var allWarnings = new ArrayList<>(warnings);
    allWarnings.addAll(throughput.warnings());
    for (var outcome : outcomes) {
      var prefix = outcomes.size() > 1 ? "client " + outcome.index() + ": " : "";
      outcome.storageResult().ifPresent(r -> r.warnings().forEach(w -> allWarnings.add(prefix + w)));
      var exit = ended.get(outcome.index()).exitCode();
      if (exit != 0 && outcome.storageResult().isEmpty()) {
        allWarnings.add(prefix + "exited with status " + exit + "; see "
            + folder.resolve("client" + outcome.index() + "/stderr.log"));
      }
    }
    var masked = new TreeMap<String, String>();
    properties.forEach((key, value) -> masked.put(key, SecretMasker.maskValue(key, value)));
    var sections = first.map(Result::sections).orElse(Sections.NONE);
    sections = sections.withTimeseries(sections.timeseries().map(t -> timeSeriesPath(folder, t)));
    // The first client's collector sampled the server's host, or the one host all clients ran on: its
    // totals are all the clients' work, per operation of them all.
    var oneHost = sections.io().map(io -> io.sampledHost() == Io.SampledHost.SERVER).orElse(false)
        || study.hosts().size() <= 1;
    if (outcomes.size() > 1 && count > 0 && oneHost) {
      var clients = outcomes.stream().map(ClientOutcome::storageResult).flatMap(Optional::stream)
          .map(r -> r.sections().io()).flatMap(Optional::stream).toList();
      var spanned = clients.size() == outcomes.size() ? CollectorReport.overClients(clients, new OperationCount(count,
          "the cell's " + outcomes.size() + " clients (YCSB measurements), over the span from the first client's"
              + " start to the last one's end")) : Optional.<Io>empty();
      sections = sections.withIo(spanned.isPresent() ? spanned : sections.io().map(io -> io.withOperations(
          new OperationCount(count, "the cell's " + outcomes.size()
              + " clients (YCSB measurements), over the first client's sampled time: a client recorded no readings"))));
    }
    var versions = first.map(Result::versions).orElseGet(() -> Versions.of(Optional.of(study.binding()),
        Optional.empty(), Optional.empty()));
    return Result.ofPhase(status(summary, outcomes, ended), cell.phase(), Optional.of(cell.id()),
        startedAt, Instant.now(), versions, first.map(Result::host).orElseGet(Host::local), masked, summary,
        sections, allWarnings).asStudyCell(studySection(study, cell, outcomes, inputs, launched.wallSeconds(), throughput.sumOfClients()),
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

  /** The worst of the clients' own statuses and exit statuses; degraded when an operation failed. */
  private static Status status(Summary summary, List<ClientOutcome> outcomes, List<ClientLaunch.Ended> ended) {
    var statuses = new ArrayList<Status>();
    outcomes.forEach(o -> o.storageResult().ifPresent(r -> statuses.add(r.status())));
    ended.forEach(e -> {
      if (ExitStatus.signalled(e.exitCode())) {
        statuses.add(Status.INTERRUPTED);
      } else if (e.exitCode() != ExitStatus.SUCCESS.code()) {
        statuses.add(Status.FAILED);
      }
    });
    if (summary.errors() > 0) {
      statuses.add(Status.DEGRADED);
    }
    // Declared from best to worst: the latest one found is the cell's.
    return statuses.stream().max(Enum::compareTo).orElse(Status.COMPLETE);
  }

  private static StudyCell studySection(StudySettings study, Cell cell, List<ClientOutcome> outcomes,
      Map<String, String> inputs, double wallSeconds, OptionalDouble sumOfClientThroughputs) {
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
        cell.repetition(), study.cache().name().toLowerCase(Locale.ROOT), outcomes.size(), study.threads(),
        cell.effectiveTarget(study).map(OptionalDouble::of).orElse(OptionalDouble.empty()),
        // Over the clients' whole life (JVM start included), as their CPU time also is.
        local && wallSeconds > 0
            ? OptionalDouble.of(cpuSeconds / (wallSeconds * Runtime.getRuntime().availableProcessors()))
            : OptionalDouble.empty(),
        sumOfClientThroughputs, inputs);
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
}
