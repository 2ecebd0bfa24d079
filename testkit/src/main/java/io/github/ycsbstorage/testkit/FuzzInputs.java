package io.github.ycsbstorage.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assertions;

/**
 * Random strings for the parser fuzz tests: fixed seeds, a bounded count, and a mix of pure noise,
 * parser-shaped tokens (digits, units, signs, separators) and mutations of valid examples, so that
 * both the happy path's neighbourhood and garbage are covered. {@link #check} runs a parser over them
 * and accepts only success or one of the exception classes the parser documents (exactly those
 * classes: a {@link NumberFormatException} escaping a parser is a defect even though it is an
 * {@link IllegalArgumentException}) with a message; anything else fails with the input that caused it.
 *
 * <p>Not thread-safe: one instance per test.
 */
public final class FuzzInputs {
  /** Inputs per parser and seed: a few thousand parses take milliseconds. */
  public static final int COUNT = 1_000;
  /** The seeds every fuzz test runs with, so that a failure replays. */
  public static final long[] SEEDS = {1L, 42L, 20261121L};

  private static final String[] TOKENS = {
      "0", "1", "7", "42", "1.5", "-", "+", ".", "e", "E9", "x", " ", "\t", ",", "=", ":", ";", "/", "@", "%",
      "B", "KB", "MB", "GB", "TB", "PB", "XB", "KiB", "GiB", "TiB", "k", "m", "g", "ms", "s", "m", "h", "d", "us",
      "ns", "ops", "NaN", "Infinity", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
      "1e308", "0x10", "://", "mongodb://", "?", "&", "w=", "[", "]", "::1", "localhost",
      "127.0.0.1", "%00", "\u00e9", "\u2212", "\u0660", "\uD83D\uDE00", "null", "true", "false", "#", "\\", "\"",
      "'"};

  private final Random random;
  private final List<String> examples;

  /**
   * @param seed     the random seed
   * @param examples valid inputs of the parser under test, to be mutated
   */
  public FuzzInputs(long seed, List<String> examples) {
    if (examples == null || examples.isEmpty()) {
      throw new IllegalArgumentException("at least one valid example is needed");
    }
    this.random = new Random(seed);
    this.examples = List.copyOf(examples);
  }

  /** {@link #COUNT} inputs: a third noise, a third tokens, a third mutated examples. */
  public List<String> next() {
    var inputs = new ArrayList<String>(COUNT);
    for (int i = 0; i < COUNT; i++) {
      inputs.add(switch (i % 3) {
        case 0 -> noise();
        case 1 -> tokens();
        default -> mutate(examples.get(random.nextInt(examples.size())));
      });
    }
    return inputs;
  }

  private String noise() {
    var text = new StringBuilder();
    int length = random.nextInt(12);
    for (int i = 0; i < length; i++) {
      text.append((char) (random.nextBoolean() ? 32 + random.nextInt(95) : random.nextInt(0x3000)));
    }
    return text.toString();
  }

  private String tokens() {
    var text = new StringBuilder();
    int count = 1 + random.nextInt(5);
    for (int i = 0; i < count; i++) {
      text.append(TOKENS[random.nextInt(TOKENS.length)]);
    }
    return text.toString();
  }

  private String mutate(String example) {
    var text = new StringBuilder(example);
    int edits = 1 + random.nextInt(3);
    for (int i = 0; i < edits; i++) {
      int at = text.length() == 0 ? 0 : random.nextInt(text.length() + 1);
      switch (random.nextInt(4)) {
        case 0 -> text.insert(at, TOKENS[random.nextInt(TOKENS.length)]);
        case 1 -> {
          if (at < text.length()) {
            text.deleteCharAt(at);
          }
        }
        case 2 -> {
          if (at < text.length()) {
            text.setCharAt(at, (char) (32 + random.nextInt(95)));
          }
        }
        default -> text.insert(at, text.substring(at));
      }
    }
    return text.toString();
  }

  /**
   * Runs {@code parser} over {@link #COUNT} inputs for every seed in {@link #SEEDS}; returns how many
   * were accepted.
   *
   * @param name     the parser, for the failure message
   * @param examples valid inputs, which must parse
   * @param parser   the parser under test
   * @param refusals the exception classes a refusal may have, e.g. {@code InvalidPropertyException}
   */
  @SafeVarargs
  public static int check(String name, List<String> examples, Consumer<String> parser,
                          Class<? extends RuntimeException>... refusals) {
    var allowed = List.of(refusals);
    for (var example : examples) {
      parser.accept(example);
    }
    int accepted = 0;
    for (long seed : SEEDS) {
      for (var input : new FuzzInputs(seed, examples).next()) {
        try {
          parser.accept(input);
          accepted++;
        } catch (RuntimeException e) {
          if (!allowed.contains(e.getClass())) {
            Assertions.fail(name + ": unexpected " + e + " for «" + input + "» (seed " + seed + ")", e);
          }
          if (e.getMessage() == null || e.getMessage().isBlank()) {
            Assertions.fail(name + ": no message for «" + input + "» (seed " + seed + ")", e);
          }
        }
      }
    }
    return accepted;
  }
}
