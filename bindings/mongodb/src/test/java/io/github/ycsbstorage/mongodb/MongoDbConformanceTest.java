package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.testkit.DbConformanceSuite;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;

/** The shared binding contract, against mongo-java-server in-process (memory backend). */
class MongoDbConformanceTest extends DbConformanceSuite {
  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  @Override
  protected DB newDb() {
    return new MongoDbClient();
  }

  @Override
  protected Properties connectionProperties() {
    var props = TestConnection.properties(mongo);
    props.setProperty("threadcount", String.valueOf(concurrencyThreads()));
    return props;
  }

  @Override
  protected void resetTable() {
    mongo.database(TestConnection.DATABASE).getCollection(TABLE).drop();
  }

  @Override
  protected Optional<Properties> batchingProperties(int batchSize) {
    var props = new Properties();
    props.setProperty(MongoDbSettings.BATCH_SIZE, String.valueOf(batchSize));
    return Optional.of(props);
  }
}
