package io.github.ycsbstorage.study;

/**
 * How a study orders its devices' run cells ({@code study.order}).
 */
public enum RunOrder {
  /**
   * Repetition by repetition, every device's cells in turn, the turn reversed in even repetitions
   * (hdd r1, ssd r1, ssd r2, hdd r2, hdd r3, ssd r3): whatever drifts on the host during a study (other
   * tenants, a JIT, the page cache of earlier cells) falls on both devices alike instead of on
   * whichever ran second, and no device always runs first or right after the other's cells. The server
   * restarts at each change of device.
   */
  INTERLEAVED,
  /** Each device's repetitions one after another: one server start per device and dataset size. */
  GROUPED
}
