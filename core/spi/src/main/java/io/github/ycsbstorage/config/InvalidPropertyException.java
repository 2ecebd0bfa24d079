package io.github.ycsbstorage.config;

/**
 * A property (or command-line argument) whose value cannot be used. The message always names the
 * property, the offending value (masked when the property holds a secret) and what is accepted, so
 * that a user can fix the command without reading code.
 *
 * <p>The launcher turns this exception, as every {@link BadInputException}, into exit status 2, before
 * any data is touched.
 */
public final class InvalidPropertyException extends BadInputException {
  private static final long serialVersionUID = 1L;

  private final String property;
  private final String value;
  private final String accepted;

  public InvalidPropertyException(String property, String value, String accepted) {
    this(property, value, accepted, null);
  }

  public InvalidPropertyException(String property, String value, String accepted, String reason) {
    super(format(property, value, accepted, reason));
    this.property = property;
    this.value = value == null ? null : SecretMasker.maskValue(property, value);
    this.accepted = accepted;
  }

  private static String format(String property, String value, String accepted, String reason) {
    var shown = value == null ? "(not set)" : "'" + SecretMasker.maskValue(property, value) + "'";
    var text = new StringBuilder().append(property).append('=').append(shown).append(" is invalid");
    if (reason != null && !reason.isBlank()) {
      text.append(": ").append(SecretMasker.maskText(reason));
    }
    if (accepted != null && !accepted.isBlank()) {
      text.append("; accepted: ").append(accepted);
    }
    return text.toString();
  }

  /** The property or argument name, e.g. {@code storage.dataset.size} or {@code -threads}. */
  public String property() {
    return property;
  }

  /** The rejected value, masked if the property holds a secret; {@code null} when it was missing. */
  public String value() {
    return value;
  }

  /** What the property accepts, in words. */
  public String accepted() {
    return accepted;
  }
}
