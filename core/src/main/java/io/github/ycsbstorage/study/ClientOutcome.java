package io.github.ycsbstorage.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.ClientFigures;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * What one client process of a cell left behind: YCSB's JSON export, its HdrHistogram logs (one per
 * operation type) and, when the storage-aware components ran, its own result file. Immutable.
 *
 * @param runtimeMs   its YCSB run time ({@code [OVERALL], RunTime(ms)}); empty when it reported none
 *                    (it ended before YCSB's export)
 * @param throughput  its YCSB throughput; empty likewise
 * @param cpuSeconds  CPU time the client process used, as last sampled; empty when not measurable
 * @param storageResult the client's {@code storage.result} file, when one was written
 * @param span        when its run began and ended, from its {@code stderr.log}; empty when unknown
 */
record ClientOutcome(int index, OptionalLong runtimeMs, OptionalDouble throughput,
    Map<String, Map<String, Long>> returnCodes,
    Map<String, Histogram> histograms, Optional<Double> cpuSeconds, Optional<Result> storageResult,
    Optional<ClientSpan> span) {

  /**
   * @param clientFolder its HdrHistogram logs and its {@code stderr.log}
   */
  static ClientOutcome read(int index, Path exportFile, Path clientFolder, Path storageResult,
      Optional<Double> cpuSeconds, ObjectMapper json) throws IOException {
    var runtime = OptionalLong.empty();
    var throughput = OptionalDouble.empty();
    var codes = new TreeMap<String, Map<String, Long>>();
    for (var entry : json.readTree(exportFile.toFile())) {
      var metric = entry.path("metric").asText();
      var measurement = entry.path("measurement").asText();
      var value = entry.path("value");
      if (metric.equals("OVERALL") && measurement.equals("RunTime(ms)")) {
        runtime = OptionalLong.of(value.asLong());
      } else if (metric.equals("OVERALL") && measurement.equals("Throughput(ops/sec)")) {
        throughput = OptionalDouble.of(value.asDouble());
      } else if (measurement.startsWith("Return=")) {
        codes.computeIfAbsent(metric, k -> new TreeMap<>()).put(measurement.substring("Return=".length()),
            value.asLong());
      }
    }
    var histograms = new TreeMap<String, Histogram>();
    try (var logs = Files.list(clientFolder)) {
      for (var log : logs.filter(p -> p.toString().endsWith(".hdr")).sorted().toList()) {
        var operation = log.getFileName().toString().replaceFirst("\\.hdr$", "");
        histograms.put(operation, HdrLogs.read(log));
      }
    }
    var storage = Files.isRegularFile(storageResult) ? Optional.of(ResultReader.read(storageResult))
        : Optional.<Result>empty();
    var span = runtime.isPresent() ? ClientSpan.of(clientFolder.resolve("stderr.log"), runtime.getAsLong(),
        ZoneId.systemDefault()) : Optional.<ClientSpan>empty();
    return new ClientOutcome(index, runtime, throughput, codes, histograms, cpuSeconds, storage, span);
  }

  /** Its operation types; the intended-time logs ({@code Intended-READ.hdr}) belong to theirs. */
  Set<String> operations() {
    var names = new TreeSet<>(histograms.keySet());
    names.removeIf(name -> name.startsWith(OperationFigures.INTENDED_PREFIX));
    return names;
  }

  /** This client's own figures, kept in the cell result beside the merged ones. */
  ClientFigures figures(List<String> operations) {
    var perOperation = new LinkedHashMap<String, OperationFigures>();
    for (var operation : operations) {
      var histogram = histograms.get(operation);
      if (histogram != null) {
        perOperation.put(operation, OperationFigures.of(histogram, returnCodes.getOrDefault(operation, Map.of()))
            .withIntended(Optional.ofNullable(histograms.get(OperationFigures.INTENDED_PREFIX + operation))
                .map(times -> OperationFigures.of(times, Map.of()))));
      }
    }
    return new ClientFigures(index, runtimeMs, throughput,
        cpuSeconds.map(OptionalDouble::of).orElse(OptionalDouble.empty()), perOperation);
  }
}
