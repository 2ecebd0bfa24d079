package io.github.ycsbstorage.oraclenosql;

/** The column type of YCSB's field values in the {@code columns} layout ({@code oraclenosql.fieldtype}). */
public enum FieldType {
  STRING,
  BINARY
}
