package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.testkit.DbConformanceSuite;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import site.ycsb.DB;

/** The shared binding contract, against mongo-java-server in-process (memory backend). */
class MongoDbConformanceTest extends DbConformanceSuite {
  private static InProcessMongo mongo;

  @BeforeAll
  static void startServer() {
    mongo = new InProcessMongo();
  }

  @AfterAll
  static void stopServer() {
    mongo.close();
  }

  @Override
  protected DB newDb() {
    return new MongoDbClient();
  }

  @Override
  protected Properties connectionProperties() {
    var props = mongo.properties();
    props.setProperty("threadcount", String.valueOf(concurrencyThreads()));
    return props;
  }

  @Override
  protected void resetTable() {
    mongo.collection(TABLE).drop();
  }

  @Override
  protected Optional<Properties> batchingProperties(int batchSize) {
    var props = new Properties();
    props.setProperty(MongoDbSettings.BATCH_SIZE, String.valueOf(batchSize));
    return Optional.of(props);
  }
}
