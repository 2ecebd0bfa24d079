package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.PhaseObserver;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.ServerInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;

/**
 * The {@link PhaseObserver}s of one phase (the OS collector), found through {@link ServiceLoader}:
 * created before the phase, started just before its first measured operation, stopped in
 * {@code cleanup()}. Not thread-safe: YCSB's main thread drives it.
 */
final class PhaseObservers {
  private final List<PhaseObserver> observers;

  private PhaseObservers(List<PhaseObserver> observers) {
    this.observers = List.copyOf(observers);
  }

  /** Every observer whose factory is on the classpath and switched on for this phase. */
  static PhaseObservers create(Phase phase, Properties p, Optional<ServerInfo> server) {
    var observers = new ArrayList<PhaseObserver>();
    for (var factory : ServiceLoader.load(PhaseObserver.Factory.class, PhaseObservers.class.getClassLoader())) {
      factory.create(phase, p, server).ifPresent(observers::add);
    }
    return new PhaseObservers(observers);
  }

  static PhaseObservers none() {
    return new PhaseObservers(List.of());
  }

  void start() {
    observers.forEach(PhaseObserver::start);
  }

  void stop(RunRecord record) {
    observers.forEach(observer -> observer.stop(record));
  }
}
