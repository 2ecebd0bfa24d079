package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;

/**
 * Declares every {@code mongodb.*} key the binding reads, so that misspelt ones are rejected: ours and
 * YCSB 0.17.0's names ({@code mongodb.writeConcern}, {@code mongodb.readPreference},
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
    return MongoDbSettings.KEYS;
  }

  @Override
  public Set<String> otherKeys() {
    return Set.of(MongoDbSettings.YCSB_BATCH_SIZE);
  }

  @Override
  public boolean checked(Properties properties) {
    return MongoDbClient.class.getName().equals(properties.getProperty(Client.DB_PROPERTY, "").trim());
  }

  @Override
  public void check(Properties properties) {
    MongoDbSettings.from(properties);
  }
}
