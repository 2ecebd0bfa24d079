package io.github.ycsbstorage.binding;

import io.github.ycsbstorage.config.SecretMasker;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Reports failed operations without flooding stderr: at most one line per interval, naming the
 * latest cause and how many failures were suppressed since the previous line. A benchmark whose
 * server died must still print a readable log, not a stack trace per operation. Messages pass
 * through {@link SecretMasker}. Thread-safe and lock-free on the suppressed path.
 */
public final class RateLimitedWarning {
  private final String source;
  private final long intervalNanos;
  private final PrintStream out;
  private final LongSupplier clock;
  private final AtomicLong nextAllowedNanos;
  private final AtomicLong suppressed = new AtomicLong();
  private final AtomicLong total = new AtomicLong();

  /**
   * @param source         prefix naming the binding, e.g. {@code mongodb}
   * @param intervalMillis at most one line per this many milliseconds
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
    this.nextAllowedNanos = new AtomicLong(clock.getAsLong());
  }

  /** Counts one failure of {@code operation} and prints a line if the interval has passed. */
  public void warn(String operation, Throwable cause) {
    total.incrementAndGet();
    long now = clock.getAsLong();
    long next = nextAllowedNanos.get();
    if (now - next < 0 || !nextAllowedNanos.compareAndSet(next, now + intervalNanos)) {
      suppressed.incrementAndGet();
      return;
    }
    long hidden = suppressed.getAndSet(0);
    var message = cause.getClass().getSimpleName() + ": " + cause.getMessage();
    out.println("[" + source + "] " + operation + " failed: " + SecretMasker.maskText(message)
        + (hidden > 0 ? " (" + hidden + " similar failures not shown)" : ""));
  }

  /** Failures counted so far. */
  public long total() {
    return total.get();
  }
}
