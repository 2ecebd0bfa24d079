package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.time.Duration;
import java.util.Properties;

/**
 * How the binding's tests connect to their in-process server: database {@value #DATABASE}, w=1, and
 * short timeouts so that failures show quickly. Stateless.
 */
final class TestConnection {
  static final String DATABASE = "ycsb";

  private TestConnection() {
  }

  static String url(MongoServerExtension mongo) {
    return mongo.url(DATABASE) + "?w=1";
  }

  static Properties properties(MongoServerExtension mongo) {
    var props = new Properties();
    props.setProperty(MongoDbSettings.URL, url(mongo));
    props.setProperty(MongoDbSettings.SERVER_SELECTION_TIMEOUT, HangLimit.timeout(Duration.ofSeconds(10)));
    props.setProperty(MongoDbSettings.CONNECT_TIMEOUT, HangLimit.timeout(Duration.ofSeconds(10)));
    return props;
  }
}
