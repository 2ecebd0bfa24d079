package io.github.ycsbstorage.mongodb;

import java.util.Properties;

/**
 * The shared binding contract on the driver's CRUD path, which the binding takes instead of
 * commands when the URL asks for the driver's retryable reads and writes.
 */
class MongoDbCrudPathConformanceTest extends MongoDbConformanceTest {
  @Override
  protected Properties connectionProperties() {
    var props = super.connectionProperties();
    props.setProperty(MongoDbSettings.URL, props.getProperty(MongoDbSettings.URL) + "&retryReads=true&retryWrites=true");
    return props;
  }
}
