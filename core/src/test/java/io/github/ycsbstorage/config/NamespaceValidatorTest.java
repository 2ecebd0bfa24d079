package io.github.ycsbstorage.config;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NamespaceValidatorTest {
  private static final PropertyNamespace STORAGE = new PropertyNamespace() {
    @Override
    public String prefix() {
      return "storage.";
    }

    @Override
    public Set<String> keys() {
      return Set.of("storage.dataset.ratio", "storage.dataset.size", "storage.warmup");
    }
  };

  private final NamespaceValidator validator = new NamespaceValidator(List.of(STORAGE));

  @Test
  void unknownKeyNamesTheClosestKnownOne() {
    var properties = new Properties();
    properties.setProperty("storage.dataset.ration", "1.33");
    var error = assertThrows(InvalidPropertyException.class, () -> validator.validate(properties));
    assertEquals("storage.dataset.ration='*****' is invalid: unknown property (did you mean storage.dataset.ratio?);"
        + " accepted: the keys of storage.*: storage.dataset.ratio, storage.dataset.size, storage.warmup",
        error.getMessage());
    assertEquals("storage.dataset.ration", error.property());
  }

  @Test
  void aMisspeltSecretKeyNeverShowsItsValue() {
    var secrets = new PropertyNamespace() {
      @Override
      public String prefix() {
        return "mongodb.";
      }

      @Override
      public Set<String> keys() {
        return Set.of("mongodb.password", "mongodb.url");
      }
    };
    var properties = new Properties();
    properties.setProperty("mongodb.pasword", "Hunter2");
    var error = assertThrows(InvalidPropertyException.class,
        () -> new NamespaceValidator(List.of(secrets)).validate(properties));
    assertEquals("mongodb.pasword='*****' is invalid: unknown property (did you mean mongodb.password?);"
        + " accepted: the keys of mongodb.*: mongodb.password, mongodb.url", error.getMessage());
  }

  @Test
  void farOffKeyGetsNoSuggestion() {
    var properties = new Properties();
    properties.setProperty("storage.colour", "blue");
    var error = assertThrows(InvalidPropertyException.class, () -> validator.validate(properties));
    assertEquals("storage.colour='*****' is invalid: unknown property; accepted: the keys of storage.*: "
        + "storage.dataset.ratio, storage.dataset.size, storage.warmup", error.getMessage());
  }

  @Test
  void knownKeysAndForeignNamespacesPass() {
    var properties = new Properties();
    properties.setProperty("storage.dataset.ratio", "2.67");
    properties.setProperty("recordcount", "10");
    properties.setProperty("cassandra.hosts", "h1");
    assertDoesNotThrow(() -> validator.validate(properties));
  }

  @Test
  void editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    assertEquals(0, NamespaceValidator.editDistance("abc", "abc"));
    assertEquals(1, NamespaceValidator.editDistance("abc", "abd"));
    assertEquals(1, NamespaceValidator.editDistance("abc", "abcd"));
    assertEquals(3, NamespaceValidator.editDistance("", "abc"));
    assertEquals(3, NamespaceValidator.editDistance("kitten", "sitting"));
  }
}
