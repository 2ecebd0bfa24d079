package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoClientSettings;
import java.nio.ByteBuffer;
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
 * <p>In the binding's package so that it calls the binding's per-value mapping itself,
 * {@link FieldType#encode} and {@link FieldType#decode} (package-private); the two loops around them
 * repeat {@code MongoDbClient}'s private {@code fields} and {@code copyFields} (an {@code _id}
 * document plus one entry per field; every stored field but {@code _id} back into YCSB's result
 * map). The driver's part is mongodb-driver-sync's
 * {@code DocumentCodec}, the codec {@code MongoCollection<Document>} uses to write and read the
 * document on the wire.
 *
 * <ul>
 *   <li>{@link #fieldsToDocument}: binding only, YCSB values to {@code Document} (insert/update);</li>
 *   <li>{@link #fieldsToBson}: the same plus the driver encoding it to BSON bytes;</li>
 *   <li>{@link #documentToFields}: binding only, a read's {@code Document} to YCSB's result map;</li>
 *   <li>{@link #bsonToFields}: the driver decoding BSON bytes, then the binding's mapping.</li>
 * </ul>
 *
 * <p><b>Reading it:</b> nanoseconds per record. The binding-only rows are its whole per-record CPU
 * cost beyond the driver; the BSON rows show the driver's share. A few microseconds against a
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
  private static final DecoderContext DECODE = DecoderContext.builder().build();

  /** {@code mongodb.fieldtype}. */
  @Param({"BINARY", "STRING"})
  public FieldType fieldType;

  private final String key = "user" + Utils.hash(42);
  private final Map<String, byte[]> values = new LinkedHashMap<>();
  private Document stored;
  private byte[] storedBson;

  @Setup
  public void createRecord() {
    for (int i = 0; i < FIELDS; i++) {
      values.put("field" + i, new RandomByteIterator(FIELD_LENGTH).toArray());
    }
    stored = fieldsToDocument();
    storedBson = bson(stored);
    if (storedBson.length < FIELDS * FIELD_LENGTH) {
      throw new IllegalStateException("the record encoded to " + storedBson.length + " bytes, less than its values");
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
  public Map<String, ByteIterator> documentToFields() {
    return fields(stored);
  }

  @Benchmark
  public Map<String, ByteIterator> bsonToFields() {
    return fields(CODEC.decode(new BsonBinaryReader(ByteBuffer.wrap(storedBson)), DECODE));
  }

  private static Map<String, ByteIterator> fields(Document document) {
    var result = new HashMap<String, ByteIterator>();
    for (var entry : document.entrySet()) {
      if (!"_id".equals(entry.getKey())) {
        result.put(entry.getKey(), new ByteArrayByteIterator(FieldType.decode(entry.getValue())));
      }
    }
    return result;
  }

  private static byte[] bson(Document document) {
    var buffer = new BasicOutputBuffer(1200);
    CODEC.encode(new BsonBinaryWriter(buffer), document, ENCODE);
    return buffer.toByteArray();
  }
}
