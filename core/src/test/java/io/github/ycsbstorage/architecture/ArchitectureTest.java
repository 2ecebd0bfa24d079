package io.github.ycsbstorage.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.LocationProvider;
import com.tngtech.archunit.lang.ArchRule;
import io.github.ycsbstorage.cli.Main;
import io.github.ycsbstorage.phaseend.ResultExporter;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.net.URISyntaxException;
import java.util.Set;

/**
 * Rules over the bytecode of the SPI module and core (their main classes, nothing of the tests).
 */
@AnalyzeClasses(locations = ArchitectureTest.MainClasses.class)
class ArchitectureTest {
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
}
