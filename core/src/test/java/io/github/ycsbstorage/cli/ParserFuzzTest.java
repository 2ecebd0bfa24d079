package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbstorage.collector.CollectorSettings;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.study.StudySettings;
import io.github.ycsbstorage.testkit.FuzzInputs;
import io.github.ycsbstorage.workload.StorageAwareWorkload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random strings (fixed seeds, {@link FuzzInputs#COUNT} per seed) at every value of the
 * {@code storage.*}, {@code collector.*} (device lists included) and {@code study.*} namespaces. A
 * parser may accept or refuse, and refuses only with {@link InvalidPropertyException} carrying a
 * message: never a {@code NumberFormatException}, {@code InvalidPathException} or any other surprise
 * that the launcher would print as a stack trace. The value parsers below them (sizes, durations):
 * the SPI module's ValueParserFuzzTest.
 */
class ParserFuzzTest {
  /** Settings refuse with InvalidPropertyException only: it names the property for the launcher's exit 2. */
  private static int check(String name, List<String> examples, Consumer<String> parser) {
    return FuzzInputs.check(name, examples, parser, InvalidPropertyException.class);
  }

  @Test
  void storageSettingsAndTheWorkloadsStaticChecks() {
    var base = Map.of("recordcount", "100", "fieldcount", "10", "fieldlength", "100");
    var examples = Map.of(
        "storage.dataset.ratio", List.of("1.33", "0.5"), "storage.dataset.size", List.of("32GB", "1TiB"),
        "storage.memory.basis", List.of("ram", "cache"), "storage.server.memory", List.of("96GB"),
        "storage.record.overhead", List.of("auto", "69"), "storage.calibrate", List.of("false"),
        "storage.calibrate.records", List.of("10000"), "storage.clients", List.of("4"),
        "storage.client", List.of("0"), "storage.warmup", List.of("60s", "1000ops"));
    var more = Map.of("storage.cache", List.of("warm", "cold"), "storage.server.restart", List.of("systemctl restart x"),
        "storage.progress", List.of("true"), "storage.progress.interval", List.of("10s"),
        "storage.result", List.of("results/x.json"));
    for (var entry : merge(examples, more).entrySet()) {
      check(entry.getKey(), entry.getValue(), value -> StorageAwareWorkload.validate(with(base, entry.getKey(), value)));
    }
  }

  @Test
  void collectorSettingsIncludingDeviceLists() {
    var examples = Map.of(
        "collector.enabled", List.of("true"), "collector.root", List.of("/", "/tmp/fixture"),
        "collector.paths", List.of("/var/lib/mongodb,/data"), "collector.devices", List.of("sda,nvme0n1", "vda"),
        "collector.interval", List.of("1s", "500ms"), "collector.probe", List.of("false"),
        "collector.probe.size", List.of("16MiB"), "collector.probe.time", List.of("2s"),
        "collector.pid", List.of("1234"), "collector.remote", List.of("none", "mongodb", "ssh:user@db1"));
    var more = Map.of("collector.ssh.command", List.of("ssh -o BatchMode=yes"),
        "collector.output", List.of("out.storage.json"));
    for (var entry : merge(examples, more).entrySet()) {
      check(entry.getKey(), entry.getValue(),
          value -> CollectorSettings.from(with(Map.of(), entry.getKey(), value), Optional.empty()));
    }
  }

  @Test
  void studyFiles(@TempDir Path home) throws IOException {
    Files.createDirectories(home.resolve("workloads"));
    Files.writeString(home.resolve("workloads/workloada"), "recordcount=1000\nreadproportion=0.5\n");
    var base = Map.of("study.binding", "basic", "study.recordcounts", "100",
        "study.devices", "disk=" + home.resolve("data"));
    // the keys whose values are parsed (numbers, sizes, durations, paths, device specs)
    var examples = Map.of(
        "study.workloads", List.of("workloads/workloada"), "study.ratios", List.of("0.33,1.33"),
        "study.sizes", List.of("32GB,128GB"), "study.recordcounts", List.of("100,300"),
        "study.devices", List.of("hdd=/mnt/hdd/db,ssd=/mnt/ssd/db"), "study.duration", List.of("60s"));
    var more = Map.of("study.target", List.of("0"), "study.results", List.of("results"));
    for (var entry : merge(examples, more).entrySet()) {
      var fixed = new HashMap<>(base);
      if (entry.getKey().equals("study.ratios") || entry.getKey().equals("study.sizes")) {
        fixed.remove("study.recordcounts"); // one way of sizing at a time
      }
      check(entry.getKey(), entry.getValue(),
          value -> StudySettings.from(with(fixed, entry.getKey(), value), "fuzz", home, home));
    }
  }

  private static Properties with(Map<String, String> base, String key, String value) {
    var properties = new Properties();
    properties.putAll(base);
    properties.setProperty(key, value);
    return properties;
  }

  private static Map<String, List<String>> merge(Map<String, List<String>> first, Map<String, List<String>> second) {
    var all = new TreeMap<>(first);
    all.putAll(second);
    assertEquals(first.size() + second.size(), all.size(), "no key twice");
    return all;
  }
}
