package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Properties;
import java.util.Set;

/**
 * Every {@code mongodb.*} key the binding reads, so that misspellings are rejected: ours and YCSB
 * 0.17.0's names ({@code mongodb.writeConcern}, {@code mongodb.readPreference},
 * {@code mongodb.maxconnections}, {@code mongodb.threadsAllowedToBlockForConnectionMultiplier}).
 * Stateless.
 */
public final class MongoDbNamespace implements PropertyNamespace {
  @Override
  public String prefix() {
    return MongoDbSettings.PREFIX;
  }

  @Override
  public Set<String> keys() {
    return Set.of(MongoDbSettings.URL, MongoDbSettings.DATABASE, MongoDbSettings.FIELD_TYPE,
        MongoDbSettings.UPSERT, MongoDbSettings.BATCH_SIZE, MongoDbSettings.WRITE_CONCERN,
        MongoDbSettings.READ_PREFERENCE, MongoDbSettings.READ_CONCERN,
        MongoDbSettings.SERVER_SELECTION_TIMEOUT, MongoDbSettings.CONNECT_TIMEOUT,
        MongoDbSettings.YCSB_WRITE_CONCERN, MongoDbSettings.YCSB_READ_PREFERENCE, MongoDbSettings.YCSB_MAX_CONNECTIONS,
        MongoDbSettings.YCSB_WAIT_QUEUE_MULTIPLIER);
  }

  @Override
  public Set<String> otherKeys() {
    return Set.of(MongoDbSettings.YCSB_BATCH_SIZE);
  }

  @Override
  public boolean checked(Properties properties) {
    return MongoDbClient.class.getName().equals(properties.getProperty("db", "").trim());
  }

  @Override
  public void check(Properties properties) {
    MongoDbSettings.from(properties);
  }
}
