package io.github.ycsbstorage.binding;

import io.github.ycsbstorage.config.SecretMasker;
import java.io.PrintStream;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Reports failed operations without flooding stderr: at most one line per interval for each kind of
 * failure (the operation and the exception's class), naming the latest cause and how many failures of
 * that kind were suppressed since its previous line. Kinds are limited separately so that a flood of
 * one (say, failed scans) cannot hide another (failed inserts). A line stays short: the cause's
 * message is folded onto one line and cut after {@value #MESSAGE_LIMIT} characters (a driver's
 * message can carry a whole batch). Messages pass through {@link SecretMasker}. Thread-safe and
 * lock-free on the suppressed path.
 */
public final class RateLimitedWarning {
  /** Characters of a cause's message that a line shows. */
  public static final int MESSAGE_LIMIT = 200;
  /** Kinds tracked separately; further kinds share one limit, so that the map stays small. */
  static final int MAX_KINDS = 64;
  private static final String OTHER_KINDS = "(other kinds)";

  private final String source;
  private final long intervalNanos;
  private final PrintStream out;
  private final LongSupplier clock;
  private final ConcurrentHashMap<String, Kind> kinds = new ConcurrentHashMap<>();
  private final AtomicLong total = new AtomicLong();

  /** One kind's limit: when it may print next, and what it held back since. */
  private static final class Kind {
    final AtomicLong nextAllowedNanos;
    final AtomicLong suppressed = new AtomicLong();

    Kind(long now) {
      nextAllowedNanos = new AtomicLong(now);
    }
  }

  /**
   * @param source         prefix naming the binding, e.g. {@code mongodb}
   * @param intervalMillis at most one line per kind per this many milliseconds
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
    warn(operation, "", cause);
  }

  /**
   * Counts one failure of {@code operation} and prints a line if its kind's interval has passed.
   *
   * @param detail what the line adds about this failure, e.g. counts of lost records; not part of the
   *               kind, so that varying counts are still limited together
   */
  public void warn(String operation, String detail, Throwable cause) {
    total.incrementAndGet();
    long now = clock.getAsLong();
    var kind = kind(operation + " " + cause.getClass().getName(), now);
    long next = kind.nextAllowedNanos.get();
    if (now - next < 0 || !kind.nextAllowedNanos.compareAndSet(next, now + intervalNanos)) {
      kind.suppressed.incrementAndGet();
      return;
    }
    long hidden = kind.suppressed.getAndSet(0);
    out.println(source + ": " + operation + " failed" + (detail.isEmpty() ? "" : " (" + detail + ")") + ": "
        + shorten(SecretMasker.maskText(cause.getClass().getSimpleName() + ": " + cause.getMessage()))
        + (hidden > 0 ? " (" + hidden + " similar failures not shown)" : ""));
  }

  /** Failures counted so far, of every kind. */
  public long total() {
    return total.get();
  }

  private Kind kind(String key, long now) {
    var existing = kinds.get(key);
    if (existing != null) {
      return existing;
    }
    return kinds.computeIfAbsent(kinds.size() < MAX_KINDS ? key : OTHER_KINDS, k -> new Kind(now));
  }

  /** The text on one line, cut after {@link #MESSAGE_LIMIT} characters with the length it had. */
  public static String shorten(String text) {
    var line = text.replaceAll("\\s+", " ").trim();
    return line.length() <= MESSAGE_LIMIT ? line
        : line.substring(0, MESSAGE_LIMIT) + "… (" + line.length() + " characters)";
  }
}
