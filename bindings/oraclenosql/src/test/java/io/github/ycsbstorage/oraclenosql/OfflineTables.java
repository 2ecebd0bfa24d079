package io.github.ycsbstorage.oraclenosql;

import oracle.kv.impl.api.table.TableBuilder;
import oracle.kv.table.Table;

/**
 * The table the binding's DDL creates for a {@link TableSchema}, built client-side with kvclient's
 * {@code TableBuilder}, so that row mapping can be tested and benchmarked without a store. Shipped in
 * this module's test-jar for the benchmarks module. Stateless and thread-safe.
 */
public final class OfflineTables {
  private OfflineTables() {
  }

  /** A {@code usertable} with the key column and the schema's field columns or JSON document. */
  public static Table of(TableSchema schema) {
    var builder = TableBuilder.createTableBuilder("usertable");
    builder.addString(TableSchema.KEY_COLUMN);
    if (schema.layout() == TableLayout.JSON) {
      builder.addJson(TableSchema.DOCUMENT_COLUMN, null);
    } else {
      for (var name : schema.fieldNames()) {
        if (schema.fieldType() == FieldType.BINARY) {
          builder.addBinary(name);
        } else {
          builder.addString(name);
        }
      }
    }
    builder.primaryKey(TableSchema.KEY_COLUMN);
    return builder.buildTable();
  }
}
