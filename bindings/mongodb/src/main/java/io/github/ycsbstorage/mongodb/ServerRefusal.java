package io.github.ycsbstorage.mongodb;

/**
 * A write the server answered but refused, read from a command reply ({@code writeErrors} or
 * {@code writeConcernError}); thrown so that it is counted and warned like the driver's own
 * exceptions ({@link StatusMapping}).
 */
final class ServerRefusal extends RuntimeException {
  private final int code;
  private final boolean writeConcern;

  /**
   * @param code         the server's error code, e.g. 11000 for a duplicate key
   * @param message      the server's {@code errmsg}
   * @param writeConcern whether the write was done but its write concern not satisfied
   */
  ServerRefusal(int code, String message, boolean writeConcern) {
    super((writeConcern ? "write concern error " : "write error ") + code + ": " + message, null, false, false);
    this.code = code;
    this.writeConcern = writeConcern;
  }

  int code() {
    return code;
  }

  boolean writeConcern() {
    return writeConcern;
  }
}
