package io.github.ycsbstorage.store;

import io.github.ycsbstorage.config.SecretMasker;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.postgresql.Driver;

/**
 * Where a results store is: an SQLite file, or a PostgreSQL database by its JDBC URL, which may hold
 * a password. It shows as the file's path or the URL with its password masked, so that messages,
 * {@code results list} and the report may name it. Immutable.
 *
 * @param dialect the database it is in
 * @param url its JDBC URL, as given (with its password)
 */
public record StoreLocation(Dialect dialect, String url) {
  static final String SQLITE_URL = "jdbc:sqlite:";
  static final String POSTGRESQL_URL = "jdbc:postgresql:";
  /**
   * The PostgreSQL driver's log, silenced: it writes a URL it cannot read to stderr, password and all
   * ("JDBC URL invalid port number: hunter2@db"). Held here, where every use of the driver starts,
   * so that the setting is not collected with its logger.
   */
  private static final Logger DRIVER_LOG = silenced(Logger.getLogger(Driver.class.getPackageName()));

  /** The SQLite store in {@code file}. */
  public static StoreLocation file(Path file) {
    return new StoreLocation(Dialect.SQLITE, SQLITE_URL + file);
  }

  /** The PostgreSQL store at {@code url}; empty when the driver does not accept the URL. */
  static Optional<StoreLocation> postgresql(String url) {
    return Driver.parseURL(url, null) == null ? Optional.empty() : Optional.of(new StoreLocation(Dialect.POSTGRESQL, url));
  }

  /** The SQLite store's file; empty for a database server's store. */
  public Optional<Path> file() {
    return dialect == Dialect.SQLITE ? Optional.of(Path.of(url.substring(SQLITE_URL.length()))) : Optional.empty();
  }

  private static Logger silenced(Logger log) {
    log.setLevel(Level.OFF);
    return log;
  }

  /** The file's path, or the URL with its password masked. */
  @Override
  public String toString() {
    return file().map(Path::toString).orElseGet(() -> SecretMasker.maskText(url));
  }
}
