package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.Precondition;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import site.ycsb.DB;
import site.ycsb.WorkloadException;

/**
 * A load's preconditioning ({@code storage.precondition=dataset}): after the inserts, unmeasured
 * overwrites of uniformly chosen records of the load's key range on {@code threadcount} threads
 * ({@link UnmeasuredThreads}), in rounds until at least one dataset's worth was written and the write
 * rate is steady ({@link SteadyStateCriterion}), or the bound on rounds. A freshly loaded device or
 * engine (an SSD's empty flash, an LSM tree without compaction debt) writes faster than it will once
 * full; this brings it to its steady state before any measured run. Stateless.
 */
final class Preconditioning {
  static final String METRIC = "write rate";

  private Preconditioning() {
  }

  /**
   * Runs the preconditioning and prints what it did.
   *
   * @param first       the key range's first record number
   * @param records     records in the key range
   * @param overwrite   overwrites one record, by its number
   * @param written     the engine's cumulative bytes written to its files, if it counts them
   * @param stopRequested ends the rounds early
   */
  static Precondition run(StorageSettings.Precondition settings, Properties p, long first, long records,
      Overwrite overwrite, Supplier<OptionalLong> written, BooleanSupplier stopRequested)
      throws InterruptedException, ExecutionException {
    System.err.printf(Locale.ROOT, "Preconditioning: %s (%,d records), not measured%n", settings, records);
    var started = System.nanoTime();
    var before = written.get();
    try (var threads = UnmeasuredThreads.start(p, UnmeasuredThreads.threads(p), 0, UnaryOperator.identity(), (id, count) -> null,
        (db, state) -> overwrite.record(db, first + ThreadLocalRandom.current().nextLong(records)))) {
      var steady = threads.rounds(settings.rounds(), records, METRIC, written, stopRequested);
      threads.finish();
      var after = written.get();
      var bytes = before.isPresent() && after.isPresent()
          ? OptionalLong.of(after.getAsLong() - before.getAsLong()) : OptionalLong.empty();
      var elapsed = Duration.ofNanos(System.nanoTime() - started);
      var result = new Precondition(settings.toString(), elapsed.toMillis() / 1000.0, records, threads.completed(),
          threads.failed(), bytes, steady, Optional.empty());
      System.err.println("Preconditioning: " + result.summary() + " in " + LoadProgress.format(elapsed));
      return result;
    }
  }

  /** Overwrites one record with new values. */
  interface Overwrite {
    boolean record(DB db, long number) throws WorkloadException;
  }
}
