package io.github.ycsbstorage.e2e;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.BasicDB;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB's no-op BasicDB on a server that hangs for good: every read after the first
 * {@code hang.after} (counted over the JVM) never returns, as a driver call without a timeout on a
 * stopped server, deaf to interrupts (run with -cp).
 */
public class HangingDb extends BasicDB {
  private static final AtomicLong READS = new AtomicLong();

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (READS.incrementAndGet() > Long.parseLong(getProperties().getProperty("hang.after"))) {
      while (true) {
        LockSupport.park(this); // the hang itself: nothing ends it but the JVM's end
      }
    }
    return super.read(table, key, fields, result);
  }
}
