package io.github.ycsbstorage.rocksdb;

import io.github.ycsbstorage.binding.SharedResource;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.rocksdb.RocksDBException;

/**
 * One DB instance's use of the JVM's open {@link Engine} for its directory: YCSB creates a DB per
 * client thread, and RocksDB allows one open per directory (its LOCK file). The first lease opens the
 * engine, the last {@link #close()} closes it. Thread-safe; closing twice is a no-op.
 */
final class EngineLease implements AutoCloseable {
  private static final ConcurrentMap<Path, SharedResource<Engine>> ENGINES = new ConcurrentHashMap<>();

  private final SharedResource<Engine> resource;
  private final Engine engine;
  private boolean closed;

  private EngineLease(SharedResource<Engine> resource, Engine engine) {
    this.resource = resource;
    this.engine = engine;
  }

  /**
   * Leases the engine of {@code settings.dir()}, opening it if this is the first lease. Instances of
   * one JVM share the settings of the first (YCSB gives all its threads the same properties).
   */
  static EngineLease acquire(RocksDbSettings settings) throws RocksDBException {
    var resource = ENGINES.computeIfAbsent(settings.dir(), dir -> new SharedResource<>(Engine::close));
    return new EngineLease(resource, resource.acquire(() -> Engine.open(settings)));
  }

  Engine engine() {
    return engine;
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      resource.release();
    }
  }
}
