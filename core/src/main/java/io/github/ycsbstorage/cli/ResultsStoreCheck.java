package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.store.ResultsStore;
import io.github.ycsbstorage.store.StoreException;
import io.github.ycsbstorage.store.StoreSettings;
import java.nio.file.Files;

/**
 * The results store a phase or a study will write at its end, checked before anything runs, so that a
 * store that cannot take the row is found before the work, not after it. Its file must be one an
 * output may be ({@link OutputPaths}: not a folder, a folder above it that accepts new files, which
 * SQLite's journal needs beside it too); an existing store is opened as a phase's end opens it
 * (brought forward, its write lock taken), a store still to be created is left to the phase. A path
 * that cannot hold a store and a store this build cannot use (a newer schema, not SQLite) are bad
 * input; a store that fails to open otherwise is a failure of its own. A PostgreSQL store is opened
 * (created in its database where new): a server that cannot be reached is found here. Stateless.
 */
final class ResultsStoreCheck {
  private ResultsStoreCheck() {
  }

  /**
   * @throws InvalidPropertyException naming {@code results.store} (or the environment variable) and why
   * @throws StoreException when an existing, usable store cannot be opened now
   */
  static void check(StoreSettings settings) throws StoreException {
    if (settings.location().isEmpty()) {
      return;
    }
    var location = settings.location().get();
    if (location.file().isPresent()) {
      var file = OutputPaths.checkFile(settings.key(), settings.given(), location.file().get());
      if (!Files.exists(file)) {
        return;
      }
    }
    try {
      ResultsStore.open(location).close();
    } catch (StoreException e) {
      if (e.refused()) {
        throw new InvalidPropertyException(settings.key(), settings.given(), StoreSettings.ACCEPTED, e.getMessage());
      }
      throw e;
    }
  }
}
