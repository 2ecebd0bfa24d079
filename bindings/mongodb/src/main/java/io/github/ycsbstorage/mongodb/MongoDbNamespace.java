package io.github.ycsbstorage.mongodb;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Set;

/** Every {@code mongodb.*} key the binding reads, so that misspellings are rejected. Stateless. */
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
        MongoDbSettings.SERVER_SELECTION_TIMEOUT, MongoDbSettings.CONNECT_TIMEOUT);
  }
}
