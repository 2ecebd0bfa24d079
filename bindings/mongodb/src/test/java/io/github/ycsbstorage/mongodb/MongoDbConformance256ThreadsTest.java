package io.github.ycsbstorage.mongodb;

/**
 * The shared binding contract again with 256 client threads on the one shared MongoClient (whose pool
 * holds 100 connections by default): no deadlock, no lost or torn update, checked by the suite's
 * exact read-back.
 */
class MongoDbConformance256ThreadsTest extends MongoDbConformanceTest {
  @Override
  protected int concurrencyThreads() {
    return 256;
  }
}
