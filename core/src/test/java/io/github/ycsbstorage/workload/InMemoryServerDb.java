package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A test double for a binding that describes its server: records live in a static map shared by all
 * instances (like one server), and the dataset's storage size is exactly key + field bytes +
 * {@link #storageOverhead} per record, so calibration has a known answer. Thread-safe.
 */
public class InMemoryServerDb extends DB implements ServerInfoProvider {
  static final Map<String, Long> RECORDS = new ConcurrentHashMap<>();
  static final AtomicLong READS = new AtomicLong();
  /** Keys updated since the reset, with how often. */
  static final Map<String, Long> UPDATES = new ConcurrentHashMap<>();
  static volatile ServerInfo info = ServerInfo.builder("InMemory").build();
  static volatile long storageOverhead;
  static volatile long overheadEstimate = -1;

  static void reset(ServerInfo server, long overheadOnDisk, long estimate) {
    RECORDS.clear();
    READS.set(0);
    UPDATES.clear();
    info = server;
    storageOverhead = overheadOnDisk;
    overheadEstimate = estimate;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    READS.incrementAndGet();
    return RECORDS.containsKey(key) ? Status.OK : Status.NOT_FOUND;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     java.util.Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    UPDATES.merge(key, 1L, Long::sum);
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long bytes = key.length();
    for (var value : values.values()) {
      bytes += value.toArray().length;
    }
    if (RECORDS.putIfAbsent(key, bytes) != null) {
      throw new AssertionError("key written twice: " + key);
    }
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return RECORDS.remove(key) != null ? Status.OK : Status.NOT_FOUND;
  }

  @Override
  public ServerInfo serverInfo() {
    return info;
  }

  @Override
  public DatasetSize datasetSize() {
    long logical = RECORDS.values().stream().mapToLong(Long::longValue).sum();
    return new DatasetSize(OptionalLong.of(RECORDS.size()), OptionalLong.of(logical),
        OptionalLong.of(logical + RECORDS.size() * storageOverhead), "in-memory test server");
  }

  /** Nothing to write out: the size it reports is final as soon as the inserts return. */
  @Override
  public Optional<String> flush() {
    return Optional.of("in-memory flush");
  }

  @Override
  public long recordOverheadEstimate(int fieldCount) {
    return overheadEstimate;
  }
}
