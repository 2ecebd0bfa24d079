package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SharedClientTest {
  private static com.mongodb.MongoClientSettings driverSettings(String url, String threads, String... more) {
    var props = io.github.ycsbstorage.testkit.TestProperties.properties(more);
    props.setProperty(MongoDbSettings.URL, url);
    props.setProperty("threadcount", threads);
    props.setProperty(MongoDbSettings.CONNECT_TIMEOUT, "3s");
    return SharedClient.clientSettings(MongoDbSettings.from(props));
  }

  @Test
  void thePoolHoldsAtLeastOneConnectionPerThread() {
    assertEquals(100, driverSettings("mongodb://h/", "4").getConnectionPoolSettings().getMaxSize());
    assertEquals(300, driverSettings("mongodb://h/", "300").getConnectionPoolSettings().getMaxSize());
    assertEquals(500, driverSettings("mongodb://h/?maxPoolSize=500", "300").getConnectionPoolSettings().getMaxSize());
    assertEquals(64, driverSettings("mongodb://h/?maxPoolSize=8", "64").getConnectionPoolSettings().getMaxSize());
    assertEquals(0, driverSettings("mongodb://h/?maxPoolSize=0", "64").getConnectionPoolSettings().getMaxSize(),
        "0 is the driver's 'unlimited' and stays so");
  }

  @Test
  void ycsbsMaxconnectionsReplacesTheUrlsPoolSizeAndIsRaisedToTheThreadsLikeIt() {
    assertEquals(20, driverSettings("mongodb://h/?maxPoolSize=500", "4", "mongodb.maxconnections", "20")
        .getConnectionPoolSettings().getMaxSize());
    assertEquals(64, driverSettings("mongodb://h/", "64", "mongodb.maxconnections", "20")
        .getConnectionPoolSettings().getMaxSize(), "every thread has a connection: none waits");
  }

  @Test
  void timeoutsAndTheUrlsOptionsReachTheDriver() {
    var settings = driverSettings("mongodb://h/?w=majority&readPreference=nearest", "1");
    assertEquals(10_000, settings.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
    assertEquals(3_000, settings.getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS));
    assertEquals(com.mongodb.WriteConcern.MAJORITY, settings.getWriteConcern());
    assertEquals(com.mongodb.ReadPreference.nearest(), settings.getReadPreference());
  }
}
