package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoClientSettings;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.Document;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;
import site.ycsb.Utils;

/**
 * <b>Question:</b> what does the {@code mongodb} binding spend per record turning YCSB's fields
 * into a BSON document and back, and how much of that is the binding's own mapping rather than the
 * driver's BSON codec? One YCSB record of 1 KB: key {@code user<hash>} plus 10 fields of 100 bytes,
 * stored as BSON binary ({@code mongodb.fieldtype=binary}, the default) or string.
 *
 * <p>In the binding's package so that it runs the binding's own mapping (package-private): writes
 * build a {@code Document} of {@code _id} plus one {@link FieldType#encode}d value per field (the
 * loop repeats {@code MongoDbClient}'s private {@code fields}), which mongodb-driver-sync's
 * {@code DocumentCodec} encodes to BSON; reads decode BSON straight into {@link StoredFields} with
 * {@link StoredFieldsCodec}, then fill YCSB's result map. For comparison, {@link #bsonToDocument} is
 * what the raw-driver yardstick ({@code RawDriverLoop}) pays to read the same record: the driver's
 * {@code DocumentCodec} decoding a {@code Document}.
 *
 * <ul>
 *   <li>{@link #fieldsToDocument}: binding only, YCSB values to {@code Document} (insert/update);</li>
 *   <li>{@link #fieldsToBson}: the same plus the driver encoding it to BSON bytes;</li>
 *   <li>{@link #bsonToFields}: a read: BSON bytes to YCSB's result map through the binding's codec;</li>
 *   <li>{@link #bsonToDocument}: the raw driver's read: BSON bytes to a {@code Document}.</li>
 * </ul>
 *
 * <p><b>Reading it:</b> nanoseconds per record. {@code fieldsToDocument} is the binding's whole
 * per-record CPU cost on writes beyond the driver's encoding ({@code fieldsToBson} minus it);
 * {@code bsonToFields} against {@code bsonToDocument} is what a binding read costs over a raw
 * driver read. A few microseconds against a
 * round trip of 50 µs or more (local NVMe) means the mapping cannot bias a device comparison.
 * Network, server and connection-pool costs are not included: {@code mongodb-binding-vs-driver.sh}
 * measures the binding end to end against the raw driver.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class DocumentMappingBenchmark {
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;
  private static final Codec<Document> CODEC = MongoClientSettings.getDefaultCodecRegistry().get(Document.class);
  private static final EncoderContext ENCODE = EncoderContext.builder().isEncodingCollectibleDocument(true).build();
  private static final StoredFieldsCodec READ_CODEC = new StoredFieldsCodec();
  private static final DecoderContext DECODE = DecoderContext.builder().build();

  /** {@code mongodb.fieldtype}. */
  @Param({"BINARY", "STRING"})
  public FieldType fieldType;

  private final String key = "user" + Utils.hash(42);
  private final Map<String, byte[]> values = new LinkedHashMap<>();
  private byte[] storedBson;

  @Setup
  public void createRecord() {
    for (int i = 0; i < FIELDS; i++) {
      values.put("field" + i, new RandomByteIterator(FIELD_LENGTH).toArray());
    }
    storedBson = bson(fieldsToDocument());
    var read = bsonToFields();
    if (read.size() != FIELDS || !Arrays.equals(read.get("field0").toArray(), values.get("field0"))) {
      throw new IllegalStateException("the record did not read back as its " + FIELDS + " fields: " + read.keySet());
    }
  }

  /** YCSB hands the binding fresh iterators for every operation; building them is YCSB's cost, but tiny. */
  private Map<String, ByteIterator> ycsbValues() {
    var fields = new HashMap<String, ByteIterator>();
    values.forEach((name, value) -> fields.put(name, new ByteArrayByteIterator(value)));
    return fields;
  }

  @Benchmark
  public Document fieldsToDocument() {
    var document = new Document("_id", key);
    for (var entry : ycsbValues().entrySet()) {
      document.put(entry.getKey(), fieldType.encode(entry.getValue().toArray()));
    }
    return document;
  }

  @Benchmark
  public byte[] fieldsToBson() {
    return bson(fieldsToDocument());
  }

  @Benchmark
  public Map<String, ByteIterator> bsonToFields() {
    var result = new HashMap<String, ByteIterator>();
    READ_CODEC.decode(new BsonBinaryReader(ByteBuffer.wrap(storedBson)), DECODE).copyTo(result);
    return result;
  }

  @Benchmark
  public Document bsonToDocument() {
    return CODEC.decode(new BsonBinaryReader(ByteBuffer.wrap(storedBson)), DECODE);
  }

  private static byte[] bson(Document document) {
    var buffer = new BasicOutputBuffer(1200);
    CODEC.encode(new BsonBinaryWriter(buffer), document, ENCODE);
    return buffer.toByteArray();
  }
}
