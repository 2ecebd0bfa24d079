package io.github.ycsbstorage.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each module owns its packages: read from the sources of every module, which core's tests have not
 * compiled (the bindings, the demo, the benchmarks), unlike {@link ArchitectureTest}'s bytecode.
 */
class ModulePackagesTest {
  private static final Pattern PACKAGE = Pattern.compile("^package io\\.github\\.ycsbstorage\\.([a-z.]+);", Pattern.MULTILINE);

  private static Path project() {
    return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
  }

  /** Package → the modules (folders relative to the project) whose main or test sources declare it. */
  private static Map<String, Set<String>> owners() throws IOException {
    var modules = new ArrayList<Path>();
    try (Stream<Path> found = Files.walk(project(), 3)) {
      found.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("src")))
          .forEach(modules::add);
    }
    assertTrue(modules.size() > 3, "modules found under " + project() + ": " + modules);
    var owners = new TreeMap<String, Set<String>>();
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
    return owners;
  }

  /**
   * No package is declared by two modules (main or test sources): a benchmark or test that needs
   * package-private code lives beside that code, so each module's packages stay its own.
   */
  @Test
  void noPackageIsSplitAcrossModules() throws IOException {
    var split = new TreeMap<String, Set<String>>();
    owners().forEach((pkg, in) -> {
      if (in.size() > 1) {
        split.put(pkg, in);
      }
    });
    assertEquals(Map.of(), split, "packages declared in more than one module");
  }

  /** The demo sits above every layer of core ({@link ArchitectureTest#LAYERS}) in one package of its own. */
  @Test
  void theDemoModuleDeclaresTheDemoPackageAlone() throws IOException {
    var demo = new TreeSet<String>();
    owners().forEach((pkg, in) -> {
      if (in.contains("demo")) {
        demo.add(pkg);
      }
    });
    assertEquals(Set.of("demo"), demo);
  }
}
