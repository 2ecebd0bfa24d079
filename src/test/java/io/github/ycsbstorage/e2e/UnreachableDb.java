package io.github.ycsbstorage.e2e;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/** A binding whose server can never be reached, for the launcher's failure path (run with -cp). */
public class UnreachableDb extends DB {
  @Override
  public void init() throws DBException {
    throw new DBException("cannot reach the test server at 127.0.0.1:1");
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.ERROR;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.ERROR;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.ERROR;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.ERROR;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.ERROR;
  }
}
