package io.github.ycsbstorage.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.DeviceType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden tests of the result file format: real files that ycsb-storage wrote before the typed model
 * existed (a demo study on the embedded MongoDB-wire server, and single phases of YCSB's
 * {@code basic} binding, 2026-11-23) are read, checked against an independent reading of their
 * JSON, and written again without losing a value.
 */
class ResultFilesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Path golden(String name) throws Exception {
    return Path.of(ResultFilesTest.class.getResource("/golden/result-1/" + name).toURI());
  }

  @ParameterizedTest
  @ValueSource(strings = {"standalone-run-basic.json", "standalone-run-percentiles.json",
      "standalone-load-mongodb.json", "standalone-run-mongodb.json", "study-load.json", "study-run.json"})
  void everyFigureOfAnEarlierFileIsReadAndWrittenAgain(String name, @TempDir Path dir) throws Exception {
    var file = golden(name);
    var result = ResultReader.read(file);
    var rewritten = dir.resolve(name);
    ResultWriter.write(rewritten, result);
    assertEquals(result, ResultReader.read(rewritten), "what the writer writes, the reader reads back");

    var before = JSON.readTree(file.toFile());
    var after = JSON.readTree(rewritten.toFile());
    var lost = new ArrayList<String>();
    compare("", before, after, lost);
    assertEquals(List.of(), lost, "values of the earlier file that the rewritten one lacks or changed");
  }

  /** Adds the path of every scalar of {@code before} that {@code after} does not hold unchanged. */
  private static void compare(String path, JsonNode before, JsonNode after, List<String> lost) {
    if (before.isObject()) {
      before.fields().forEachRemaining(e -> compare(path.isEmpty() ? e.getKey() : path + "." + e.getKey(),
          e.getValue(), after.path(e.getKey()), lost));
    } else if (before.isArray()) {
      for (int i = 0; i < before.size(); i++) {
        compare(path + "[" + i + "]", before.get(i), after.path(i), lost);
      }
    } else if (before.isNumber() ? !after.isNumber() || before.decimalValue().compareTo(after.decimalValue()) != 0
        : !before.equals(after)) {
      lost.add(path + ": " + before + " → " + after);
    }
  }

  @Test
  void aStudyCellReadsAsTypedFigures() throws Exception {
    var result = ResultReader.read(golden("study-run.json"));
    var tree = JSON.readTree(golden("study-run.json").toFile());
    assertEquals(Status.COMPLETE, result.status());
    assertEquals(Phase.RUN, result.phase());
    assertEquals(Optional.of("local_ratio2_workloada-zipfian_r1"), result.label());
    assertEquals(tree.path("summary").path("throughputOpsPerSec").asDouble(),
        result.summary().throughputOpsPerSec().getAsDouble());
    var read = result.summary().operations().get("READ");
    assertEquals(tree.path("summary").path("operations").path("READ").path("count").asLong(), read.count());
    assertEquals(tree.path("summary").path("operations").path("READ").path("p99Us").asLong(), read.p99Us().getAsLong());
    assertEquals(OptionalLong.of(read.p999Us().getAsLong()), read.percentile(99.9));
    assertEquals(Map.of("OK", tree.path("summary").path("operations").path("READ").path("returnCodes").path("OK")
        .asLong()), read.returnCodes());
    assertEquals(List.of("READ", "UPDATE"), List.copyOf(result.summary().measured().keySet()), "CLEANUP left out");

    var sections = result.sections();
    assertEquals(Sizing.Mode.RATIO, sections.sizing().orElseThrow().mode());
    assertEquals(OptionalDouble.of(2), sections.sizing().orElseThrow().ratio());
    assertEquals("MongoDB", sections.server().orElseThrow().product());
    var device = sections.devices().orElseThrow().get(0);
    assertEquals(DeviceType.VIRTIO, device.device().type());
    assertEquals(tree.path("devices").path(0).path("probe").path("p50Us").asLong(),
        device.probe().orElseThrow().p50Us().getAsLong());
    var io = sections.io().orElseThrow();
    assertEquals(Io.SampledHost.SERVER, io.sampledHost());
    assertEquals(tree.path("io").path("devices").path("vda").path("reads").asLong(), io.devices().get("vda").reads());
    assertEquals(tree.path("io").path("devices").path("vda").path("average").path("r/s").asDouble(),
        io.devices().get("vda").average().orElseThrow().readsPerSec());

    var study = result.study().orElseThrow();
    assertEquals("demo", study.name());
    assertEquals(Optional.of("zipfian"), study.distribution());
    assertEquals("ratio2", study.scale().label());
    assertEquals(13, result.latency().get("READ").size());
    assertEquals(100.0, result.latency().get("READ").get(12).percentile());
    assertEquals(1, result.clients().size());
  }

  @Test
  void unknownFiguresReadAsEmptyNeverAsZero() throws Exception {
    var result = ResultReader.read(golden("standalone-run-basic.json"));
    var sizing = result.sections().sizing().orElseThrow();
    assertEquals(Sizing.Mode.RECORDCOUNT, sizing.mode());
    assertEquals(OptionalDouble.empty(), sizing.ratio());
    assertEquals(Optional.empty(), sizing.memory());
    assertEquals(Optional.empty(), sizing.measured(), "a run measures no dataset");
    assertEquals(Optional.empty(), result.sections().server(), "BasicDB describes no server");
    assertEquals(Optional.empty(), result.versions().driver());
    var cleanup = result.summary().operations().get("CLEANUP");
    assertEquals(OptionalLong.empty(), cleanup.p50Us(), "YCSB reported only its default 95th and 99th percentiles");
    assertEquals(Map.of(), cleanup.returnCodes());
    assertEquals(Optional.empty(), result.study());
  }

  @Test
  void percentilesBeyondTheNamedOnesAreKeptUnderTheirOwnKeys() throws Exception {
    // Written with hdrhistogram.percentiles=50,90,99.9,99.99, before YCSB's "99.9PercentileLatency(us)"
    // (no ordinal suffix) was understood: those two were lost then.
    var read = ResultReader.read(golden("standalone-run-percentiles.json")).summary().operations().get("READ");
    assertEquals(OptionalLong.of(35), read.p50Us());
    assertEquals(OptionalLong.of(143), read.percentile(90));
    assertEquals(Map.of("p90Us", 143L), read.otherPercentiles());
    assertEquals(OptionalLong.empty(), read.p999Us());
  }

  @Test
  void unknownIsWrittenAsNull(@TempDir Path dir) throws Exception {
    var empty = OperationFigures.of(new org.HdrHistogram.Histogram(3), Map.of());
    var result = Result.ofPhase(Status.COMPLETE, Phase.RUN, Optional.empty(), java.time.Instant.EPOCH,
        java.time.Instant.EPOCH, Versions.of(Optional.empty(), Optional.empty(), Optional.empty()), Host.local(),
        Map.of(), Summary.of(OptionalLong.empty(), OptionalDouble.empty(), Map.of("READ", empty)), Sections.NONE,
        List.of());
    var file = dir.resolve("r.json");
    ResultWriter.write(file, result);
    var tree = JSON.readTree(file.toFile());
    assertTrue(tree.path("summary").path("runtimeMs").isNull());
    assertTrue(tree.path("summary").path("operations").path("READ").path("p99Us").isNull());
    assertTrue(tree.path("summary").path("operations").path("READ").path("averageUs").isNull());
    assertTrue(tree.path("versions").path("driver").isNull());
    assertTrue(tree.path("io").isNull(), "the collector did not run: unknown, not empty");
    assertTrue(tree.path("label").isNull());
    assertEquals(false, tree.has("study"), "a single phase has no study sections");
    assertEquals(false, tree.has("warmup"), "no warm-up ran");
    assertEquals("1970-01-01T00:00:00Z", tree.path("startedAt").asText());
  }

  @Test
  void otherJsonIsNotAResultAndBrokenFilesAreNamed(@TempDir Path dir) throws Exception {
    var timeseries = Files.writeString(dir.resolve("ts.json"), "{\"schema\": \"ycsb-storage-timeseries/1\"}");
    assertEquals(Optional.empty(), ResultReader.readIfResult(timeseries));
    var thrown = assertThrows(ResultReader.ResultFormatException.class, () -> ResultReader.read(timeseries));
    assertTrue(thrown.getMessage().startsWith(timeseries + ": not a result file"), thrown.getMessage());

    var truncated = Files.writeString(dir.resolve("cut.json"), "{\"schema\": \"ycsb-storage-result/1\", \"sta");
    thrown = assertThrows(ResultReader.ResultFormatException.class, () -> ResultReader.readIfResult(truncated));
    assertTrue(thrown.getMessage().startsWith(truncated + ": "), thrown.getMessage());
  }
}
