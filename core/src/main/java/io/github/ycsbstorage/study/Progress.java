package io.github.ycsbstorage.study;

import java.io.PrintStream;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.Status;
import java.time.Duration;
import java.util.Locale;

/**
 * Prints "cell i of n" with an ETA from the mean duration of the cells run so far in this session
 * (skipped cells do not count). Not thread-safe.
 */
final class Progress {
  private final PrintStream out;
  private final int total;
  private long ranNanos;
  private int ran;

  Progress(PrintStream out, int total) {
    this.out = out;
    this.total = total;
  }

  void starting(Cell cell, int remainingIncludingThis) {
    var eta = ran == 0 ? "ETA unknown until the first cell finishes"
        : "ETA " + format(Duration.ofNanos(ranNanos / ran * remainingIncludingThis));
    out.printf("study: cell %d of %d: %s (%s)%n", cell.index(), total, cell.id(), eta);
  }

  void skipped(Cell cell) {
    out.printf("study: cell %d of %d: %s already complete, skipped (--force redoes it)%n", cell.index(), total,
        cell.id());
  }

  void notRun(Cell cell, String reason) {
    out.printf("study: cell %d of %d: %s skipped: %s%n", cell.index(), total, cell.id(), reason);
  }

  void finished(Cell cell, long nanos, Result result) {
    ranNanos += nanos;
    ran++;
    var status = result.status() == Status.COMPLETE ? "" : " (" + result.status() + ")";
    out.printf(Locale.ROOT, "study: cell %d of %d: %s done in %s, %s%s%n", cell.index(), total, cell.id(),
        format(Duration.ofNanos(nanos)), result.summary().throughputText("%.1f ops/s", "throughput unknown"),
        status);
  }

  static String format(Duration duration) {
    var seconds = duration.toSeconds();
    if (seconds < 60) {
      return String.format(Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
    }
    return seconds >= 3600 ? String.format("%dh%02dm", seconds / 3600, seconds % 3600 / 60)
        : String.format("%dm%02ds", seconds / 60, seconds % 60);
  }
}
