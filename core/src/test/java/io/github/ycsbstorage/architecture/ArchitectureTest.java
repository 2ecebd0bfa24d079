package io.github.ycsbstorage.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.LocationProvider;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import io.github.ycsbstorage.binding.YcsbInternals;
import io.github.ycsbstorage.cli.Main;
import io.github.ycsbstorage.phaseend.ResultExporter;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AccessibleObject;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Rules over the bytecode of the SPI module and core (their main classes, nothing of the tests).
 * Dependencies point one way: each package of ours uses only packages below it in {@link #LAYERS},
 * and the SPI module holds exactly what bindings may use, its {@code spi} package nothing of ours
 * (bindings → SPI ← core). The bindings' side is the compiler's: a binding compiles against the SPI
 * module alone (core is on its runtime classpath only). The demo sits above every layer, in its own
 * module, which core does not depend on. The study, which drives clients as processes, uses none of
 * the workload's code ({@link #STUDY_APART_FROM_WORKLOAD}).
 */
@AnalyzeClasses(locations = ArchitectureTest.MainClasses.class)
class ArchitectureTest {
  private static final String OURS = "io.github.ycsbstorage.";
  /** Lowest first: a package may depend on the packages before it only. */
  static final List<String> LAYERS = List.of(
      "spi", "config", "binding", "exit", "ycsbconfig", "keys", "result", "store", "collector.host", "collector.sample", "collector.device",
      "collector.probe", "dataset", "collector.remote", "collector", "phaseend", "workload", "study", "report", "cli");
  /** What a binding's main code may use of ours: the packages of the SPI module. */
  private static final Set<String> FOR_BINDINGS = Set.of("spi", "config", "binding");

  /** The main classes of the SPI module and of core, wherever the build put them (folder or jar). */
  static final class MainClasses implements LocationProvider {
    @Override
    public Set<Location> get(Class<?> testClass) {
      return Set.of(of(ServerInfoProvider.class), of(Main.class));
    }

    static Location of(Class<?> type) {
      try {
        return Location.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
      } catch (URISyntaxException e) {
        throw new IllegalStateException("no location for " + type, e);
      }
    }
  }

  private static Set<String> packagesOf(JavaClasses classes) {
    return classes.stream().map(JavaClass::getPackageName).filter(name -> name.startsWith(OURS))
        .map(name -> name.substring(OURS.length())).collect(Collectors.toCollection(TreeSet::new));
  }

  @ArchTest
  static void theSpiModuleHoldsExactlyWhatBindingsMayUse(JavaClasses ignored) {
    var spi = new ClassFileImporter().importLocations(Set.of(MainClasses.of(ServerInfoProvider.class)));
    assertEquals(new TreeSet<>(FOR_BINDINGS), packagesOf(spi));
  }

  @ArchTest
  static void everyPackageHasItsPlaceInTheLayers(JavaClasses classes) {
    assertEquals(new TreeSet<>(LAYERS), packagesOf(classes), "every package of the SPI module and core is in LAYERS");
  }

  /** Each layer may be used only by the layers above it: no arrow up, none sideways. */
  @ArchTest
  static final ArchRule DEPENDENCIES_POINT_DOWN_THE_LAYERS = layers();

  private static LayeredArchitecture layers() {
    var architecture = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (var layer : LAYERS) {
      architecture = architecture.layer(layer).definedBy(OURS + layer);
    }
    for (int i = 0; i < LAYERS.size() - 1; i++) {
      architecture = architecture.whereLayer(LAYERS.get(i))
          .mayOnlyBeAccessedByLayers(LAYERS.subList(i + 1, LAYERS.size()).toArray(String[]::new));
    }
    return architecture.whereLayer(LAYERS.get(LAYERS.size() - 1)).mayNotBeAccessedByAnyLayer();
  }

  @ArchTest
  static final ArchRule NO_CYCLES = slices().matching(OURS + "(**)").should().beFreeOfCycles();

  /**
   * The layers would let the study use the workload: it must not. It runs {@code bin/ycsb} child
   * processes and names the workload only by its class name.
   */
  @ArchTest
  static final ArchRule STUDY_APART_FROM_WORKLOAD = noClasses().that().resideInAPackage(OURS + "study")
      .should().dependOnClassesThat().resideInAPackage(OURS + "workload");

  /**
   * Commands return their status and {@code cli.Main} ends the process; a phase's JVM is ended by
   * YCSB's {@code Client} after the export, so a failed phase's status is set by the exporter.
   */
  @ArchTest
  static final ArchRule ONLY_MAIN_AND_THE_EXPORTER_END_THE_PROCESS = noClasses()
      .that().doNotBelongToAnyOf(Main.class, ResultExporter.class)
      .should().callMethod(System.class, "exit", int.class)
      .orShould().callMethod(Runtime.class, "exit", int.class)
      .orShould().callMethod(Runtime.class, "halt", int.class)
      .because("the exit status is decided in one place per process (docs/ARCHITECTURE.md, Errors)");

  private static final DescribedPredicate<JavaMethodCall> INTO_PRIVATE_MEMBERS = DescribedPredicate.describe(
      "setAccessible, getDeclaredField(s), getDeclaredMethod(s) or MethodHandles.privateLookupIn", call -> {
        var owner = call.getTargetOwner();
        var name = call.getName();
        return name.equals("setAccessible") && owner.isAssignableTo(AccessibleObject.class)
            || owner.isEquivalentTo(Class.class) && name.matches("getDeclared(Field|Method)s?")
            || owner.isEquivalentTo(MethodHandles.class) && name.equals("privateLookupIn");
      });

  /** YCSB's private members are read in one class, which checks them once at start. */
  @ArchTest
  static final ArchRule REFLECTION_INTO_YCSB_ONLY_IN_YCSB_INTERNALS = noClasses()
      .that().doNotBelongToAnyOf(YcsbInternals.class)
      .should().callMethodWhere(INTO_PRIVATE_MEMBERS)
      .because("binding.YcsbInternals is the one door to YCSB's private members");
}
