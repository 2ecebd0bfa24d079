package io.github.ycsbstorage.oraclenosql;

/** How YCSB's fields are stored in a table row ({@code oraclenosql.layout}). */
public enum TableLayout {
  /** One column per YCSB field. */
  COLUMNS,
  /** All fields in one JSON column. */
  JSON
}
