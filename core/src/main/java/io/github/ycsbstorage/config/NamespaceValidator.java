package io.github.ycsbstorage.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;

/**
 * Rejects keys under a known prefix that no component understands, with a "did you mean"
 * suggestion. Keys under prefixes that no loaded component claims are left alone: their owner may
 * simply not be on the classpath. Immutable and thread-safe.
 */
public final class NamespaceValidator {
  private final List<PropertyNamespace> namespaces;

  public NamespaceValidator(List<PropertyNamespace> namespaces) {
    this.namespaces = List.copyOf(namespaces);
  }

  /** A validator over every {@link PropertyNamespace} visible to the given class loader. */
  public static NamespaceValidator discover(ClassLoader loader) {
    var found = new ArrayList<PropertyNamespace>();
    ServiceLoader.load(PropertyNamespace.class, loader).forEach(found::add);
    return new NamespaceValidator(found);
  }

  /**
   * Checks every key of the properties.
   *
   * @throws InvalidPropertyException for the first unknown key, in key order
   */
  public void validate(Properties properties) {
    properties.stringPropertyNames().stream().sorted().forEach(key -> {
      for (var namespace : namespaces) {
        if (key.startsWith(namespace.prefix()) && !namespace.keys().contains(key)) {
          var suggestion = closest(key, namespace);
          // The key is what is wrong; its value is not shown, since a misspelt secret key
          // (mongodb.pasword, oraclenosql.pwd) holds a secret that its name no longer gives away.
          throw new InvalidPropertyException(key, SecretMasker.MASK,
              "the keys of " + namespace.prefix() + "*: " + String.join(", ", sorted(namespace)),
              "unknown property" + (suggestion == null ? "" : " (did you mean " + suggestion + "?)"));
        }
      }
    });
  }

  private static List<String> sorted(PropertyNamespace namespace) {
    return namespace.keys().stream().sorted().toList();
  }

  private static String closest(String key, PropertyNamespace namespace) {
    return namespace.keys().stream()
        .min(Comparator.comparingInt(candidate -> editDistance(key, candidate)))
        .filter(best -> editDistance(key, best) <= Math.max(2, key.length() / 4))
        .orElse(null);
  }

  /** Levenshtein distance; keys are short, so the quadratic table is fine. */
  static int editDistance(String a, String b) {
    var previous = new int[b.length() + 1];
    var current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      var swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
