package io.github.ycsbstorage.oraclenosql;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import oracle.kv.table.Row;
import oracle.kv.table.Table;
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
 * <b>Question:</b> what does the {@code oraclenosql} binding spend per record turning YCSB's fields
 * into a Table API row and back, for each table shape it supports? One YCSB record of 1 KB: key
 * {@code user<hash>} plus 10 fields of 100 bytes, in {@code oraclenosql.layout=columns} with
 * {@code fieldtype=string} (the default) or {@code binary}, or {@code layout=json} (all fields in one
 * JSON column, serialised with Jackson).
 *
 * <p>In the binding's package so that it runs the binding's own mapping, {@code TableSchema}
 * (package-private): {@code newRow} (insert, and update of all fields), {@code merge} (update of one
 * field into a row read first, as workload A's updates do) and {@code read}. A kvclient {@code Row}
 * needs table metadata, not a store: the table is built offline with kvclient's
 * {@code TableBuilder} by the binding's test fixture {@code OfflineTables}, with the 18.3.10 client
 * on Maven Central that is shaded into benchmarks.jar; to measure an installation's client instead (the one the binding
 * runs with), put it first on the classpath:
 * {@code java -cp $KVHOME/lib/kvclient.jar:benchmarks/target/benchmarks.jar org.openjdk.jmh.Main
 * TableRowMapping}. What is not measured: kvclient serialising the row for the wire
 * (internal to the client and different in the 25.3 client a current store needs), network and
 * server; {@code oraclenosql-binding-vs-raw.sh} measures the binding end to end against a bare
 * Table API loop.
 *
 * <p><b>Reading it:</b> nanoseconds per record. Compare the shapes to see what the JSON layout costs
 * over columns (it writes and, on update, re-parses the whole document); compare any of them with a
 * KVLite round trip (hundreds of microseconds here) to see that the mapping cannot bias a device
 * comparison.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TableRowMappingBenchmark {
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;

  /** {@code columns-string}, {@code columns-binary} or {@code json}: layout and field type. */
  @Param({"columns-string", "columns-binary", "json"})
  public String shape;

  private final String key = "user" + Utils.hash(42);
  private final Map<String, byte[]> values = new LinkedHashMap<>();
  private TableSchema schema;
  private Table table;
  private Row stored;
  private Row updated;
  private String updatedField;
  private byte[] updatedValue;

  @Setup
  public void createTableAndRecord() {
    var names = IntStream.range(0, FIELDS).mapToObj(i -> "field" + i).toList();
    schema = switch (shape) {
      case "columns-string" -> new TableSchema(TableLayout.COLUMNS, FieldType.STRING, names);
      case "columns-binary" -> new TableSchema(TableLayout.COLUMNS, FieldType.BINARY, names);
      case "json" -> new TableSchema(TableLayout.JSON, FieldType.STRING, names);
      default -> throw new IllegalArgumentException("unknown shape " + shape);
    };
    table = OfflineTables.of(schema);
    for (var name : names) {
      values.put(name, new RandomByteIterator(FIELD_LENGTH).toArray());
    }
    stored = schema.newRow(table, key, values);
    updated = schema.newRow(table, key, values);
    updatedField = names.get(3);
    updatedValue = new RandomByteIterator(FIELD_LENGTH).toArray();
    var read = rowToFields();
    if (read.size() != FIELDS || read.get("field0").toArray().length != FIELD_LENGTH) {
      throw new IllegalStateException("the row did not map back to " + FIELDS + " fields of " + FIELD_LENGTH
          + " bytes: " + read.keySet());
    }
  }


  /** Insert: YCSB's values (fresh iterators, as YCSB hands them over) to a new row. */
  @Benchmark
  public Row fieldsToRow() {
    var fields = new HashMap<String, ByteIterator>();
    values.forEach((name, value) -> fields.put(name, new ByteArrayByteIterator(value)));
    return schema.newRow(table, key, TableSchema.bytes(fields));
  }

  /** Update of one field into a row already read (the row is rewritten with the same value each time). */
  @Benchmark
  public Row mergeOneField() {
    schema.merge(updated, TableSchema.bytes(Map.of(updatedField, new ByteArrayByteIterator(updatedValue))));
    return updated;
  }

  /** Read: a row to YCSB's result map, all fields. */
  @Benchmark
  public Map<String, ByteIterator> rowToFields() {
    var result = new HashMap<String, ByteIterator>();
    schema.read(stored, null, result);
    return result;
  }
}
