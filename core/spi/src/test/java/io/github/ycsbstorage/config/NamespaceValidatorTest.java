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

  /** An empty value is not "unset": it would drop a workload file's value silently. */
  @Test
  void anEmptyValueOfAKnownKeyIsRefused() {
    var properties = new Properties();
    properties.setProperty("storage.dataset.ratio", " ");
    properties.setProperty("label", "");
    assertEquals("storage.dataset.ratio=' ' is invalid: an empty value; accepted: a value; leave the key out for "
        + "its default", assertThrows(InvalidPropertyException.class, () -> validator.validateKeys(properties))
        .getMessage());
    properties.remove("storage.dataset.ratio");
    assertDoesNotThrow(() -> validator.validateKeys(properties), "a key that is not ours is YCSB's to judge");
  }

  @Test
  void everyUnknownKeyInOneMessage() {
    var properties = new Properties();
    properties.setProperty("storage.dataset.ration", "1");
    properties.setProperty("storage.warmpu", "1");
    var error = assertThrows(InvalidPropertyException.class, () -> validator.validateKeys(properties));
    assertEquals("storage.dataset.ration='*****' is invalid: unknown property (did you mean storage.dataset.ratio?);"
        + " also unknown: storage.warmpu (did you mean storage.warmup?); accepted: the keys of storage.*: "
        + "storage.dataset.ratio, storage.dataset.size, storage.warmup", error.getMessage());
  }

  @Test
  void aNamespaceChecksItsValuesOnlyWhenOneOfItsKeysIsSet() {
    var checking = new PropertyNamespace() {
      @Override
      public String prefix() {
        return "storage.";
      }

      @Override
      public Set<String> keys() {
        return Set.of("storage.warmup");
      }

      @Override
      public void check(Properties properties) {
        throw new InvalidPropertyException("storage.warmup", properties.getProperty("storage.warmup"), "a duration");
      }
    };
    var validator = new NamespaceValidator(List.of(checking));
    assertDoesNotThrow(() -> validator.validate(new Properties()));
    var properties = new Properties();
    properties.setProperty("storage.warmup", "soon");
    assertEquals("storage.warmup", assertThrows(InvalidPropertyException.class,
        () -> validator.validate(properties)).property());
    assertDoesNotThrow(() -> validator.validateKeys(properties), "keys only");
  }

  @Test
  void keysThatNothingReadsAreWarnedAboutWithTheClosestKnownKey() {
    var properties = new Properties();
    properties.setProperty("recordcoutn", "5");
    properties.setProperty("recordcount", "5");
    properties.setProperty("storage.warmup", "5s");
    properties.setProperty("cassandra.hosts", "h1");
    assertEquals(List.of("cassandra.hosts is read by no component of YCSB or ycsb-storage; it is ignored unless the "
            + "binding reads it", "recordcoutn is read by no component of YCSB or ycsb-storage (did you mean "
            + "recordcount?); it is ignored unless the binding reads it"),
        validator.unread(properties, Set.of("recordcount")));
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
}
