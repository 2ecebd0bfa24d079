package io.github.ycsbstorage.result;

import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;

/**
 * Whether a phase kept up with its target rate (YCSB's {@code -target}). A client that falls behind
 * its schedule measures a different load than was asked for: its latencies are not comparable with
 * those of a phase that kept up. Stateless.
 */
public final class TargetRate {
  /** Achieved throughput more than this share below the target is a miss. */
  public static final double TOLERANCE = 0.05;

  private TargetRate() {
  }

  /**
   * The warning when {@code achieved} is more than {@value #TOLERANCE} below {@code target}; empty when
   * no target was set ({@code target <= 0}), the throughput is unknown, or it kept up.
   */
  public static Optional<String> missed(double target, OptionalDouble achieved) {
    if (target <= 0 || achieved.isEmpty() || achieved.getAsDouble() >= target * (1 - TOLERANCE)) {
      return Optional.empty();
    }
    double below = (1 - achieved.getAsDouble() / target) * 100;
    return Optional.of(String.format(Locale.ROOT, "the target rate was missed: achieved %.1f ops/s, %.1f %% below "
        + "the target of %.1f ops/s; the client could not keep up, so these latencies are not comparable with a "
        + "run that did (the intended-time latencies include the wait); use more threads or clients, or a lower "
        + "target", achieved.getAsDouble(), below, target));
  }

  /** The same for a phase whose target is YCSB's {@code target} property ({@code -target}). */
  public static Optional<String> missed(Properties properties, Summary summary) {
    return missed(YcsbSettings.from(properties).target(), summary.throughputOpsPerSec());
  }
}
