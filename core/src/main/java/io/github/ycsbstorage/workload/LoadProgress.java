package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Prints load progress to stderr: records done, %, records/s, MB/s and ETA — one line per interval,
 * or one line rewritten in place on a terminal. Counting ({@link #recordInserted}) is thread-safe and
 * cheap; the printing runs on its own daemon thread.
 */
final class LoadProgress {
  private final long total;
  private final long recordBytes;
  private final Duration interval;
  private final boolean inPlace;
  private final PrintStream out;
  private final LongSupplier clock;
  private final LongAdder done = new LongAdder();
  private final long startNanos;
  private Thread thread;

  LoadProgress(long total, long recordBytes, Duration interval, boolean inPlace, PrintStream out,
               LongSupplier nanoClock) {
    if (total < 0 || recordBytes < 0 || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("invalid progress: " + total + " records, " + interval);
    }
    this.total = total;
    this.recordBytes = recordBytes;
    this.interval = interval;
    this.inPlace = inPlace;
    this.out = out;
    this.clock = nanoClock;
    this.startNanos = nanoClock.getAsLong();
  }

  void recordInserted() {
    done.increment();
  }

  /** One progress line for the records done so far. */
  String line() {
    long records = done.sum();
    double seconds = Math.max(1e-9, (clock.getAsLong() - startNanos) / 1e9);
    double rate = records / seconds;
    double percent = total == 0 ? 100 : 100.0 * records / total;
    String eta = rate <= 0 ? "unknown" : format(Duration.ofSeconds(Math.round((total - records) / rate)));
    return String.format(Locale.ROOT, "load %,d of %,d records (%.1f %%), %,.0f records/s, %.1f MB/s, ETA %s",
        records, total, percent, rate, rate * recordBytes / 1e6, eta);
  }

  static String format(Duration duration) {
    long seconds = Math.max(0, duration.toSeconds());
    if (seconds < 60) {
      return seconds + " s";
    }
    if (seconds < 3600) {
      return seconds / 60 + " min " + seconds % 60 + " s";
    }
    return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
  }

  void start() {
    thread = new Thread(() -> {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          Thread.sleep(interval.toMillis());
          print();
        }
      } catch (InterruptedException e) {
        // stopped
      }
    }, "ycsb-storage-load-progress");
    thread.setDaemon(true);
    thread.start();
  }

  void stop() throws InterruptedException {
    if (thread != null) {
      thread.interrupt();
      thread.join();
      print();
      if (inPlace) {
        out.println();
      }
    }
  }

  private void print() {
    if (inPlace) {
      out.print("\r" + line());
      out.flush();
    } else {
      out.println(line());
    }
  }

  @Override
  public String toString() {
    return "load progress of " + total + " records × " + ByteSize.ofBytes(recordBytes);
  }
}
