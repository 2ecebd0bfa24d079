package io.github.ycsbstorage.store;

import java.io.IOException;

/** The results store could not be opened, read or written; the message names the store and why. */
public final class StoreException extends IOException {
  private static final long serialVersionUID = 1L;

  StoreException(String message) {
    super(message);
  }

  StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
