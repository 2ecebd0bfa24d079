package io.github.ycsbstorage.result;

import io.github.ycsbstorage.spi.ServerInfo;
import java.util.Optional;
import java.util.Properties;

/**
 * Watches one YCSB phase from its first to its last operation, e.g. the storage collector. The
 * storage-aware workload finds factories through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.github.ycsbstorage.result.PhaseObserver$Factory}), calls
 * {@link #start()} just before the measured phase and {@link #stop(RunRecord)} in
 * {@code Workload.cleanup()}, after every client thread has finished.
 */
public interface PhaseObserver {
  /** Begins observing. Must not throw for environmental problems: record them instead. */
  void start();

  /** Ends observing and adds what was seen to the record. Called once. */
  void stop(RunRecord record);

  /** Creates observers from the phase's properties. Implementations must be stateless. */
  interface Factory {
    /**
     * An observer for this phase, or empty when this observer is switched off.
     *
     * @param phase      the phase
     * @param properties the phase's YCSB properties
     * @param server     what the binding told about its server, if anything
     * @throws io.github.ycsbstorage.config.InvalidPropertyException for bad properties
     */
    Optional<PhaseObserver> create(Phase phase, Properties properties, Optional<ServerInfo> server);
  }
}
