package io.github.ycsbstorage.e2e;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding whose server cannot be reached (run with -cp): by any instance, or with
 * {@code unreachable.thread=N} by the Nth of YCSB's client threads only (counted over the JVM; the
 * launcher's and the workload's own instances open on the main thread), as a first contact that timed
 * out on a saturated host. The instances that start store nothing and report success.
 */
public class UnreachableDb extends DB {
  private static final AtomicInteger CLIENT_THREAD_INITS = new AtomicInteger();

  @Override
  public void init() throws DBException {
    var thread = getProperties().getProperty("unreachable.thread");
    if (thread == null) {
      throw new DBException("cannot reach the test server at 127.0.0.1:1");
    }
    if (!Thread.currentThread().getName().equals("main")
        && CLIENT_THREAD_INITS.incrementAndGet() == Integer.parseInt(thread)) {
      throw new DBException("cannot reach the test server at 127.0.0.1:1 within 10000 ms");
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.OK;
  }
}
