package io.github.ycsbstorage.spi;

import java.util.List;
import java.util.Optional;

/**
 * Implemented by a {@link site.ycsb.DB} binding whose engine's own counters the client can read: an
 * engine inside the client process (RocksDB), or a server that reports its engine's (Oracle NoSQL's
 * replication nodes, whose counters count every client's operations). The storage-aware workload reads
 * it on an initialised DB instance at a phase's start and end; the difference is the result's
 * {@code engine} section.
 *
 * <p>Implementations must be callable from any thread after {@code init()}.
 */
public interface EngineStatisticsProvider {
  /**
   * Called once before the measured phase starts: lets the engine finish the background work (e.g.
   * compactions) that the load or its opening left, so that the phase's counters and device activity
   * are the operations'. Waits a bounded time.
   *
   * @return why the engine is not settled (the phase then starts anyway, with this as a warning); empty
   *     when it is, or when the engine has no background work
   */
  default Optional<String> settle() throws InterruptedException {
    return Optional.empty();
  }

  /**
   * What makes this engine's figures suspect for the whole phase, e.g. that it reads through the OS
   * page cache: each one is printed and recorded as the phase's warning. Empty by default.
   */
  default List<String> caveats() {
    return List.of();
  }

  /**
   * Why the counters cannot be differenced over this phase (e.g. a server that clears them now and then):
   * the phase then records no {@code engine} section and prints this. Empty by default.
   */
  default Optional<String> countersUnknown() {
    return Optional.empty();
  }

  /** The engine's counters now, cumulative since it opened. */
  EngineCounters engineCounters();
}
