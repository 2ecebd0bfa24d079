package io.github.ycsbstorage.ycsbconfig;

/**
 * How YCSB's client threads wait for their next scheduled operation under a target rate: parked
 * ({@code LockSupport.parkNanos}, YCSB's default) or spinning ({@code spin.sleep=true}). A parked thread
 * is only as punctual as the host wakes it, and every operation after a late wake-up is measured late
 * from its intended start: on this 2-core VM, idle and with no CPU time stolen, 100,000 in-cache reads
 * at 6,692 ops/s had 261–566 operations more than 2 ms late parked and 9–192 spinning, with a service
 * time p99 of 13–63 µs in both (four pairs, docs/study.md): the client's lateness, not the device's.
 * A spinning thread takes its core for the whole phase, so the threads spin by default only where they
 * take at most half of the host's cores, leaving the rest to the engine, the server and the collector.
 * Stateless.
 */
public final class Throttle {
  private Throttle() {
  }

  /**
   * Whether {@code threads} client threads on this host, under a target rate, spin by default: at most
   * half of its cores.
   */
  public static boolean spins(int threads) {
    return threads >= 1 && threads <= Runtime.getRuntime().availableProcessors() / 2;
  }
}
