package io.github.ycsbstorage.testkit;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * How long a test waits before it calls something hung. These limits never judge speed (benchmarks
 * do): they are generous, scaled by one factor for slow or busy machines, the system property
 * {@value #FACTOR_PROPERTY} (default 1; e.g. {@code mvn -B verify -Dycsb.test.timeout.factor=3}),
 * and a test that reaches one fails saying what it waited for. Waiting is polling, never a fixed
 * sleep. Stateless and thread-safe.
 */
public final class HangLimit {
  /** The system property that multiplies every limit. */
  public static final String FACTOR_PROPERTY = "ycsb.test.timeout.factor";
  /** For a whole child process: a {@code bin/ycsb} run, a study, a browser. */
  public static final Duration PROCESS = Duration.ofMinutes(10);
  /** For the next thing a process or thread does: a line of output, a file, a reply, an exit. */
  public static final Duration STEP = Duration.ofMinutes(5);

  private static final long POLL_MILLIS = 50;

  private HangLimit() {
  }

  /** A condition that may read files or ask processes. */
  @FunctionalInterface
  public interface Condition {
    boolean holds() throws Exception;
  }

  /** The factor from {@value #FACTOR_PROPERTY}: a positive number, 1 when unset. */
  public static double factor() {
    var value = System.getProperty(FACTOR_PROPERTY, "1").trim();
    try {
      double factor = Double.parseDouble(value);
      if (factor > 0 && Double.isFinite(factor)) {
        return factor;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(FACTOR_PROPERTY + "='" + value + "' is invalid; accepted: a positive number"
        + " (1 by default; larger on a slow or busy machine)");
  }

  /** {@code base} times the factor. */
  public static Duration of(Duration base) {
    return Duration.ofNanos((long) (base.toNanos() * factor()));
  }

  /**
   * Polls {@code condition} until it holds; after {@link #STEP} (scaled) fails with
   * {@code state}, which should say what was awaited and show what there is so far.
   */
  public static void await(Condition condition, Supplier<String> state) throws InterruptedException {
    await(condition, STEP, state);
  }

  /** As {@link #await(Condition, Supplier)}, with another base limit. */
  public static void await(Condition condition, Duration base, Supplier<String> state) throws InterruptedException {
    var limit = of(base);
    long deadline = System.nanoTime() + limit.toNanos();
    while (!check(condition)) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("still waiting after " + describe(limit) + " (" + FACTOR_PROPERTY + "="
            + factor() + "): " + state.get());
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  /**
   * A timeout a test hands to the code under test (a server-selection, connect or request timeout, a
   * failure timeout), as a duration property value: {@code base} scaled, in milliseconds, e.g.
   * {@code "2000ms"}. A busy machine makes first contacts slow too: a fixed one fails the test there.
   */
  public static String timeout(Duration base) {
    return of(base).toMillis() + "ms";
  }

  /** "10 min", "7.5 s": a limit as a failure message states it. */
  public static String describe(Duration limit) {
    long millis = limit.toMillis();
    return millis % 60_000 == 0 ? millis / 60_000 + " min" : millis / 1000.0 + " s";
  }

  private static boolean check(Condition condition) {
    try {
      return condition.holds();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting", e);
    } catch (Exception e) {
      throw new AssertionError("checking failed: " + e, e);
    }
  }
}
