package io.github.ycsbstorage.mongodb;

import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.BsonArray;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.Document;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.DocumentCodec;
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
import org.openjdk.jmh.infra.Blackhole;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;
import site.ycsb.Utils;

/**
 * <b>Question:</b> what does the {@code mongodb} binding spend per operation on the client, apart
 * from the network, the server and the driver's connection handling? Each benchmark does what one
 * YCSB operation does in the binding: build the command ({@link RecordCommands}: {@code find},
 * {@code update} of one field, {@code insert} of a record), encode it to BSON bytes as the driver
 * writes it into its message ({@code BsonDocumentCodec}), and decode the server's reply from bytes
 * ({@link FindReplyCodec} into YCSB's result map, {@link WriteReplyCodec}). The record is YCSB's:
 * key {@code user<hash>}, 10 fields of 100 bytes, as BSON binary ({@code mongodb.fieldtype=binary},
 * the default) or string. Lives beside the binding (test sources) to reach its package-private
 * classes; the benchmarks module ships it in {@code benchmarks.jar}.
 *
 * <ul>
 *   <li>{@link #read}: find command, reply with one 1 KB document, fields into a {@code HashMap};</li>
 *   <li>{@link #readReplyAsDocument}: yardstick: the same reply decoded by the driver's
 *       {@code DocumentCodec} into a generic {@code Document}, the least a {@code Document}-based
 *       read pays before the binding would copy the fields out;</li>
 *   <li>{@link #update}: update command setting one field, acknowledged reply;</li>
 *   <li>{@link #insert}: insert command of the whole record, acknowledged reply.</li>
 * </ul>
 *
 * <p><b>Reading it:</b> nanoseconds per operation, and with {@code -prof gc} bytes allocated per
 * operation ({@code gc.alloc.rate.norm}), which a busy machine does not disturb; a regression in the
 * binding's per-operation path shows in either without a server. A few microseconds against a round trip of 50 µs or more
 * (local NVMe) cannot bias a device comparison; {@code scripts/bench/mongodb-binding-vs-other.sh}
 * measures the whole path against YCSB 0.17.0's binding.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class OperationPathBenchmark {
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;
  private static final String TABLE = "usertable";
  private static final BsonDocumentCodec COMMAND_CODEC = new BsonDocumentCodec();
  private static final EncoderContext ENCODE = EncoderContext.builder().build();
  private static final DecoderContext DECODE = DecoderContext.builder().build();
  private static final FindReplyCodec FIND_REPLY = new FindReplyCodec();
  private static final WriteReplyCodec WRITE_REPLY = new WriteReplyCodec();
  private static final DocumentCodec DOCUMENT_CODEC = new DocumentCodec();

  /** {@code mongodb.fieldtype}. */
  @Param({"BINARY", "STRING"})
  public FieldType fieldType;

  private final String key = "user" + Utils.hash(42);
  private final Map<String, byte[]> values = new HashMap<>();
  /** Reused as the driver reuses its pooled buffers, so that allocation per operation is the binding's. */
  private final BasicOutputBuffer out = new BasicOutputBuffer(1400);
  private RecordCommands commands;
  private byte[] findReply;
  private byte[] writeReply;

  @Setup
  public void createRecordAndReplies() {
    commands = new RecordCommands(fieldType, WriteConcern.ACKNOWLEDGED, ReadConcern.DEFAULT);
    for (int i = 0; i < FIELDS; i++) {
      values.put("field" + i, new RandomByteIterator(FIELD_LENGTH).toArray());
    }
    var stored = commands.record(key, ycsbValues(FIELDS));
    // The reply's shape as mongod sends it: {cursor: {firstBatch: [document], id: 0, ns}, ok: 1}.
    findReply = bson(new BsonDocument("cursor", new BsonDocument("firstBatch", new BsonArray(List.of(stored)))
        .append("id", new BsonInt64(0)).append("ns", new BsonString("ycsb.usertable"))).append("ok", new BsonDouble(1)));
    writeReply = bson(BsonDocument.parse("{n: 1, nModified: 1, ok: 1.0}"));
    var result = new HashMap<String, ByteIterator>();
    FIND_REPLY.decode(reader(findReply), DECODE).document().orElseThrow().copyTo(result);
    if (result.size() != FIELDS || !Arrays.equals(result.get("field0").toArray(), values.get("field0"))) {
      throw new IllegalStateException("the record did not read back as its " + FIELDS + " fields: " + result.keySet());
    }
  }

  /** YCSB hands the binding fresh iterators for every operation; building them is YCSB's cost, but tiny. */
  private Map<String, ByteIterator> ycsbValues(int count) {
    var fields = new HashMap<String, ByteIterator>();
    for (int i = 0; i < count; i++) {
      fields.put("field" + i, new ByteArrayByteIterator(values.get("field" + i)));
    }
    return fields;
  }

  @Benchmark
  public Map<String, ByteIterator> read(Blackhole sent) {
    sent.consume(encode(commands.find(TABLE, key, null)));
    var result = new HashMap<String, ByteIterator>();
    FIND_REPLY.decode(reader(findReply), DECODE).document().ifPresent(fields -> fields.copyTo(result));
    return result;
  }

  @Benchmark
  public Document readReplyAsDocument() {
    return DOCUMENT_CODEC.decode(reader(findReply), DECODE);
  }

  @Benchmark
  public WriteReply update(Blackhole sent) {
    sent.consume(encode(commands.update(TABLE, key, ycsbValues(1))));
    return WRITE_REPLY.decode(reader(writeReply), DECODE);
  }

  @Benchmark
  public WriteReply insert(Blackhole sent) {
    sent.consume(encode(commands.insert(TABLE, key, ycsbValues(FIELDS))));
    return WRITE_REPLY.decode(reader(writeReply), DECODE);
  }

  private static BsonBinaryReader reader(byte[] bytes) {
    return new BsonBinaryReader(ByteBuffer.wrap(bytes));
  }

  /** Encodes the command as the driver writes it into its message; returns its length in bytes. */
  private int encode(BsonDocument command) {
    out.truncateToPosition(0);
    COMMAND_CODEC.encode(new BsonBinaryWriter(out), command, ENCODE);
    return out.getPosition();
  }

  private static byte[] bson(BsonDocument document) {
    var buffer = new BasicOutputBuffer(1400);
    COMMAND_CODEC.encode(new BsonBinaryWriter(buffer), document, ENCODE);
    return buffer.toByteArray();
  }
}
