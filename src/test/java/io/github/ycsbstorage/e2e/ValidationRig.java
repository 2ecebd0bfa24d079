package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.ProcessRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A validation rig of {@code scripts/validate/} in the installed distribution, run as its system test:
 * skipped with what is missing where the host lacks a prerequisite (the script says which), its checks
 * asserted, and its timing checks' "inconclusive" on a saturated host a skip after every other check held.
 */
final class ValidationRig {
  /** The rig's exit code when no check failed but timing checks ran on saturated CPUs. */
  private static final int INCONCLUSIVE = 3;
  /** How the rig indents the studies' own output among its lines. */
  private static final String STUDY_LINE = "  | ";

  private ValidationRig() {
  }

  /**
   * Runs {@code scripts/validate/<script>} within {@code limit} (scaled) and asserts that every check held,
   * among them one whose line starts with {@code mustPass}.
   */
  static void runAndCheck(String script, Duration limit, String mustPass) throws Exception {
    var path = Launcher.HOME.resolve("scripts/validate").resolve(script);
    var missing = script + ": missing prerequisites: ";
    var prerequisites = Launcher.run(List.of(path.toString(), "--prerequisites"), Map.of(), Launcher.HOME);
    assumeTrue(prerequisites.exitCode() != 2 || !prerequisites.stderr().startsWith(missing),
        () -> prerequisites.stderr().strip());
    assertEquals(0, prerequisites.exitCode(), prerequisites::all);

    try (var rig = ProcessRun.start(new ProcessBuilder(path.toString()).directory(Launcher.HOME.toFile()))) {
      var hang = HangLimit.of(limit);
      if (!rig.process().waitFor(hang.toNanos(), TimeUnit.NANOSECONDS)) {
        // TERM, not the kill ProcessRun would send: the script's trap stops, unmounts and detaches what it made
        rig.signal("TERM");
        rig.process().waitFor(HangLimit.of(HangLimit.STEP).toNanos(), TimeUnit.NANOSECONDS);
        fail("still running after " + HangLimit.describe(hang) + ", ended: " + rig.describe());
      }
      System.out.println(rig.stdout()); // the check lines, on record for a passing run too
      var exit = rig.process().exitValue();
      assertTrue(exit == 0 || exit == INCONCLUSIVE, () -> checksFirst(rig));
      assertTrue(rig.stdout().lines().noneMatch(line -> line.startsWith("FAIL")), () -> checksFirst(rig));
      // Every check that does not time anything held; the timings of a saturated host judge nothing.
      assumeTrue(exit == 0, () -> "timing checks inconclusive, the host's CPUs were saturated: " + rig.describe());
      assertTrue(rig.stdout().lines().anyMatch(line -> line.startsWith(mustPass)), () -> checksFirst(rig));
    }
  }

  /**
   * The rig's own lines (its checks, or the step that failed) before everything it printed: a build log
   * that keeps only the head of a long failure message still shows which check failed.
   */
  private static String checksFirst(ProcessRun rig) {
    try {
      var own = rig.stdout().lines().filter(line -> !line.startsWith(STUDY_LINE)).collect(Collectors.joining("\n"));
      return own + "\n--- the whole run ---\n" + rig.describe();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
