package io.github.ycsbstorage.mongodb;

import com.mongodb.ConnectionString;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.Spelling;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses a connection string option the MongoDB driver does not know ({@code ?foo=bar}), with "did
 * you mean", as a misspelt {@code -p} key is refused: the driver itself only logs a warning, and
 * without SLF4J on the classpath not even that. The known options are the driver's own list
 * ({@code ConnectionString.ALL_KEYS}), so that they follow the driver's version. Stateless.
 */
final class UrlOptions {
  private UrlOptions() {
  }

  /**
   * @param text the connection string the driver has parsed
   * @throws InvalidPropertyException naming the first option the driver does not know
   */
  static void check(String text) {
    int query = text.indexOf('?');
    if (query < 0) {
      return;
    }
    var known = known();
    for (var option : text.substring(query + 1).split("[&;]")) {
      var name = option.split("=", 2)[0];
      if (!name.isEmpty() && !known.contains(name.toLowerCase(Locale.ROOT))) {
        throw new InvalidPropertyException(MongoDbSettings.URL, text, "options the MongoDB driver knows, e.g. w, "
            + "appName, maxPoolSize, readPreference, timeoutMS", "unknown option '" + name + "'" + Spelling.closest(
                name.toLowerCase(Locale.ROOT), known).map(s -> " (did you mean " + s + "?)").orElse(""));
      }
    }
  }

  /** The driver's option names, lower case. */
  @SuppressWarnings("unchecked")
  static Set<String> known() {
    try {
      var field = ConnectionString.class.getDeclaredField("ALL_KEYS");
      field.setAccessible(true);
      return (Set<String>) field.get(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // a driver that renamed its list: MongoDbUrlOptionsTest fails on it before a release ships
      throw new IllegalStateException("the MongoDB driver's list of connection string options is not readable "
          + "(ConnectionString.ALL_KEYS): " + e, e);
    }
  }
}
