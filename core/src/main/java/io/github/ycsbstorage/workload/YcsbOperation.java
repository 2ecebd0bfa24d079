package io.github.ycsbstorage.workload;

/** An operation of YCSB's client threads, by the name YCSB 0.17.0 measures it under. */
enum YcsbOperation {
  READ("READ"), UPDATE("UPDATE"), INSERT("INSERT"), SCAN("SCAN"), READ_MODIFY_WRITE("READ-MODIFY-WRITE"),
  /** A transaction whose type the observed workload draws inside ({@link ObservedWorkload}): not a YCSB name. */
  TRANSACTION("TRANSACTION");

  private final String ycsbName;

  YcsbOperation(String ycsbName) {
    this.ycsbName = ycsbName;
  }

  /**
   * The transaction CoreWorkload 0.17.0's {@code doTransaction} runs for what its operation chooser
   * drew: its switch, whose default is the read-modify-write.
   */
  static YcsbOperation chosen(String drawn) {
    return switch (drawn) {
      case "READ" -> READ;
      case "UPDATE" -> UPDATE;
      case "INSERT" -> INSERT;
      case "SCAN" -> SCAN;
      default -> READ_MODIFY_WRITE;
    };
  }

  /** YCSB's name: its measurements' and its output's ({@code [READ-MODIFY-WRITE]}). */
  String ycsbName() {
    return ycsbName;
  }
}
