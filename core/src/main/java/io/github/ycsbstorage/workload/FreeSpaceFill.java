package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.result.Precondition;
import io.github.ycsbstorage.result.SteadyState;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * A load's free-space preconditioning ({@code storage.precondition=freespace}): before the inserts, one
 * file of this tool's own, with a name no other file has, written in the data folder over the file
 * system's free space less a reserve, synced to the device every {@value #SYNC_BYTES} bytes so that the
 * device, not the page cache, takes it; then deleted on every path (and by a shutdown hook, should the
 * JVM end meanwhile). A flash device whose every free block was written once meets the load as a used
 * device does: its write rate in the rounds shows it settle. Touches no other file. Stateless.
 */
final class FreeSpaceFill {
  static final String METRIC = "write rate";
  /** One write: 1 MiB of random bytes (a compressing or deduplicating device must still store them). */
  static final int BLOCK = 1 << 20;
  /** How much is written between syncs: bounds the dirty pages the kernel holds back from the device. */
  static final long SYNC_BYTES = 64L << 20;
  /** The default reserve: this share of the file system, and at least {@link #MIN_DEFAULT_RESERVE}. */
  static final double DEFAULT_RESERVE_SHARE = 0.05;
  static final long MIN_DEFAULT_RESERVE = 1L << 30;

  private FreeSpaceFill() {
  }

  /** The free space to leave unwritten: as asked, else 5 % of the file system and at least 1 GiB. */
  static long reserve(Optional<ByteSize> asked, FileStore store) throws IOException {
    return asked.isPresent() ? asked.get().bytes()
        : Math.max(MIN_DEFAULT_RESERVE, Math.round(store.getTotalSpace() * DEFAULT_RESERVE_SHARE));
  }

  /**
   * Writes and deletes the file; prints what it did.
   *
   * @param folder        the data folder: the file goes there
   * @param stopRequested ends the writing early (the record says how much was written)
   * @throws IOException when the folder has no more free space than the reserve, or a write fails: the
   *                     message says how much was written and whether the file could be deleted (it is
   *                     deleted all the same)
   */
  static Precondition run(StorageSettings.Precondition settings, Path folder, BooleanSupplier stopRequested)
      throws IOException {
    var store = Files.getFileStore(folder);
    long free = store.getUsableSpace();
    long reserve = reserve(settings.reserve(), store);
    long target = free - reserve;
    if (target <= 0) {
      throw new IOException(String.format(Locale.ROOT, "%s has %s free, no more than the reserve of %s: nothing"
          + " to write (a smaller %s leaves some)", folder, ByteSize.ofBytes(free), ByteSize.ofBytes(reserve),
          StorageSettings.PRECONDITION_RESERVE));
    }
    var file = folder.resolve(".ycsb-storage-precondition-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID()
        + ".fill");
    System.err.printf(Locale.ROOT, "Preconditioning: %s: %s into %s, not measured%n", settings, ByteSize.ofBytes(target),
        file);
    var cleanup = new Thread(() -> delete(file), "ycsb-storage precondition cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    long started = System.nanoTime();
    var rounds = new ArrayList<SteadyState.Round>();
    long written = 0;
    long writes = 0;
    int full = 0;
    Optional<IOException> failed = Optional.empty();
    boolean deleted;
    try (var channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      var block = new byte[BLOCK];
      ThreadLocalRandom.current().nextBytes(block);
      var buffer = ByteBuffer.wrap(block);
      long roundNanos = settings.rounds().round().toNanos();
      long roundStart = System.nanoTime();
      long roundBytes = 0;
      long unsynced = 0;
      while (written < target && !stopRequested.getAsBoolean()) {
        buffer.clear().limit((int) Math.min(BLOCK, target - written));
        buffer.putLong(0, writes); // no two blocks alike
        while (buffer.hasRemaining()) {
          int n = channel.write(buffer);
          written += n;
          roundBytes += n;
          unsynced += n;
        }
        writes++;
        boolean last = written >= target || stopRequested.getAsBoolean();
        if (unsynced >= SYNC_BYTES || last) {
          channel.force(false);
          unsynced = 0;
        }
        long now = System.nanoTime();
        if (now - roundStart >= roundNanos || last) {
          full += now - roundStart >= roundNanos ? 1 : 0;
          rounds.add(new SteadyState.Round(rounds.size() + 1, roundBytes / (double) BLOCK * 1e9 / (now - roundStart),
              OptionalDouble.empty(), OptionalLong.empty()));
          roundStart = now;
          roundBytes = 0;
        }
      }
    } catch (IOException e) {
      failed = Optional.of(e);
    } finally {
      deleted = delete(file);
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook runs, and finds the file gone
      }
      if (!deleted) {
        System.err.println("Warning: could not delete " + file + ": remove it by hand");
      }
    }
    if (failed.isPresent()) {
      throw new IOException(String.format(Locale.ROOT, "writing %s failed after %s of %s: %s; the file was %s", file,
          ByteSize.ofBytes(written), ByteSize.ofBytes(target), failed.get().getMessage(),
          deleted ? "deleted" : "not deleted: remove it by hand"), failed.get());
    }
    var elapsed = Duration.ofNanos(System.nanoTime() - started);
    var result = new Precondition(settings.toString(), elapsed.toMillis() / 1000.0, 0, writes, 0, OptionalLong.empty(),
        verdict(rounds, full), Optional.of(new Precondition.FreeSpace(file.toString(), free, reserve, written,
            deleted)));
    System.err.println("Preconditioning: " + result.summary() + " in " + LoadProgress.format(elapsed));
    return result;
  }

  /**
   * The rounds judged as SNIA judges steady state, the {@code full} ones only (the last one lasts as
   * long as what was left to write took); the bound on rounds is how many it took.
   */
  private static SteadyState verdict(List<SteadyState.Round> rounds, int full) {
    OptionalInt start = SteadyStateCriterion.firstSteadyWindow(rounds.subList(0, full).stream()
        .map(SteadyState.Round::opsPerSec).toList());
    return new SteadyState(METRIC, SteadyStateCriterion.WINDOW, Math.max(SteadyStateCriterion.WINDOW, rounds.size()),
        rounds, start);
  }

  private static boolean delete(Path file) {
    try {
      Files.deleteIfExists(file);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
