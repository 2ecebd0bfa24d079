package io.github.ycsbstorage.e2e;

import java.time.Duration;
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
  /** Two studies of 24 cells each: 12 minutes on an idle 2-core host, three times that is a hang. */
  private static final Duration RIG = Duration.ofMinutes(36);

  @Test
  void aStudyOnDevicesOfKnownLatencyFindsThatLatency() throws Exception {
    ValidationRig.runAndCheck("known-devices.sh", RIG, "PASS  slow device read await");
  }
}
