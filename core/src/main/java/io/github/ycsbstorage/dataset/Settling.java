package io.github.ycsbstorage.dataset;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.function.LongSupplier;

/**
 * Waits until a size stops changing: polls it every {@link #POLL} and accepts it once it has moved by
 * no more than {@link #tolerance(long)} over the last {@link #quiet} period, or takes the last reading
 * when {@link #LIMIT} has passed and says it was still changing. A server writes its data files
 * after it acknowledged the writes (an MVStore commits every second, a checkpoint follows later), so
 * a size read right after the last insert misses part of the dataset. Not thread-safe.
 */
final class Settling {
  static final Duration POLL = Duration.ofMillis(250);
  /** How long the size must hold when the server was not asked to flush (or could not be). */
  static final Duration QUIET = Duration.ofSeconds(2);
  /** How long it must hold after the server confirmed a flush: only stragglers remain. */
  static final Duration QUIET_AFTER_FLUSH = Duration.ofMillis(500);
  static final Duration LIMIT = Duration.ofSeconds(60);

  /** One size reading. */
  @FunctionalInterface
  interface Size {
    long read() throws IOException;
  }

  /** Pauses between readings. */
  @FunctionalInterface
  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  /**
   * @param bytes    the last reading
   * @param stable   whether it held for the quiet period (false: still changing at the limit)
   * @param waited   from the first reading to the last
   * @param readings how many readings were taken
   */
  record Settled(long bytes, boolean stable, Duration waited, int readings) {
  }

  private final Duration quiet;
  private final LongSupplier nanos;
  private final Sleeper sleeper;

  /** The real pause. */
  static void sleep(Duration duration) throws InterruptedException {
    Thread.sleep(duration.toMillis());
  }

  Settling(Duration quiet, LongSupplier nanos, Sleeper sleeper) {
    this.quiet = quiet;
    this.nanos = nanos;
    this.sleeper = sleeper;
  }

  /** Changes up to 0.1 % of the size, at least 64 KiB, are noise (a log line, a metrics file). */
  static long tolerance(long bytes) {
    return Math.max(64 * 1024, bytes / 1000);
  }

  Settled await(Size size) throws IOException, InterruptedException {
    long start = nanos.getAsLong();
    // readings of the last quiet period: {time, bytes}
    var window = new ArrayDeque<long[]>();
    int readings = 0;
    while (true) {
      long now = nanos.getAsLong();
      long bytes = size.read();
      readings++;
      window.addLast(new long[] {now, bytes});
      while (window.size() > 1 && now - window.peekFirst()[0] > quiet.toNanos()
          && now - secondOf(window)[0] >= quiet.toNanos()) {
        window.removeFirst();
      }
      long min = window.stream().mapToLong(r -> r[1]).min().orElseThrow();
      long max = window.stream().mapToLong(r -> r[1]).max().orElseThrow();
      boolean heldLongEnough = now - window.peekFirst()[0] >= quiet.toNanos();
      if (heldLongEnough && max - min <= tolerance(bytes)) {
        return new Settled(bytes, true, Duration.ofNanos(now - start), readings);
      }
      if (now - start >= LIMIT.toNanos()) {
        return new Settled(bytes, false, Duration.ofNanos(now - start), readings);
      }
      sleeper.sleep(POLL);
    }
  }

  private static long[] secondOf(ArrayDeque<long[]> window) {
    var iterator = window.iterator();
    iterator.next();
    return iterator.next();
  }
}
