package io.github.ycsbstorage.benchmarks.macro;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.github.ycsbstorage.cli.Main;
import io.github.ycsbstorage.exit.ExitStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * The yardstick for the rocksdb binding: YCSB's workload A or C written directly against rocksdbjni,
 * with nothing else in the loop (no YCSB, no field mapping). It opens the store the binding loaded
 * with the binding's options ({@link RawRocksDbStore}), picks keys as YCSB's CoreWorkload does
 * (scrambled zipfian, FNV-hashed into {@code user<hash>}), reads a record's value, and updates one field
 * as the binding must: read the value, overwrite that field's bytes in a copy, put it. Prints the
 * measured loop's throughput and its client CPU per operation from {@code /proc/self/stat} (user +
 * system, the loop only). For {@code scripts/bench/lib.sh}'s {@code bench_timed} it writes YCSB's
 * "Starting test." line before it opens the store and a YCSB-style status line ("N sec: M operations;")
 * each second on stderr, so that the steady-state CPU per operation is taken the same way as YCSB's.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.github.ycsbstorage.benchmarks.macro.RawRocksDbLoop <dir>
 * <records> <operations> <threads> <readProportion> <cacheBytes>}; prints "cpu.us/op X" and, last, the
 * throughput in ops/s.
 */
public final class RawRocksDbLoop {
  private static final int FIELD_LENGTH = 100;

  private RawRocksDbLoop() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 6) {
      System.err.println("usage: RawRocksDbLoop <dir> <records> <operations> <threads> <readProportion> <cacheBytes>");
      Main.exit(ExitStatus.BAD_INPUT.code());
    }
    var dir = Path.of(args[0]);
    long records = Long.parseLong(args[1]);
    long operations = Long.parseLong(args[2]);
    int threads = Integer.parseInt(args[3]);
    double readProportion = Double.parseDouble(args[4]);
    long cacheBytes = Long.parseLong(args[5]);
    // The line bench_timed (scripts/bench/lib.sh) starts the phase's CPU at, where YCSB's Client writes it.
    System.err.println("Starting test.");
    try (var store = RawRocksDbStore.open(dir, cacheBytes)) {
      var done = new AtomicLongArray(threads);
      long cpuStart = processCpuTicks();
      long start = System.nanoTime();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      var status = Executors.newSingleThreadScheduledExecutor();
      status.scheduleAtFixedRate(() -> System.err.printf("%s %d sec: %d operations;%n", RawRocksDbLoop.class.getSimpleName(),
          Math.round((System.nanoTime() - start) / 1e9), total(done)), 1, 1, TimeUnit.SECONDS);
      long failed = 0;
      try {
        var work = new ArrayList<Future<Long>>();
        for (int t = 0; t < threads; t++) {
          long share = operations / threads + (t < operations % threads ? 1 : 0);
          int slot = t;
          Callable<Long> worker = () -> run(store, records, share, readProportion, done, slot);
          work.add(pool.submit(worker));
        }
        for (var future : work) {
          failed += future.get();
        }
      } finally {
        status.shutdownNow();
        pool.shutdown();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      long cpuTicks = processCpuTicks() - cpuStart;
      if (failed > 0) {
        throw new IllegalStateException(failed + " operations found no record");
      }
      System.out.printf("operations %d, threads %d, seconds %.3f%n", operations, threads, seconds);
      System.out.printf("cpu.us/op %.1f%n", cpuTicks * 1e6 / clockTicksPerSecond() / operations);
      System.out.printf("%.1f%n", operations / seconds);
    }
  }

  private static long total(AtomicLongArray done) {
    long sum = 0;
    for (int i = 0; i < done.length(); i++) {
      sum += done.get(i);
    }
    return sum;
  }

  /** One thread's share of the operations; returns how many found no record. */
  private static long run(RawRocksDbStore store, long records, long operations, double readProportion,
                          AtomicLongArray done, int slot) throws Exception {
    var db = store.db();
    var table = store.table();
    var keys = new ScrambledZipfianGenerator(0, records - 1);
    var random = ThreadLocalRandom.current();
    var value = new byte[FIELD_LENGTH];
    long failed = 0;
    for (long i = 0; i < operations; i++) {
      var key = ("user" + Utils.fnvhash64(keys.nextValue())).getBytes(UTF_8);
      var stored = db.get(table, key);
      if (stored == null) {
        failed++;
        done.lazySet(slot, i + 1);
        continue;
      }
      if (random.nextDouble() >= readProportion) {
        // A new value for one field: the last one's bytes end the stored record in the binding's layout.
        random.nextBytes(value);
        var updated = stored.clone();
        int length = Math.min(FIELD_LENGTH, updated.length);
        System.arraycopy(value, 0, updated, updated.length - length, length);
        db.put(table, key, updated);
      }
      done.lazySet(slot, i + 1);
    }
    return failed;
  }

  /** utime + stime of this process, in clock ticks ({@code /proc/self/stat} fields 14 and 15). */
  private static long processCpuTicks() throws Exception {
    var stat = Files.readString(Path.of("/proc/self/stat"));
    var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  private static long clockTicksPerSecond() throws Exception {
    var process = new ProcessBuilder("getconf", "CLK_TCK").start();
    return Long.parseLong(new String(process.getInputStream().readAllBytes(), UTF_8).trim());
  }
}
