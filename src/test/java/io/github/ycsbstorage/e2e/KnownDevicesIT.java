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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The validation rig, {@code scripts/validate/known-devices.sh} of the installed distribution: two
 * block devices whose latency it sets, a study on them, and every figure and verdict checked against
 * that latency. Skipped, with what is missing, where the host lacks root, losetup, /dev/fuse,
 * fusermount3 or python3-fusepy (the script itself says which; `.ci/run` installs the packages), and
 * after its structural checks when its timing checks were inconclusive on a saturated host.
 */
@SystemTier
@Isolated("the validation rig: its devices and timings, nothing else beside it")
class KnownDevicesIT {
  private static final Path SCRIPT = Launcher.HOME.resolve("scripts/validate/known-devices.sh");
  private static final String MISSING = "known-devices.sh: missing prerequisites: ";
  /** Two studies of 24 cells each: 12 minutes on an idle 2-core host, three times that is a hang. */
  private static final Duration RIG = Duration.ofMinutes(36);
  /** The rig's exit code when no check failed but timing checks ran on saturated CPUs. */
  private static final int INCONCLUSIVE = 3;
  /** How the rig indents the studies' own output among its lines. */
  private static final String STUDY_LINE = "  | ";

  @Test
  void aStudyOnDevicesOfKnownLatencyFindsThatLatency() throws Exception {
    var prerequisites = Launcher.run(List.of(SCRIPT.toString(), "--prerequisites"), Map.of(), Launcher.HOME);
    assumeTrue(prerequisites.exitCode() != 2 || !prerequisites.stderr().startsWith(MISSING),
        () -> prerequisites.stderr().strip());
    assertEquals(0, prerequisites.exitCode(), prerequisites::all);

    try (var rig = ProcessRun.start(new ProcessBuilder(SCRIPT.toString()).directory(Launcher.HOME.toFile()))) {
      var limit = HangLimit.of(RIG);
      if (!rig.process().waitFor(limit.toNanos(), TimeUnit.NANOSECONDS)) {
        // TERM, not the kill ProcessRun would send: the script's trap unmounts and detaches what it made
        rig.signal("TERM");
        rig.process().waitFor(HangLimit.of(HangLimit.STEP).toNanos(), TimeUnit.NANOSECONDS);
        fail("still running after " + HangLimit.describe(limit) + ", ended: " + rig.describe());
      }
      System.out.println(rig.stdout()); // the check lines, on record for a passing run too
      var exit = rig.process().exitValue();
      assertTrue(exit == 0 || exit == INCONCLUSIVE, () -> checksFirst(rig));
      assertTrue(rig.stdout().lines().noneMatch(line -> line.startsWith("FAIL")), () -> checksFirst(rig));
      // Every check that does not time anything held; the timings of a saturated host judge nothing.
      assumeTrue(exit == 0, () -> "timing checks inconclusive, the host's CPUs were saturated: " + rig.describe());
      assertTrue(rig.stdout().lines().anyMatch(line -> line.startsWith("PASS  slow device read await")),
          () -> checksFirst(rig));
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
