package io.github.ycsbstorage.collector;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.github.ycsbstorage.result.AtomicFile;
import io.github.ycsbstorage.result.Phase;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;

/**
 * Writes the collector's time-series file ({@code ycsb-storage-timeseries/1}: the device inventory,
 * host tuning, probe, every sample and every gap) {@linkplain AtomicFile atomically}. Stateless.
 */
final class TimeSeriesFile {
  static final String SCHEMA = "ycsb-storage-timeseries/1";
  private static final ObjectMapper JSON = new ObjectMapper().registerModule(new Jdk8Module())
      .enable(SerializationFeature.INDENT_OUTPUT);

  private TimeSeriesFile() {
  }

  static void write(Path target, Phase phase, String interval, CollectorReport.Observations seen)
      throws IOException {
    var content = new LinkedHashMap<String, Object>();
    content.put("schema", SCHEMA);
    content.put("phase", phase);
    content.put("interval", interval);
    content.put("observed", seen.observed());
    content.put("source", seen.sampling().source());
    content.put("startedAtMillis", seen.sampling().startedMillis());
    content.put("stoppedAtMillis", seen.sampling().stoppedMillis());
    content.put("inventory", seen.inventory());
    content.put("tuning", seen.tuning());
    content.put("probe", seen.probe());
    content.put("server", seen.server());
    content.put("samples", seen.sampling().samples());
    content.put("gaps", seen.sampling().gaps());
    AtomicFile.write(target, JSON.writeValueAsBytes(content));
  }
}
