package io.github.ycsbstorage.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.ycsbstorage.testkit.DbConformanceSuite;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.BeforeAll;
import site.ycsb.DB;

/**
 * The shared binding contract against a real MongoDB server named by the environment variable
 * {@value #URL_VARIABLE}; skipped with that reason when it is not set. Works in the database
 * {@value #DATABASE}, which it empties.
 */
@EnabledIfEnvironmentVariable(named = LiveMongoDbConformanceTest.URL_VARIABLE, matches = ".+",
    disabledReason = "YCSB_MONGODB_URL is not set: no real MongoDB server to run the conformance suite against")
class LiveMongoDbConformanceTest extends DbConformanceSuite {
  static final String URL_VARIABLE = "YCSB_MONGODB_URL";
  static final String DATABASE = "ycsb_storage_conformance";

  private static String url;
  private static MongoClient inspector;

  @BeforeAll
  static void connect() {
    url = System.getenv(URL_VARIABLE);
    inspector = MongoClients.create(url);
  }

  @AfterAll
  static void disconnect() {
    if (inspector != null) {
      inspector.getDatabase(DATABASE).drop();
      inspector.close();
    }
  }

  @Override
  protected DB newDb() {
    return new MongoDbClient();
  }

  @Override
  protected Properties connectionProperties() {
    var props = new Properties();
    props.setProperty(MongoDbSettings.URL, url);
    props.setProperty(MongoDbSettings.DATABASE, DATABASE);
    props.setProperty("threadcount", String.valueOf(concurrencyThreads()));
    return props;
  }

  @Override
  protected void resetTable() {
    inspector.getDatabase(DATABASE).getCollection(TABLE).drop();
  }

  @Override
  protected Optional<Properties> batchingProperties(int batchSize) {
    var props = new Properties();
    props.setProperty(MongoDbSettings.BATCH_SIZE, String.valueOf(batchSize));
    return Optional.of(props);
  }
}
