package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.PhaseObserver;
import io.github.ycsbstorage.spi.ServerInfo;
import java.util.Optional;
import java.util.Properties;

/**
 * Creates the {@link StorageCollector} for a phase unless {@code collector.enabled=false}; found by
 * the storage-aware workload through {@link java.util.ServiceLoader}. Stateless.
 */
public final class StorageCollectorFactory implements PhaseObserver.Factory {
  @Override
  public Optional<PhaseObserver> create(Phase phase, Properties properties, Optional<ServerInfo> server) {
    var settings = CollectorSettings.from(properties, server);
    return settings.enabled() ? Optional.of(new StorageCollector(phase, settings, properties)) : Optional.empty();
  }
}
