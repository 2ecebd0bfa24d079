package io.github.ycsbstorage.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.github.ycsbstorage.cli.Version;
import io.github.ycsbstorage.config.SecretMasker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the self-describing result file ({@code docs/RESULTS.md}, schema {@value #SCHEMA}) atomically:
 * a temporary file in the target directory, then a rename, so that a file that exists is complete.
 * Stateless and thread-safe.
 */
final class ResultFile {
  static final String SCHEMA = "ycsb-storage-result/1";

  private static final ObjectMapper MAPPER = new ObjectMapper()
      .registerModule(new Jdk8Module())
      .enable(SerializationFeature.INDENT_OUTPUT);

  private ResultFile() {
  }

  /** The whole result as a tree of maps, in the schema's key order. */
  static Map<String, Object> assemble(ResultSettings settings, YcsbSummary summary, RunRecord record,
                                      Instant finishedAt, boolean interrupted) {
    var warnings = record.warnings();
    var result = new LinkedHashMap<String, Object>();
    result.put("schema", SCHEMA);
    result.put("status", interrupted ? "interrupted"
        : summary.errors() > 0 || !warnings.isEmpty() ? "degraded" : "complete");
    result.put("phase", settings.phase());
    result.put("label", settings.properties().getProperty("label"));
    result.put("startedAt", settings.startedAt().toString());
    result.put("finishedAt", finishedAt.toString());
    var versions = new LinkedHashMap<String, Object>();
    versions.put("ycsbStorage", Version.ycsbStorage());
    versions.put("ycsbCore", Version.ycsbCore());
    versions.put("java", System.getProperty("java.version"));
    versions.put("binding", settings.properties().getProperty("db", "site.ycsb.BasicDB"));
    versions.put("driver", settings.driver().orElse(null));
    versions.put("server", settings.server().orElse(null));
    result.put("versions", versions);
    result.put("host", HostFacts.describe());
    var properties = SecretMasker.maskedCopy(settings.properties());
    properties.put("exporter", settings.delegateClass());
    result.put("properties", properties);
    result.put("summary", summary.toMap());
    result.putAll(record.sections());
    result.put("warnings", warnings);
    return result;
  }

  static void write(Path target, Map<String, Object> result) throws IOException {
    var directory = target.toAbsolutePath().getParent();
    Files.createDirectories(directory);
    var temporary = Files.createTempFile(directory, "." + target.getFileName(), ".tmp");
    try {
      MAPPER.writeValue(temporary.toFile(), result);
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
