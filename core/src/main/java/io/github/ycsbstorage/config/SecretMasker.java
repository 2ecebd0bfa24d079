package io.github.ycsbstorage.config;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Hides secrets before text leaves the process: property values whose key names a secret, and the
 * password part of any URL with user information ({@code scheme://user:password@host}).
 *
 * <p>Every log line, status line, result file and exception message that may contain a property
 * value or a connection string passes through here. Stateless and thread-safe.
 */
public final class SecretMasker {
  /** What a hidden secret is replaced with. */
  public static final String MASK = "*****";

  private static final Pattern SECRET_KEY =
      Pattern.compile("(?i).*(password|passwd|passphrase|secret|credential|token|pwd).*");
  // scheme://user:password@  — the password may contain anything but '@' and '/'.
  private static final Pattern URL_PASSWORD =
      Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://[^:/@\\s]*):([^@/\\s]*)@");
  // key=value pairs inside free text, e.g. "password=hunter2" in a driver message, or
  // "oraclenosql.password"="hunter2" as YCSB's BasicDB prints its properties.
  private static final Pattern INLINE_SECRET = Pattern.compile(
      "(?i)\\b([\\w.]*(?:password|passwd|passphrase|secret|token)[\\w.]*)(\"?\\s*[=:]\\s*\"?)([^\\s,;&'\"]+)");

  private SecretMasker() {
  }

  /** Whether values of this property are secrets as a whole. */
  public static boolean isSecretKey(String key) {
    return key != null && SECRET_KEY.matcher(key).matches();
  }

  /** The value as it may be shown for this property. */
  public static String maskValue(String key, String value) {
    if (value == null) {
      return null;
    }
    return isSecretKey(key) ? MASK : maskText(value);
  }

  /** Free text with URL passwords and inline {@code password=...} pairs hidden. */
  public static String maskText(String text) {
    if (text == null) {
      return null;
    }
    var masked = URL_PASSWORD.matcher(text).replaceAll("$1:" + MASK + "@");
    return INLINE_SECRET.matcher(masked).replaceAll("$1$2" + MASK);
  }

  /** A sorted copy of the properties that is safe to print or store. */
  public static Map<String, String> maskedCopy(Properties properties) {
    var copy = new TreeMap<String, String>();
    for (var key : properties.stringPropertyNames()) {
      copy.put(key, maskValue(key, properties.getProperty(key)));
    }
    return copy;
  }
}
