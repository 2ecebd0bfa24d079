package io.github.ycsbstorage.store;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.PropertyReader;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * Where results are stored ({@code results.*}): the SQLite file or PostgreSQL database of
 * {@value #STORE}, else of the environment's {@value #ENVIRONMENT}, by default
 * {@code ~/.ycsb-storage/results.db}; or none ({@value #OFF}). Immutable.
 *
 * @param location the store; empty when the store is off
 * @param key what named it, for messages: {@value #STORE}, or {@value #ENVIRONMENT} where the
 *     property is not set ({@value #STORE} for the default too)
 * @param given the value as given (the default file's path where none is)
 */
public record StoreSettings(Optional<StoreLocation> location, String key, String given) {
  public static final String PREFIX = "results.";
  public static final String STORE = "results.store";
  public static final Set<String> KEYS = Set.of(STORE);
  /** The environment variable naming the store where {@value #STORE} is not set. */
  public static final String ENVIRONMENT = "YCSB_STORAGE_RESULTS_STORE";
  /** The value that turns the store off. */
  public static final String OFF = "off";
  /** What {@value #STORE} accepts, in words. */
  public static final String ACCEPTED = "a file path, " + StoreLocation.SQLITE_URL + "<file>, "
      + StoreLocation.POSTGRESQL_URL + "//<host>:<port>/<database>?user=<user>&password=<password>, or " + OFF;

  /** The default store: {@code ~/.ycsb-storage/results.db}. */
  public static Path defaultFile() {
    return Path.of(System.getProperty("user.home"), ".ycsb-storage", "results.db");
  }

  /** The store a phase or study with these properties writes to. */
  public static StoreSettings from(Properties properties) {
    return parse(new PropertyReader(properties).string(STORE));
  }

  /**
   * The store named by {@value #STORE}'s value (or a command's {@code --store}); when empty, by the
   * environment's {@value #ENVIRONMENT} (which a test harness or CI job sets for every process it
   * starts), else the default.
   */
  public static StoreSettings parse(Optional<String> value) {
    return parse(value, Optional.ofNullable(System.getenv(ENVIRONMENT)));
  }

  static StoreSettings parse(Optional<String> value, Optional<String> environment) {
    var key = value.isPresent() ? STORE : ENVIRONMENT;
    var given = value.or(() -> environment);
    if (given.isEmpty()) {
      return new StoreSettings(Optional.of(StoreLocation.file(defaultFile())), STORE, defaultFile().toString());
    }
    var text = given.get().strip();
    if (text.equalsIgnoreCase(OFF)) {
      return new StoreSettings(Optional.empty(), key, text);
    }
    var lower = text.toLowerCase(Locale.ROOT);
    if (lower.startsWith(StoreLocation.POSTGRESQL_URL)) {
      // the driver's own reading of its URLs: what it refuses here it could not connect to
      var location = StoreLocation.postgresql(text);
      Check.input(location.isPresent(), key, text, ACCEPTED, "not a URL the PostgreSQL driver accepts");
      return new StoreSettings(location, key, text);
    }
    Check.input(!lower.startsWith("jdbc:") || lower.startsWith(StoreLocation.SQLITE_URL), key, text, ACCEPTED,
        "only SQLite and PostgreSQL stores are supported");
    var path = lower.startsWith(StoreLocation.SQLITE_URL) ? text.substring(StoreLocation.SQLITE_URL.length()) : text;
    Check.input(!path.isBlank(), key, text, ACCEPTED, "no file named");
    return new StoreSettings(Optional.of(StoreLocation.file(PropertyReader.parsePath(key, path))), key, text);
  }
}
