package io.github.ycsbstorage.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpellingTest {
  @Test
  void editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    assertEquals(0, Spelling.editDistance("abc", "abc"));
    assertEquals(1, Spelling.editDistance("abc", "abd"));
    assertEquals(1, Spelling.editDistance("abc", "abcd"));
    assertEquals(3, Spelling.editDistance("", "abc"));
    assertEquals(3, Spelling.editDistance("kitten", "sitting"));
  }

  @Test
  void theNearestNameOnlyWhenNearEnoughToHaveBeenMeant() {
    var known = Set.of("maxpoolsize", "minpoolsize", "w");
    assertEquals(Optional.of("maxpoolsize"), Spelling.closest("maxpoolsise", known));
    assertEquals(Optional.empty(), Spelling.closest("foo", known));
  }
}
