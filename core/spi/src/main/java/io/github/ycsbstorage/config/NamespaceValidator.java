package io.github.ycsbstorage.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rejects keys under a known prefix that no component understands, with a "did you mean"
 * suggestion, and values that a namespace's own static checks refuse. Keys under prefixes that no
 * loaded component claims are left alone: their owner may simply not be on the classpath; keys that
 * nothing reads at all are warned about ({@link #unread}). Immutable and thread-safe; the static
 * {@link #validateOnce} remembers what it checked.
 */
public final class NamespaceValidator {
  /** What {@link #validateOnce} found of each input it checked in this JVM: nothing, or the refusal. */
  private static final Map<Map<String, String>, Optional<InvalidPropertyException>> CHECKED = new ConcurrentHashMap<>();
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
   * The launcher's check of every namespace ({@link #validate}, over the namespaces this class's loader
   * finds) for what every run passes, the storage-aware workload's and our bindings' {@code init()}: in
   * a YCSB install, whose launcher checks nothing, a misspelt {@code storage.*}, {@code collector.*} or
   * binding key then ends the run with {@code bin/ycsb}'s message. Checked once per JVM and input, not
   * once per client thread; an input refused once is refused for every caller.
   *
   * @throws InvalidPropertyException as {@link #validate}
   */
  public static void validateOnce(Properties properties) {
    var input = new TreeMap<String, String>();
    properties.stringPropertyNames().forEach(key -> input.put(key, properties.getProperty(key)));
    CHECKED.computeIfAbsent(input, key -> {
      try {
        discover(NamespaceValidator.class.getClassLoader()).validate(properties);
        return Optional.empty();
      } catch (InvalidPropertyException e) {
        return Optional.of(e);
      }
    }).ifPresent(refused -> {
      throw refused;
    });
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
