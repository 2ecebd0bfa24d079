package io.github.ycsbstorage.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dependencies point one way: each package of ours uses only packages below it in {@link #LAYERS},
 * the bindings use only the SPI module, and the SPI uses nothing of ours (bindings → SPI ← core).
 * The result file's format sits below the collector, which maps its own figures onto it, and the
 * study, which drives clients as processes, uses none of the workload's code ({@link #APART}).
 * Read from the main sources (every reference to a class of another package of ours, imports,
 * wildcard imports and qualified names alike, comments left out), so that a new arrow shows up here
 * before it becomes a circle. The compiler enforces the bindings' side too: they compile against
 * the SPI module alone.
 */
class DependencyDirectionTest {
  /** Lowest first: a package may depend on the packages before it only. */
  private static final List<String> LAYERS = List.of(
      "spi", "config", "binding", "exit", "result", "store", "collector.host", "collector.sample", "collector.device",
      "collector.probe", "dataset", "collector.remote", "collector", "phaseend", "workload", "study", "report",
      "cli", "demo");
  /**
   * Packages that the layers would let use another that they must not: the study runs {@code bin/ycsb}
   * child processes and names the workload only by its class name (a string, which does not count here).
   */
  private static final Map<String, Set<String>> APART = Map.of("study", Set.of("workload"));
  /** What a binding's main code may use of ours: the packages of the SPI module. */
  private static final Set<String> FOR_BINDINGS = Set.of("spi", "config", "binding");
  /** The modules whose packages {@link #LAYERS} orders, lowest first. */
  private static final List<String> LAYERED_MODULES = List.of("core/spi", "core", "demo");

  private static final Pattern PACKAGE = Pattern.compile("^package io\\.github\\.ycsbstorage\\.([a-z.]+);", Pattern.MULTILINE);
  /** A class of ours, or all of a package's ({@code import io.github.ycsbstorage.cli.*;}). */
  private static final Pattern REFERENCE = Pattern.compile("io\\.github\\.ycsbstorage\\.([a-z.]+)\\.(?:[A-Z]|\\*)");
  private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");

  private static Path project() {
    return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
  }

  /** Package → the other packages of ours its main sources refer to, class names in strings included. */
  private static Map<String, Set<String>> dependencies(Path sources) throws IOException {
    return dependencies(sources, true);
  }

  /** The same; {@code inStrings}: whether a class name in a string literal counts. */
  private static Map<String, Set<String>> dependencies(Path sources, boolean inStrings) throws IOException {
    var graph = new TreeMap<String, Set<String>>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (var file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        var text = Files.readString(file);
        var declared = PACKAGE.matcher(text);
        if (!declared.find()) {
          continue;
        }
        var from = declared.group(1);
        var uses = graph.computeIfAbsent(from, k -> new TreeSet<>());
        for (var line : text.split("\n")) {
          var code = line.strip();
          if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
            continue;
          }
          var reference = REFERENCE.matcher(inStrings ? code : STRING.matcher(code).replaceAll("\"\""));
          while (reference.find()) {
            if (!reference.group(1).equals(from)) {
              uses.add(reference.group(1));
            }
          }
        }
      }
    }
    return graph;
  }

  private static Path mainSources(String module) {
    return project().resolve(module).resolve("src/main/java");
  }

  @Test
  void aWildcardImportIsADependencyOnItsPackage(@TempDir Path sources) throws IOException {
    var file = Files.createDirectories(sources.resolve("io/github/ycsbstorage/spi")).resolve("Leak.java");
    Files.writeString(file, "package io.github.ycsbstorage.spi;\n\nimport io.github.ycsbstorage.cli.*;\n\n"
        + "interface Leak {\n}\n");
    assertEquals(Map.of("spi", Set.of("cli")), dependencies(sources));
  }

  @Test
  void theSpiModuleHoldsExactlyWhatBindingsMayUse() throws IOException {
    assertEquals(new TreeSet<>(FOR_BINDINGS), dependencies(mainSources("core/spi")).keySet());
  }

  @Test
  void corePackagesDependOnlyOnLowerLayers() throws IOException {
    var graph = new TreeMap<String, Set<String>>();
    for (var module : LAYERED_MODULES) {
      graph.putAll(dependencies(mainSources(module)));
    }
    assertEquals(new TreeSet<>(LAYERS), graph.keySet(), "every package of " + LAYERED_MODULES + " has its place in LAYERS");
    var upward = new ArrayList<String>();
    graph.forEach((from, uses) -> uses.forEach(to -> {
      if (LAYERS.indexOf(to) >= LAYERS.indexOf(from)) {
        upward.add(from + " -> " + to);
      }
    }));
    assertEquals(List.of(), upward, "dependencies that point up (or sideways) the layers");
    assertEquals(Set.of(), graph.get("spi"), "the SPI depends on nothing of ours");
  }

  @Test
  void packagesKeptApartUseNoneOfEachOthersCode() throws IOException {
    var graph = dependencies(project().resolve("core/src/main/java"), false);
    var used = new ArrayList<String>();
    APART.forEach((from, others) -> graph.get(from).stream().filter(others::contains)
        .forEach(to -> used.add(from + " -> " + to)));
    assertEquals(List.of(), used, "dependencies between packages kept apart");
  }

  @Test
  void bindingsUseOnlyTheSpiAndTheHelpersMeantForThem() throws IOException {
    var bindings = project().resolve("bindings");
    assertTrue(Files.isDirectory(bindings), "bindings beside core at " + bindings);
    var foreign = new ArrayList<String>();
    try (Stream<Path> modules = Files.list(bindings)) {
      for (var module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList()) {
        dependencies(module.resolve("src/main/java")).forEach((from, uses) -> uses.stream()
            .filter(to -> !FOR_BINDINGS.contains(to)).forEach(to -> foreign.add(from + " -> " + to)));
      }
    }
    assertEquals(List.of(), foreign, "a binding reaching into core beyond " + FOR_BINDINGS);
  }

  /**
   * No package is declared by two modules (main or test sources): a benchmark or test that needs
   * package-private code lives beside that code, so each module's packages stay its own.
   */
  @Test
  void noPackageIsSplitAcrossModules() throws IOException {
    var owners = new TreeMap<String, Set<String>>();
    var modules = new ArrayList<Path>();
    try (Stream<Path> found = Files.walk(project(), 3)) {
      found.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("src")))
          .forEach(modules::add);
    }
    assertTrue(modules.size() > 3, "modules found under " + project() + ": " + modules);
    for (var module : modules) {
      try (Stream<Path> files = Files.walk(module.resolve("src"))) {
        for (var file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          var declared = PACKAGE.matcher(Files.readString(file));
          if (declared.find()) {
            owners.computeIfAbsent(declared.group(1), k -> new TreeSet<>()).add(project().relativize(module).toString());
          }
        }
      }
    }
    var split = new TreeMap<String, Set<String>>();
    owners.forEach((pkg, in) -> {
      if (in.size() > 1) {
        split.put(pkg, in);
      }
    });
    assertEquals(Map.of(), split, "packages declared in more than one module");
  }
}
