package io.github.ycsbstorage.e2e;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The validation rig for a page-cache engine, {@code scripts/validate/known-devices-oraclenosql.sh}: Oracle
 * NoSQL (KVLite from {@code KVHOME}) on two devices of set latency with no page cache between the store
 * and the device, its study's verdicts and figures checked against the devices' timed service time.
 * Skipped, with what is missing, without KVHOME, root, losetup, /dev/fuse, fusermount3 or python3-fusepy.
 */
@SystemTier
@Isolated("the validation rig: its devices, stores and timings, nothing else beside it")
class KnownDevicesOracleNoSqlIT {
  /**
   * Four stores (two starts each), four loads and 40 cells (five repetitions): about 35 minutes on a
   * busy 2-core host, three times that is a hang.
   */
  private static final Duration RIG = Duration.ofMinutes(105);

  @Test
  void oracleNoSqlOnDevicesOfKnownLatencyShowsThatLatencyBeyondItsCache() throws Exception {
    ValidationRig.runAndCheck("known-devices-oraclenosql.sh", RIG, "PASS  beyond cache, 1 thread(s)");
  }
}
