package io.github.ycsbstorage.rocksdb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;

/**
 * <b>Question:</b> what does the {@code rocksdb} binding's record mapping ({@link RecordCodec}) cost
 * per operation beside the engine's own work? YCSB's record: 10 fields of 100 bytes.
 *
 * <ul>
 *   <li>{@link #encode}: an insert's value from YCSB's fields;</li>
 *   <li>{@link #decodeAll}: a read of all fields (workload A/B/C with {@code readallfields=true});</li>
 *   <li>{@link #decodeOneField}: a read of one field;</li>
 *   <li>{@link #merge}: an update of one field (the stored bytes copied with that field replaced).</li>
 * </ul>
 *
 * <p><b>Reading it:</b> nanoseconds per operation and, with {@code -prof gc}, bytes allocated per
 * operation. A block-cache hit costs RocksDB a few microseconds and a device read tens to thousands:
 * the mapping must stay well below the first.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class RecordMappingBenchmark {
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;
  private static final Set<String> ONE_FIELD = Set.of("field3");

  private final Map<String, byte[]> values = new HashMap<>();
  /** One per binding instance, as the binding keeps it: its names are remembered across reads. */
  private final RecordCodec codec = new RecordCodec();
  private byte[] stored;

  @Setup
  public void createRecord() {
    for (int i = 0; i < FIELDS; i++) {
      values.put("field" + i, new RandomByteIterator(FIELD_LENGTH).toArray());
    }
    stored = RecordCodec.encode(ycsbValues(FIELDS));
    var back = new HashMap<String, ByteIterator>();
    codec.decode(stored, null, back);
    if (back.size() != FIELDS) {
      throw new IllegalStateException("the record did not read back as its " + FIELDS + " fields: " + back.keySet());
    }
  }

  /** YCSB hands the binding fresh iterators for every operation. */
  private Map<String, ByteIterator> ycsbValues(int count) {
    var fields = new HashMap<String, ByteIterator>();
    for (int i = 0; i < count; i++) {
      fields.put("field" + i, new ByteArrayByteIterator(values.get("field" + i)));
    }
    return fields;
  }

  @Benchmark
  public byte[] encode() {
    return RecordCodec.encode(ycsbValues(FIELDS));
  }

  @Benchmark
  public Map<String, ByteIterator> decodeAll() {
    var result = new HashMap<String, ByteIterator>();
    codec.decode(stored, null, result);
    return result;
  }

  @Benchmark
  public Map<String, ByteIterator> decodeOneField() {
    var result = new HashMap<String, ByteIterator>();
    codec.decode(stored, ONE_FIELD, result);
    return result;
  }

  @Benchmark
  public byte[] merge() {
    return codec.merge(stored, ycsbValues(1));
  }
}
