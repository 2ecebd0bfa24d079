package io.github.ycsbstorage.config;

/**
 * The preconditions of the code, in one place: {@link #input} for what a user gave (bad input, exit
 * 2, naming the property, the bad value and what is accepted), {@link #argument} for what our own
 * code passes (a defect when false, exit 1). Stateless.
 */
public final class Check {
  private Check() {
  }

  /**
   * @throws InvalidPropertyException naming {@code property}, {@code value} and what is accepted, when not {@code valid}
   */
  public static void input(boolean valid, String property, String value, String accepted) {
    if (!valid) {
      throw new InvalidPropertyException(property, value, accepted);
    }
  }

  /**
   * @param reason why the value is refused, in words
   * @throws InvalidPropertyException naming {@code property}, {@code value}, why and what is accepted, when not {@code valid}
   */
  public static void input(boolean valid, String property, String value, String accepted, String reason) {
    if (!valid) {
      throw new InvalidPropertyException(property, value, accepted, reason);
    }
  }

  /** @throws IllegalArgumentException with {@code message} when not {@code valid}: a defect of the caller */
  public static void argument(boolean valid, String message) {
    if (!valid) {
      throw new IllegalArgumentException(message);
    }
  }
}
