package io.github.ycsbstorage.binding;

import io.github.ycsbstorage.config.SecretMasker;
import java.io.PrintStream;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Reports failed operations without flooding stderr: at most one line per interval for each kind of
 * failure (the operation and the exception's class), naming the latest cause and how many failures
 * of that kind were suppressed since its previous line. Kinds are limited separately so that one
 * kind that fails all the time (scans timing out) cannot hide another (inserts lost). A line stays
 * short whatever the driver puts in its message (a bulk write error lists every failed record): the
 * message is cut after {@value #MAX_MESSAGE} characters, saying how much was cut. Messages pass
 * through {@link SecretMasker}. Thread-safe and lock-free on the suppressed path.
 */
public final class RateLimitedWarning {
  /** Characters of a cause's message shown on one line. */
  public static final int MAX_MESSAGE = 300;

  private final String source;
  private final long intervalNanos;
  private final PrintStream out;
  private final LongSupplier clock;
  private final ConcurrentMap<String, Limit> limits = new ConcurrentHashMap<>();
  private final AtomicLong total = new AtomicLong();

  /** One kind's interval and suppressed count. */
  private static final class Limit {
    final AtomicLong nextAllowedNanos;
    final AtomicLong suppressed = new AtomicLong();

    Limit(long now) {
      nextAllowedNanos = new AtomicLong(now);
    }
  }

  /**
   * @param source         prefix naming the binding, e.g. {@code mongodb}
   * @param intervalMillis at most one line per kind of failure per this many milliseconds
   */
  public RateLimitedWarning(String source, long intervalMillis) {
    this(source, intervalMillis, System.err, System::nanoTime);
  }

  RateLimitedWarning(String source, long intervalMillis, PrintStream out, LongSupplier clock) {
    if (intervalMillis <= 0) {
      throw new IllegalArgumentException("intervalMillis must be positive: " + intervalMillis);
    }
    this.source = source;
    this.intervalNanos = intervalMillis * 1_000_000L;
    this.out = out;
    this.clock = clock;
  }

  /** Counts one failure of {@code operation} and prints a line if its kind's interval has passed. */
  public void warn(String operation, Throwable cause) {
    warn(operation, cause, cause.getMessage());
  }

  /**
   * The same, showing {@code message} instead of the cause's own, e.g. the counts of a failed batch
   * and its first error rather than a message that lists every error.
   */
  public void warn(String operation, Throwable cause, String message) {
    total.incrementAndGet();
    long now = clock.getAsLong();
    var limit = limits.computeIfAbsent(operation + '\0' + cause.getClass().getName(), k -> new Limit(now));
    long next = limit.nextAllowedNanos.get();
    if (now - next < 0 || !limit.nextAllowedNanos.compareAndSet(next, now + intervalNanos)) {
      limit.suppressed.incrementAndGet();
      return;
    }
    long hidden = limit.suppressed.getAndSet(0);
    // Masked before it is cut, so that a cut cannot leave half a password unrecognised.
    var text = cut(SecretMasker.maskText(String.valueOf(message)));
    out.println("[" + source + "] " + operation + " failed: " + cause.getClass().getSimpleName() + ": " + text
        + (hidden > 0 ? " (" + hidden + " similar failures not shown)" : ""));
  }

  /** {@code message} on one line and at most {@value #MAX_MESSAGE} characters, saying what was cut. */
  static String cut(String message) {
    var line = message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    if (line.length() <= MAX_MESSAGE) {
      return line;
    }
    return line.substring(0, MAX_MESSAGE) + "... (" + (line.length() - MAX_MESSAGE) + " more characters)";
  }

  /** Failures counted so far. */
  public long total() {
    return total.get();
  }
}
