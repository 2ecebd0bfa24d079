package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The collector's per-interval samples (docs/RESULTS.md, time-series file) as named series over
 * seconds since the first sample: {@code <device> r/s}, {@code w/s}, {@code rkB/s}, {@code wkB/s},
 * {@code r_await}, {@code w_await}, {@code %util} and {@code cpu user|system|iowait}. Accepts a JSON
 * array of samples, an object holding one ({@code samples}), or JSON lines. Immutable.
 */
record TimeSeries(List<Double> seconds, Map<String, List<Double>> series) {
  static final List<String> DEVICE_FIELDS = List.of("r/s", "w/s", "rkB/s", "wkB/s", "r_await", "w_await", "%util");
  static final List<String> CPU_FIELDS = List.of("user", "system", "iowait");

  static TimeSeries read(Path file, ObjectMapper json) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException(file + " is not a regular file"); // a FIFO would block the report forever
    }
    var samples = new ArrayList<JsonNode>();
    var text = Files.readString(file).strip();
    if (text.startsWith("[") || text.startsWith("{") && !text.contains("\n{")) {
      var root = json.readTree(text);
      var array = root.isArray() ? root : root.path("samples");
      array.forEach(samples::add);
    } else {
      for (var line : text.split("\n")) {
        if (!line.isBlank()) {
          samples.add(json.readTree(line));
        }
      }
    }
    var seconds = new ArrayList<Double>();
    var series = new LinkedHashMap<String, List<Double>>();
    var first = samples.isEmpty() ? 0 : samples.get(0).path("epochMillis").asLong();
    for (var sample : samples) {
      var index = seconds.size();
      seconds.add((sample.path("epochMillis").asLong() - first) / 1000.0);
      sample.path("devices").fields().forEachRemaining(device -> DEVICE_FIELDS.forEach(field ->
          put(series, device.getKey() + " " + field, index, device.getValue().path(field))));
      CPU_FIELDS.forEach(field -> put(series, "cpu " + field, index, sample.path("cpu").path(field)));
    }
    return new TimeSeries(seconds, series);
  }

  private static void put(Map<String, List<Double>> series, String name, int index, JsonNode value) {
    var values = series.computeIfAbsent(name, k -> new ArrayList<>());
    while (values.size() < index) {
      values.add(Double.NaN);
    }
    values.add(value.isNumber() ? value.asDouble() : Double.NaN);
  }
}
