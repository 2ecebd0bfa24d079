package io.github.ycsbstorage.store;

import io.github.ycsbstorage.config.Check;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * What a command of {@code bin/ycsb results} names: one stored run by its id ({@code 12}), or a study's
 * cells by its name ({@code study:NAME}, each cell's latest row). Immutable.
 */
public record Selection(String text, OptionalLong id, Optional<String> study) {
  public static final String STUDY_PREFIX = "study:";
  private static final Pattern ID = Pattern.compile("[1-9][0-9]{0,17}");
  private static final String ACCEPTED = "a run id as `results list` shows it (e.g. 12) or " + STUDY_PREFIX + "<name>";

  /**
   * @param argument the argument's name, for the message
   * @throws io.github.ycsbstorage.config.InvalidPropertyException naming the argument when the text is neither
   */
  public static Selection parse(String argument, String text) {
    if (ID.matcher(text).matches()) {
      return new Selection(text, OptionalLong.of(Long.parseLong(text)), Optional.empty());
    }
    var name = text.startsWith(STUDY_PREFIX) ? text.substring(STUDY_PREFIX.length()) : "";
    Check.input(!name.isBlank(), argument, text, ACCEPTED);
    return new Selection(text, OptionalLong.empty(), Optional.of(name));
  }
}
