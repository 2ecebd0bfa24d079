package io.github.ycsbstorage.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * "Did you mean": the known name nearest to a misspelt one, for every check that refuses an unknown
 * name (property keys, a driver's URL options). Stateless.
 */
public final class Spelling {
  private Spelling() {
  }

  /** The candidate nearest to {@code word}, when it is near enough to be what was meant. */
  public static Optional<String> closest(String word, Collection<String> candidates) {
    return candidates.stream()
        .min(Comparator.comparingInt(candidate -> editDistance(word, candidate)))
        .filter(best -> editDistance(word, best) <= Math.max(2, word.length() / 4));
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
