package io.github.ycsbstorage.config;

/**
 * Input that cannot be used: an argument, a property, a file or a folder the user gave. The only
 * exception that the launcher and {@code bin/ycsb study|report|demo} turn into exit status 2, before
 * anything runs or is written; its message says what was given and what is accepted. A property's
 * value is the subclass {@link InvalidPropertyException}. An {@link IllegalArgumentException} that
 * is not this one is a defect of ours and exits 1. It stays unchecked and an
 * {@code IllegalArgumentException}, as YCSB's {@code Client} prints what a binding's {@code init()}
 * throws.
 */
public class BadInputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
