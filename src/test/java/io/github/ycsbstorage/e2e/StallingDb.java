package io.github.ycsbstorage.e2e;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.BasicDB;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB's no-op BasicDB on a server that stalls once: read number {@code stall.at} (counted over the
 * JVM) takes {@code stall.ms} milliseconds longer (run with -cp).
 */
public class StallingDb extends BasicDB {
  private static final AtomicLong READS = new AtomicLong();

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (READS.incrementAndGet() == Long.parseLong(getProperties().getProperty("stall.at"))) {
      try {
        Thread.sleep(Long.parseLong(getProperties().getProperty("stall.ms"))); // the server's stall itself
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Status.ERROR;
      }
    }
    return super.read(table, key, fields, result);
  }
}
