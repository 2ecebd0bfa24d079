package io.github.ycsbstorage.store;

import java.util.Optional;

/**
 * The database a results store is in, and the SQL that differs between them: PostgreSQL's
 * {@code INTEGER} and {@code REAL} are 4 bytes where SQLite's are 8, it numbers rows by identity
 * columns, and its {@code CREATE TABLE IF NOT EXISTS} races between two sessions, which an advisory
 * lock serializes (SQLite's immediate transactions already do).
 */
public enum Dialect {
  SQLITE("INTEGER PRIMARY KEY AUTOINCREMENT", "INTEGER", "REAL", "instr", Optional.empty()),
  POSTGRESQL("BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "BIGINT", "DOUBLE PRECISION", "strpos",
      // held to the end of the transaction; the number is this product's own ("ycsbstor" in ASCII)
      Optional.of("SELECT pg_advisory_xact_lock(8746961767964634994)"));

  private final String id;
  private final String integer;
  private final String real;
  private final String position;
  private final Optional<String> creationLock;

  Dialect(String id, String integer, String real, String position, Optional<String> creationLock) {
    this.id = id;
    this.integer = integer;
    this.real = real;
    this.position = position;
    this.creationLock = creationLock;
  }

  /** The definition of a table's row number, its primary key. */
  String id() {
    return id;
  }

  /** A column type in this database. */
  String type(Column.Type type) {
    return switch (type) {
      case TEXT -> "TEXT";
      case INTEGER -> integer;
      case REAL -> real;
    };
  }

  /** The condition that {@code column} contains the next parameter's text. */
  String contains(String column) {
    return position + "(" + column + ", ?) > 0";
  }

  /** The statement that keeps other sessions from creating or migrating the store at the same time. */
  Optional<String> creationLock() {
    return creationLock;
  }
}
