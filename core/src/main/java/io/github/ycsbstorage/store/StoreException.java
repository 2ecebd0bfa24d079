package io.github.ycsbstorage.store;

import java.io.IOException;

/**
 * The results store could not be opened, read or written; the message names the store and why (a
 * {@link StoreLocation} as it shows: its password masked).
 * {@link #refused()} tells a store this build cannot use at all (a newer schema, not an SQLite file),
 * which the user must change, from a failure of the moment (a full disk, an I/O error).
 */
public final class StoreException extends IOException {
  private static final long serialVersionUID = 1L;

  private final boolean refused;

  StoreException(String message) {
    this(message, null);
  }

  StoreException(String message, Throwable cause) {
    this(message, cause, false);
  }

  private StoreException(String message, Throwable cause, boolean refused) {
    super(message, cause);
    this.refused = refused;
  }

  /** A store that this build cannot use, whatever it is retried: its message says what to use instead. */
  static StoreException refused(String message, Throwable cause) {
    return new StoreException(message, cause, true);
  }

  /** Whether the store is one this build cannot use (rather than one that failed this time). */
  public boolean refused() {
    return refused;
  }
}
