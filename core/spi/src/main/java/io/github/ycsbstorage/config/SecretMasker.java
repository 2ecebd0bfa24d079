package io.github.ycsbstorage.config;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Hides secrets before text leaves the process. Secret are: the values of keys whose name says so
 * ({@link #isSecretKey}), the user information of any URL however it is formed
 * ({@code scheme://user:pa/ss w@rd@host} keeps {@code user}, hides the rest up to the last {@code @}
 * of the line), {@code key=value} / {@code key: value} / {@code "key"="value"} pairs with a secret key
 * inside text, and the argument of {@code -p} (unless it is YCSB's {@code -p key=value}),
 * {@code --password} and the like inside commands ({@code sshpass -p hunter2 ssh}).
 *
 * <p>Every log line, status line, result file and exception message that may contain a property
 * value or a connection string passes through here. A hand-written scan, linear in the text (no
 * regular expression that could backtrack on long lines). Stateless and thread-safe.
 */
public final class SecretMasker {
  /** What a hidden secret is replaced with. */
  public static final String MASK = "*****";

  /**
   * A key is secret when its name contains one of these, in any case ({@code mongodb.dbPwd},
   * {@code AWS_SECRET_ACCESS_KEY}); also when {@code key} is the last word of a longer name.
   */
  public static final List<String> SECRET_WORDS =
      List.of("password", "passwd", "passphrase", "pwd", "secret", "credential", "token", "apikey", "privatekey");

  /** Between the words of a key: '.', '_', '-', blanks, and a lower-case letter or digit before an upper-case one. */
  private static final Pattern WORD_BOUNDARY = Pattern.compile("[._\\-\\s]+|(?<=[a-z0-9])(?=[A-Z])");

  private SecretMasker() {
  }

  /**
   * Whether values of this property are secrets as a whole: its name contains a secret word, ends in
   * the word {@code key}, or is close to a secret name, since a misspelt key ({@code mongodb.pasword},
   * {@code oraclenosql.passwrd}, {@code db.secert}) still holds the secret: a word of the name that
   * begins with {@code pass} or lies within an edit distance of 2 of a secret word (1 for a word of 5
   * letters, none for shorter ones, where one letter turns {@code pwd} into {@code pid}).
   */
  public static boolean isSecretKey(String key) {
    if (key == null) {
      return false;
    }
    var lower = key.toLowerCase(Locale.ROOT);
    for (var word : SECRET_WORDS) {
      if (lower.contains(word)) {
        return true;
      }
    }
    return endsWithWordKey(key) || Arrays.stream(WORD_BOUNDARY.split(key)).map(w -> w.toLowerCase(Locale.ROOT))
        .anyMatch(SecretMasker::closeToSecretWord);
  }

  private static boolean closeToSecretWord(String word) {
    if (word.startsWith("pass")) {
      return true;
    }
    for (var secret : SECRET_WORDS) {
      int allowed = secret.length() >= 6 ? 2 : secret.length() == 5 ? 1 : 0;
      if (allowed > 0 && Math.abs(word.length() - secret.length()) <= allowed
          && Spelling.editDistance(word, secret) <= allowed) {
        return true;
      }
    }
    return false;
  }

  /** {@code key} as the last word of a longer name: {@code ssl.key}, {@code API_KEY}, {@code accessKey}; not {@code monkey}. */
  private static boolean endsWithWordKey(String name) {
    int n = name.length();
    if (n < 4 || !name.regionMatches(true, n - 3, "key", 0, 3)) {
      return false;
    }
    char before = name.charAt(n - 4);
    return !Character.isLetterOrDigit(before)
        || name.charAt(n - 3) == 'K' && (Character.isLowerCase(before) || Character.isDigit(before));
  }

  /** The value as it may be shown for this property. */
  public static String maskValue(String key, String value) {
    if (value == null) {
      return null;
    }
    return isSecretKey(key) ? MASK : maskText(value);
  }

  /** Free text with every secret it holds hidden. */
  public static String maskText(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    var hidden = new BitSet(text.length());
    hideUserInfo(text, hidden);
    hideAssignmentsAndOptions(text, hidden);
    if (hidden.isEmpty()) {
      return text;
    }
    var masked = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      if (hidden.get(i)) {
        masked.append(MASK);
        i = hidden.nextClearBit(i);
      } else {
        int next = hidden.nextSetBit(i);
        int end = next < 0 ? text.length() : next;
        masked.append(text, i, end);
        i = end;
      }
    }
    return masked.toString();
  }

  /** A sorted copy of the properties that is safe to print or store. */
  public static Map<String, String> maskedCopy(Properties properties) {
    var copy = new TreeMap<String, String>();
    for (var key : properties.stringPropertyNames()) {
      copy.put(key, maskValue(key, properties.getProperty(key)));
    }
    return copy;
  }

  /**
   * After each {@code ://}, up to the next {@code ://} or line end, the last {@code @} before a host
   * ends the user information: a password may hold {@code /}, spaces and {@code @} unescaped. The user
   * name before the first {@code :} stays visible when it looks like one.
   */
  private static void hideUserInfo(String text, BitSet hidden) {
    int separator = text.indexOf("://");
    while (separator >= 0) {
      int start = separator + 3;
      int following = text.indexOf("://", start);
      int end = following < 0 ? text.length() : following;
      int at = -1;
      for (int i = start; i < end && !isLineEnd(text.charAt(i)); i++) {
        if (text.charAt(i) == '@' && i + 1 < end && startsHost(text.charAt(i + 1))) {
          at = i;
        }
      }
      if (at > start) {
        int colon = text.indexOf(':', start);
        boolean plainUser = colon >= 0 && colon < at;
        for (int i = start; plainUser && i < colon; i++) {
          char c = text.charAt(i);
          plainUser = !Character.isWhitespace(c) && c != '/';
        }
        if (!plainUser) {
          hidden.set(start, at);
        } else if (colon + 1 < at) {
          hidden.set(colon + 1, at);
        }
      }
      separator = following;
    }
  }

  /** One pass over name-like tokens: {@code secretkey=value}, {@code -p value}, {@code --password value}. */
  private static void hideAssignmentsAndOptions(String text, BitSet hidden) {
    int n = text.length();
    int i = 0;
    while (i < n) {
      if (!isNameChar(text.charAt(i))) {
        i++;
        continue;
      }
      int start = i;
      while (i < n && isNameChar(text.charAt(i))) {
        i++;
      }
      boolean pOption = i - start == 2 && text.startsWith("-p", start);
      if (!pOption && !isSecretKey(text.substring(start, i))) {
        continue;
      }
      // the closing quote of a quoted key: "oraclenosql.password"="…"
      int j = skipBlanks(text, !pOption && i < n && isQuote(text.charAt(i)) ? i + 1 : i);
      int argument = skipBlanks(text, i);
      if (!pOption && j < n && (text.charAt(j) == '=' || text.charAt(j) == ':')) {
        i = hideValue(text, skipBlanks(text, j + 1), hidden, false);
      } else if (argument > i && text.charAt(start) == '-'
          && (start == 0 || Character.isWhitespace(text.charAt(start - 1)))) {
        i = hideValue(text, argument, hidden, pOption);
      } else if (argument > i && !pOption && secretShaped(text, argument, text.substring(start, i))) {
        i = hideValue(text, argument, hidden, false);
      }
    }
  }

  /**
   * Hides the value starting at {@code start}: a quoted one up to its closing quote (or line end),
   * else up to a blank or a delimiter. A {@code -p} argument with an unquoted {@code =} is YCSB's
   * {@code -p key=value}, not a password: left to the scan of its key. Returns where scanning goes on.
   */
  private static int hideValue(String text, int start, BitSet hidden, boolean unlessAssignment) {
    int n = text.length();
    if (start >= n || isLineEnd(text.charAt(start))) {
      return start;
    }
    char first = text.charAt(start);
    if (isQuote(first)) {
      int end = start + 1;
      while (end < n && text.charAt(end) != first && !isLineEnd(text.charAt(end))) {
        end++;
      }
      hidden.set(start + 1, Math.max(start + 1, end));
      return end;
    }
    int end = start;
    boolean assignment = false;
    while (end < n && !Character.isWhitespace(text.charAt(end))
        && (unlessAssignment || ",;&\"')]}<>".indexOf(text.charAt(end)) < 0)) {
      assignment |= text.charAt(end) == '=';
      end++;
    }
    if (unlessAssignment && assignment) {
      return start;
    }
    hidden.set(start, end);
    return end;
  }

  /**
   * A bare secret word and a value of a secret's shape after a blank, as a command's output may print
   * it ({@code token 3f9a…}, {@code password hunter2}): a word holding a digit or
   * a symbol, or of 16 characters or more; prose ({@code a password is required}) stays.
   */
  private static boolean secretShaped(String text, int start, String word) {
    if (!SECRET_WORDS.contains(word.toLowerCase(Locale.ROOT))) {
      return false;
    }
    int end = start;
    boolean shaped = false;
    while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
      shaped |= !Character.isLetter(text.charAt(end));
      end++;
    }
    return end > start && (shaped || end - start >= 16);
  }

  /** What a host can start with: a name, an address, {@code [::1]}, an escaped socket path. */
  private static boolean startsHost(char c) {
    return Character.isLetterOrDigit(c) || c == '[' || c == '%' || c == '_';
  }

  private static int skipBlanks(String text, int from) {
    int i = from;
    while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-';
  }

  private static boolean isQuote(char c) {
    return c == '"' || c == '\'';
  }

  private static boolean isLineEnd(char c) {
    return c == '\n' || c == '\r';
  }
}
