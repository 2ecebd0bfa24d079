package io.github.ycsbstorage.oraclenosql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbstorage.config.Check;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import oracle.kv.table.FieldDef;
import oracle.kv.table.Row;
import oracle.kv.table.Table;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * The shape of the YCSB table: its DDL, the check of an existing table against it, and the mapping
 * between YCSB's field maps and kvclient rows. Field values are bytes in YCSB; in STRING columns and
 * in the JSON layout they are stored as ISO-8859-1 text, which maps every byte to one character and
 * back without loss. Immutable and thread-safe.
 *
 * @param layout     one column per field, or one JSON column
 * @param fieldType  column type of the fields in the {@code columns} layout
 * @param fieldNames YCSB's field names, in order ({@code field0}, {@code field1}, ...)
 */
record TableSchema(TableLayout layout, FieldType fieldType, List<String> fieldNames) {
  /** The primary key column. */
  static final String KEY_COLUMN = "ycsb_key";
  /** The JSON column of the {@code json} layout. */
  static final String DOCUMENT_COLUMN = "fields";

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
  private static final ObjectMapper JSON = new ObjectMapper();

  TableSchema {
    Check.argument(layout != null && fieldType != null, "layout and fieldType are required");
    Check.argument(layout != TableLayout.JSON || fieldType != FieldType.BINARY,
        "the json layout stores text; fieldtype=binary needs layout=columns");
    fieldNames = List.copyOf(fieldNames);
    Check.argument(layout != TableLayout.COLUMNS || !fieldNames.isEmpty(),
        "the columns layout needs at least one field");
    for (var name : fieldNames) {
      if (!IDENTIFIER.matcher(name).matches() || name.equalsIgnoreCase(KEY_COLUMN)) {
        throw new IllegalArgumentException("field name '" + name + "' cannot be a column name");
      }
    }
  }

  /** The DDL that creates the table when it does not exist. */
  String createStatement(String table) {
    var columns = new StringBuilder(KEY_COLUMN).append(" STRING");
    if (layout == TableLayout.JSON) {
      columns.append(", ").append(DOCUMENT_COLUMN).append(" JSON");
    } else {
      for (var name : fieldNames) {
        columns.append(", ").append(name).append(' ').append(fieldType.name());
      }
    }
    return "CREATE TABLE IF NOT EXISTS " + table + " (" + columns + ", PRIMARY KEY(" + KEY_COLUMN + "))";
  }

  /** The columns and types this schema expects, as "name TYPE" in order. */
  List<String> expectedColumns() {
    var expected = new ArrayList<String>();
    expected.add(KEY_COLUMN + " STRING");
    if (layout == TableLayout.JSON) {
      expected.add(DOCUMENT_COLUMN + " JSON");
    } else {
      fieldNames.forEach(name -> expected.add(name + " " + fieldType.name()));
    }
    return expected;
  }

  /** What differs between an existing table and this schema, or empty when it fits. */
  Optional<String> mismatch(Table table) {
    var actual = new ArrayList<String>();
    for (var name : table.getFields()) {
      actual.add(name + " " + typeName(table.getField(name)));
    }
    var expected = expectedColumns();
    var primaryKey = table.getPrimaryKey();
    if (normalised(actual).equals(normalised(expected)) && primaryKey.size() == 1
        && primaryKey.get(0).equalsIgnoreCase(KEY_COLUMN)) {
      return Optional.empty();
    }
    return Optional.of("table " + table.getFullName() + " exists with columns " + actual + " and primary key "
        + primaryKey + ", but layout=" + layout.name().toLowerCase(Locale.ROOT)
        + (layout == TableLayout.COLUMNS ? ", fieldtype=" + fieldType.name().toLowerCase(Locale.ROOT) : "")
        + " and " + fieldNames.size() + " fields need columns " + expected + " and primary key [" + KEY_COLUMN
        + "]; drop the table, use another oraclenosql.table, or match the layout/fieldtype/fieldcount it was "
        + "created with");
  }

  private static String typeName(FieldDef def) {
    return def.isJson() ? "JSON" : def.getType().name();
  }

  private static List<String> normalised(List<String> columns) {
    return columns.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
  }

  /** A new row with the key and the given values. */
  Row newRow(Table table, String key, Map<String, byte[]> values) {
    var row = table.createRow();
    row.put(KEY_COLUMN, key);
    if (layout == TableLayout.JSON) {
      var document = JSON.createObjectNode();
      values.forEach((name, value) -> document.put(name, text(value)));
      row.putJson(DOCUMENT_COLUMN, document.toString());
    } else {
      values.forEach((name, value) -> putColumn(row, name, value));
    }
    return row;
  }

  /** Overwrites the given fields of an existing row, keeping the others. */
  void merge(Row row, Map<String, byte[]> values) {
    if (layout == TableLayout.JSON) {
      var document = document(row);
      values.forEach((name, value) -> document.put(name, text(value)));
      row.putJson(DOCUMENT_COLUMN, document.toString());
    } else {
      values.forEach((name, value) -> putColumn(row, name, value));
    }
  }

  /** Copies the wanted fields ({@code null}: all) of a row into YCSB's result map; absent fields are skipped. */
  void read(Row row, Set<String> fields, Map<String, ByteIterator> result) {
    if (layout == TableLayout.JSON) {
      var document = document(row);
      document.fieldNames().forEachRemaining(name -> {
        if (fields == null || fields.contains(name)) {
          result.put(name, new ByteArrayByteIterator(bytes(document.get(name).asText())));
        }
      });
      return;
    }
    if (fields == null) {
      for (int field = 0; field < fieldNames.size(); field++) {
        readColumn(row, field, result);
      }
      return;
    }
    for (var name : fields) {
      int field = fieldNames.indexOf(name);
      if (field >= 0) {
        readColumn(row, field, result);
      }
    }
  }

  /**
   * One column into YCSB's result, by its position in the row: the key column first, then the fields in
   * order, as {@link #mismatch(Table)} holds the table to. A name would cost a case-insensitive lookup in
   * kvclient per field and read. A STRING column is handed over as its ISO-8859-1 text, which YCSB's
   * {@link StringByteIterator} turns back into exactly the stored bytes, without a copy up front.
   */
  private void readColumn(Row row, int field, Map<String, ByteIterator> result) {
    var value = row.get(field + 1);
    if (value == null || value.isNull()) {
      return;
    }
    result.put(fieldNames.get(field), fieldType == FieldType.BINARY
        ? new ByteArrayByteIterator(value.asBinary().get()) : new StringByteIterator(value.asString().get()));
  }

  /** One field into its column, by position where it is one of the schema's (see {@link #readColumn}). */
  private void putColumn(Row row, String name, byte[] value) {
    int field = fieldNames.indexOf(name);
    if (field < 0) {
      // Not a column of the table: kvclient refuses the name and says why.
      row.put(name, text(value));
    } else if (fieldType == FieldType.BINARY) {
      row.put(field + 1, value);
    } else {
      row.put(field + 1, text(value));
    }
  }

  private static ObjectNode document(Row row) {
    var value = row.get(DOCUMENT_COLUMN);
    if (value == null || value.isNull() || value.isJsonNull()) {
      return JSON.createObjectNode();
    }
    try {
      return (ObjectNode) JSON.readTree(value.toJsonString(false));
    } catch (JsonProcessingException | ClassCastException e) {
      throw new IllegalStateException("column " + DOCUMENT_COLUMN + " does not hold a JSON object", e);
    }
  }

  /**
   * YCSB's values as byte arrays, read once: a {@link ByteIterator} is consumed by reading it, and an
   * update may need its values more than once.
   */
  static Map<String, byte[]> bytes(Map<String, ByteIterator> values) {
    var copy = new LinkedHashMap<String, byte[]>();
    values.forEach((name, value) -> copy.put(name, value.toArray()));
    return copy;
  }

  static String text(byte[] value) {
    return new String(value, StandardCharsets.ISO_8859_1);
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }
}
