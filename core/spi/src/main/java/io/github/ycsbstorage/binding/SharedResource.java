package io.github.ycsbstorage.binding;

import io.github.ycsbstorage.config.Check;
import java.util.function.Consumer;

/**
 * One expensive client object (a {@code MongoClient}, a {@code KVStore}) shared by all of a JVM's
 * YCSB client threads: YCSB creates one {@code DB} instance per thread, but a driver wants one
 * connection pool. The first {@link #acquire} creates it, the last {@link #release} closes it, so
 * that YCSB's per-thread {@code init()}/{@code cleanup()} pairs work unchanged. Thread-safe.
 *
 * @param <T> the shared object's type
 */
public final class SharedResource<T> {
  /** Creates the shared object; may fail, in which case nothing is shared and the count stays. */
  @FunctionalInterface
  public interface Opener<T, E extends Exception> {
    T open() throws E;
  }

  private final Consumer<T> closer;
  private T instance;
  private int users;

  /** @param closer closes the shared object when its last user releases it */
  public SharedResource(Consumer<T> closer) {
    Check.argument(closer != null, "closer must not be null");
    this.closer = closer;
  }

  /** The shared object, opened by {@code opener} if this is the first user. */
  public synchronized <E extends Exception> T acquire(Opener<T, E> opener) throws E {
    if (instance == null) {
      instance = opener.open();
    }
    users++;
    return instance;
  }

  /** Gives up one use; the last one closes the object. Extra calls are ignored. */
  public synchronized void release() {
    if (users == 0) {
      return;
    }
    users--;
    if (users == 0) {
      var closing = instance;
      instance = null;
      closer.accept(closing);
    }
  }

  /** How many users hold the object now; for tests and diagnostics. */
  public synchronized int users() {
    return users;
  }
}
