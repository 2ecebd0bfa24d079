package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb} in a source checkout decides from the assembled jars' and the sources' times
 * whether to build the distribution first, and shows the build's progress. The checkout is a copy of
 * the launcher with the assembled distribution's jars; Maven is a stand-in on the PATH that records
 * its calls and prints a module header as Maven does.
 */
class SourceCheckoutLauncherIT {
  private static final Instant HOUR_AGO = Instant.now().minus(Duration.ofHours(1));

  private record Checkout(Path root, Path mainSource, Path testSource, Path calls, Map<String, String> environment) {
    Launcher.Result version() throws Exception {
      return Launcher.run(List.of(root.resolve("bin/ycsb").toString(), "--version"), environment, root);
    }

    List<String> mavenCalls() throws Exception {
      return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
    }
  }

  /** A checkout whose sources are an hour old and whose distribution's jars Maven wrote at {@code jarsTime}. */
  private static Checkout checkout(Path dir, Instant jarsTime) throws Exception {
    var root = Files.createDirectories(dir.resolve("checkout"));
    var bin = Files.createDirectories(root.resolve("bin"));
    Files.copy(Launcher.REPOSITORY.resolve("bin/ycsb"), bin.resolve("ycsb"));
    Files.copy(Launcher.REPOSITORY.resolve("bin/bindings.properties"), bin.resolve("bindings.properties"));
    var mainSource = write(root.resolve("core/src/main/java/Main.java"), "class Main {}\n");
    var testSource = write(root.resolve("core/src/test/java/MainTest.java"), "class MainTest {}\n");
    for (var file : List.of(root.resolve("pom.xml"), root.resolve("dist/pom.xml"), root.resolve("dist/src/assembly.xml"),
        root.resolve("bindings/pom.xml"), mainSource, testSource)) {
      if (!Files.exists(file)) {
        write(file, "<project/>\n");
      }
      Files.setLastModifiedTime(file, FileTime.from(HOUR_AGO));
    }
    var lib = Files.createDirectories(root.resolve("dist/target/ycsb-storage-0/ycsb-storage-0/lib"));
    try (var jars = Files.list(Launcher.HOME.resolve("lib"))) {
      for (var jar : jars.toList()) {
        Files.setLastModifiedTime(Files.copy(jar, lib.resolve(jar.getFileName())), FileTime.from(jarsTime));
      }
    }
    var calls = dir.resolve("mvn-calls.txt");
    var fakeBin = Files.createDirectories(dir.resolve("fake-bin"));
    var mvn = write(fakeBin.resolve("mvn"), "#!/bin/sh\necho \"$*\" >> '" + calls + "'\n"
        + "echo '[INFO] Building ycsb-storage core 0.1.0-SNAPSHOT                          [2/7]'\n"
        + "echo '[INFO] Compiling 200 source files'\n");
    Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(bin.resolve("ycsb"), PosixFilePermissions.fromString("rwxr-xr-x"));
    var environment = Map.of("PATH", fakeBin + ":" + System.getenv("PATH"));
    return new Checkout(root, mainSource, testSource, calls, environment);
  }

  private static Path write(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  @Test
  void jarsThatMavenAssembledAfterTheLastSourceChangeAreUsedWithoutABuild(@TempDir Path dir) throws Exception {
    var checkout = checkout(dir, Instant.now());
    Files.setLastModifiedTime(checkout.testSource(), FileTime.from(Instant.now()));

    var version = checkout.version();
    assertEquals(0, version.exitCode(), version::all);
    assertTrue(version.stdout().startsWith("ycsb-storage "), version::all);
    assertFalse(version.stderr().contains("building"), "a newer test source builds nothing: " + version.all());
    assertEquals(List.of(), checkout.mavenCalls());
  }

  @Test
  void aSourceNewerThanTheJarsBuildsOnceShowingEachModule(@TempDir Path dir) throws Exception {
    var checkout = checkout(dir, HOUR_AGO.minus(Duration.ofMinutes(5)));

    var first = checkout.version();
    assertEquals(0, first.exitCode(), first::all);
    assertTrue(first.stderr().contains("ycsb: building (jars older than sources): mvn -B -DskipTests -pl dist -am package"),
        first::all);
    assertTrue(first.stderr().matches("(?s).*ycsb: building ycsb-storage core 0\\.1\\.0-SNAPSHOT \\[2/7], \\d+ s so far\n.*"),
        "a line per module: " + first.all());
    assertFalse(first.stderr().contains("Compiling"), "Maven's own lines stay out: " + first.all());
    assertTrue(first.stderr().matches("(?s).*ycsb: built in \\d+ s\n.*"), first::all);
    assertEquals(List.of("-B -DskipTests -pl dist -am package"), checkout.mavenCalls());

    // the stand-in, like a build that changed no class, left the jars as they were: the marker says when it ran
    var second = checkout.version();
    assertEquals(0, second.exitCode(), second::all);
    assertFalse(second.stderr().contains("building"), second::all);
    assertEquals(1, checkout.mavenCalls().size(), "built once");
  }

  /** The demo is a module of its own beside core and the bindings: its sources count too. */
  @Test
  void aDemoSourceNewerThanTheJarsBuilds(@TempDir Path dir) throws Exception {
    var checkout = checkout(dir, HOUR_AGO.plus(Duration.ofMinutes(30)));
    write(checkout.root().resolve("demo/src/main/java/DemoCommand.java"), "class DemoCommand {}\n");

    var run = checkout.version();
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stderr().contains("ycsb: building (jars older than sources)"), run::all);
    assertEquals(1, checkout.mavenCalls().size(), run::all);
  }

  @Test
  void noAssembledJarsBuildsWithTheReason(@TempDir Path dir) throws Exception {
    var checkout = checkout(dir, Instant.now());
    try (var jars = Files.list(checkout.root().resolve("dist/target/ycsb-storage-0/ycsb-storage-0/lib"))) {
      for (var jar : jars.filter(jar -> jar.getFileName().toString().startsWith("ycsb-storage-")).toList()) {
        Files.delete(jar);
      }
    }
    var run = checkout.version();
    assertTrue(run.stderr().contains("ycsb: building (jars missing)"), run::all);
    assertEquals(1, checkout.mavenCalls().size(), run::all);
  }
}
