package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A load and a run of {@code basic}, {@code rocksdb} (a native library) and {@code mongodb} print no
 * JVM {@code WARNING:} line, under the JDK running the tests and under every other JDK 17 or later
 * installed beside it in {@code /usr/lib/jvm} (JDK 25 on our machines, whose restricted-method and
 * final-field warnings are what {@code bin/ycsb}'s JVM options avoid).
 */
class JvmWarningsIT {
  private static final Path INSTALLED_JDKS = Path.of("/usr/lib/jvm");
  private static final Pattern FEATURE_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  /** The test's own JDK and every other installed JDK 17+, each once (the folders hold aliases). */
  static Stream<Path> jdks() throws IOException {
    var homes = new TreeSet<Path>();
    homes.add(Path.of(System.getProperty("java.home")).toRealPath());
    if (Files.isDirectory(INSTALLED_JDKS)) {
      try (var installed = Files.list(INSTALLED_JDKS)) {
        for (var home : installed.toList()) {
          if (Files.isExecutable(home.resolve("bin/java")) && featureVersion(home).orElse(0) >= 17) {
            homes.add(home.toRealPath());
          }
        }
      }
    }
    return homes.stream();
  }

  private static Optional<Integer> featureVersion(Path home) throws IOException {
    var release = home.resolve("release");
    if (!Files.isReadable(release)) {
      return Optional.empty();
    }
    var version = FEATURE_VERSION.matcher(Files.readString(release));
    return version.find() ? Optional.of(Integer.parseInt(version.group(1))) : Optional.empty();
  }

  @ParameterizedTest
  @MethodSource("jdks")
  void loadAndRunPrintNoJvmWarning(Path jdk, @TempDir Path dir) throws Exception {
    // A database per JDK: each one's load inserts the same keys.
    var database = "warnings" + Integer.toHexString(jdk.hashCode());
    var bindings = List.of(
        Map.entry("basic", List.<String>of()),
        Map.entry("rocksdb", List.of("-p", "rocksdb.dir=" + dir.resolve("rocksdb"))),
        Map.entry("mongodb", List.of("-p", "mongodb.url=" + mongo.url(database))));
    for (var binding : bindings) {
      for (var phase : List.of("load", "run")) {
        var command = new ArrayList<>(List.of(phase, binding.getKey(), "-P", "workloads/workloada",
            "-p", "recordcount=100", "-p", "operationcount=100",
            "-p", "exportfile=" + dir.resolve(binding.getKey() + "-" + phase)));
        command.addAll(binding.getValue());
        var result = ycsb(Map.of("JAVA_HOME", jdk.toString()), command.toArray(String[]::new));
        var what = jdk + ": " + phase + " " + binding.getKey() + "\n" + result.all();
        assertEquals(0, result.exitCode(), what);
        assertTrue(Files.exists(dir.resolve(binding.getKey() + "-" + phase)), what);
        assertFalse(result.all().lines().anyMatch(line -> line.startsWith("WARNING:")), what);
      }
    }
  }
}
