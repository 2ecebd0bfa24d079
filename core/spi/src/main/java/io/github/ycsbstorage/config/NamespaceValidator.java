package io.github.ycsbstorage.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rejects keys under a known prefix that no component understands, with a "did you mean"
 * suggestion, and values that a namespace's own static checks refuse. Keys under prefixes that no
 * loaded component claims are left alone: their owner may simply not be on the classpath; keys that
 * nothing reads at all are warned about ({@link #unread}). Immutable and thread-safe; the static
 * {@link #warnUnknownKeys} remembers what it printed.
 */
public final class NamespaceValidator {
  /** The warnings {@link #warnUnknownKeys} printed in this JVM. */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();
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
   * Checks every key of the properties and every value under a namespace's prefix.
   *
   * @throws InvalidPropertyException for the unknown keys, all of them in one message (the first in
   *                                  key order named), else for the first value a namespace refuses
   */
  public void validate(Properties properties) {
    validateKeys(properties);
    for (var namespace : namespaces) {
      if (namespace.checked(properties)
          && properties.stringPropertyNames().stream().anyMatch(key -> key.startsWith(namespace.prefix()))) {
        namespace.check(properties);
      }
    }
  }

  /**
   * Checks every key of the properties, not their values (a study file's values hold placeholders),
   * except that a namespace's key given an empty value is refused: blank is not "unset"
   * ({@code -p storage.dataset.ratio=} would silently drop a workload file's ratio).
   *
   * @throws InvalidPropertyException for the unknown keys, all of them in one message; else the first empty value
   */
  public void validateKeys(Properties properties) {
    var unknown = unknown(properties);
    if (!unknown.isEmpty()) {
      var first = unknown.get(0);
      var others = unknown.subList(1, unknown.size()).stream().map(Unknown::described).toList();
      // The key is what is wrong; its value is not shown, since a misspelt secret key
      // (mongodb.pasword, oraclenosql.pwd) holds a secret that its name no longer gives away.
      throw new InvalidPropertyException(first.key(), SecretMasker.MASK,
          "the keys of " + first.namespace().prefix() + "*: " + String.join(", ", sorted(first.namespace())),
          "unknown property" + first.suggestion().map(s -> " (did you mean " + s + "?)").orElse("")
              + (others.isEmpty() ? "" : "; also unknown: " + String.join(", ", others)));
    }
    properties.stringPropertyNames().stream().sorted()
        .filter(key -> properties.getProperty(key).isBlank() && namespaces.stream().anyMatch(n -> n.keys().contains(key)))
        .findFirst().ifPresent(key -> {
          throw new InvalidPropertyException(key, properties.getProperty(key),
              "a value; leave the key out for its default", "an empty value");
        });
  }

  /**
   * Prints to stderr, as {@code mongodb: warning: …}, the keys under {@code namespace}'s prefix that
   * it does not know, each with its "did you mean": for a binding that YCSB's own launcher runs, which
   * ignores them silently ({@code bin/ycsb} refuses them before anything runs). A binding calls it
   * from every {@code init()}: each warning is printed once per JVM, not once per client thread.
   */
  public static void warnUnknownKeys(PropertyNamespace namespace, Properties properties) {
    var unknown = new NamespaceValidator(List.of(namespace)).unknown(properties);
    if (unknown.isEmpty()) {
      return;
    }
    var warning = namespace.prefix().replaceFirst("\\.$", "") + ": warning: unknown "
        + (unknown.size() == 1 ? "property" : "properties") + ", ignored: "
        + String.join(", ", unknown.stream().map(Unknown::described).toList()) + "; the keys of "
        + namespace.prefix() + "*: " + String.join(", ", sorted(namespace));
    if (WARNED.add(warning)) {
      System.err.println(warning);
    }
  }

  private List<Unknown> unknown(Properties properties) {
    return properties.stringPropertyNames().stream().sorted()
        .flatMap(key -> namespaces.stream().filter(n -> key.startsWith(n.prefix()) && !n.keys().contains(key))
            .findFirst().map(namespace -> new Unknown(key, namespace)).stream())
        .toList();
  }

  /**
   * Warnings for keys that no component reads: neither YCSB's ({@code known}), nor a namespace's, nor
   * under a namespace's prefix (those are errors, see {@link #validate}). A binding that is not ours may
   * still read such a key, so it is a warning, not an error.
   */
  public List<String> unread(Properties properties, Set<String> known) {
    var all = new TreeSet<>(known);
    namespaces.forEach(namespace -> {
      all.addAll(namespace.keys());
      all.addAll(namespace.otherKeys());
    });
    return properties.stringPropertyNames().stream().sorted()
        .filter(key -> !all.contains(key) && namespaces.stream().noneMatch(n -> key.startsWith(n.prefix())))
        .map(key -> key + " is read by no component of YCSB or ycsb-storage"
            + Spelling.closest(key, all).map(s -> " (did you mean " + s + "?)").orElse("")
            + "; it is ignored unless the binding reads it")
        .toList();
  }

  /** An unknown key under a namespace's prefix. */
  private record Unknown(String key, PropertyNamespace namespace) {
    Optional<String> suggestion() {
      return Spelling.closest(key, namespace.keys());
    }

    String described() {
      return key + suggestion().map(s -> " (did you mean " + s + "?)").orElse("");
    }
  }

  private static List<String> sorted(PropertyNamespace namespace) {
    return namespace.keys().stream().sorted().toList();
  }
}
