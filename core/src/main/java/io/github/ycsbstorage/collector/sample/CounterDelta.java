package io.github.ycsbstorage.collector.sample;

/**
 * Differences of monotonic kernel counters. A counter that went down either wrapped (32-bit fields
 * on some kernels and architectures: corrected by adding 2^32) or was reset (the device vanished
 * and came back, or the counter was larger than 32 bits): the interval is then unusable and
 * reported as a gap. Stateless.
 */
public final class CounterDelta {
  static final long WRAP = 1L << 32;

  private CounterDelta() {
  }

  /** {@code current - previous} corrected for a 32-bit wrap, or {@code -1} for a reset. */
  public static long of(long previous, long current) {
    if (current >= previous) {
      return current - previous;
    }
    if (previous < WRAP && current < WRAP) {
      return current + WRAP - previous;
    }
    return -1;
  }

  /**
   * Element-wise deltas of the first {@code count} counters, except {@code gaugeIndex} (taken from
   * {@code current} as is; -1 for none); null when any counter was reset.
   */
  public static long[] of(long[] previous, long[] current, int count, int gaugeIndex) {
    var delta = new long[count];
    for (int i = 0; i < count; i++) {
      if (i == gaugeIndex) {
        delta[i] = current[i];
        continue;
      }
      delta[i] = of(previous[i], current[i]);
      if (delta[i] < 0) {
        return null;
      }
    }
    return delta;
  }
}
