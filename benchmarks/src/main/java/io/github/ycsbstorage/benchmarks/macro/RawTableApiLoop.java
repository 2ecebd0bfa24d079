package io.github.ycsbstorage.benchmarks.macro;

import io.github.ycsbstorage.cli.Main;
import io.github.ycsbstorage.exit.ExitStatus;
import java.util.ArrayList;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import oracle.kv.KVStoreConfig;
import oracle.kv.KVStoreFactory;
import oracle.kv.table.Row;
import oracle.kv.table.Table;
import oracle.kv.table.TableAPI;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * The yardstick for the oraclenosql binding: YCSB's workload A or C written directly against
 * kvclient's Table API, with nothing else in the loop (no YCSB, no measurements). It reads the table
 * the binding loaded ({@code ycsb_key} plus {@code field0..9} STRING columns), picks keys the way
 * YCSB's CoreWorkload does (scrambled zipfian over the record numbers, FNV-hashed into
 * {@code user<hash>}), reads whole rows, and updates one field atomically as the binding must: read
 * the row, change the field, {@code putIfVersion}. Like YCSB's {@code [OVERALL]} figure, the time
 * includes opening and closing the store.
 *
 * <p>Usage: {@code java -cp benchmarks.jar:$KVHOME/lib/kvclient.jar
 * io.github.ycsbstorage.benchmarks.macro.RawTableApiLoop <helperHost> <table> <records> <operations>
 * <threads> <readProportion>}; prints the throughput in ops/s on the last line.
 */
public final class RawTableApiLoop {
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;

  private RawTableApiLoop() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 6) {
      System.err.println("usage: RawTableApiLoop <helperHost> <table> <records> <operations> <threads> <readProportion>");
      Main.exit(ExitStatus.BAD_INPUT.code());
    }
    var helperHost = args[0];
    var tableName = args[1];
    long records = Long.parseLong(args[2]);
    long operations = Long.parseLong(args[3]);
    int threads = Integer.parseInt(args[4]);
    double readProportion = Double.parseDouble(args[5]);

    // YCSB's Client writes the same line at the same point: scripts/bench/lib.sh starts its CPU count there.
    System.err.println("Starting test.");
    long start = System.nanoTime();
    var store = KVStoreFactory.getStore(new KVStoreConfig("kvstore", helperHost));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      var tables = store.getTableAPI();
      var table = tables.getTable(tableName);
      if (table == null) {
        throw new IllegalStateException("table " + tableName + " does not exist: load it with bin/ycsb first");
      }
      var work = new ArrayList<Future<Long>>();
      for (int t = 0; t < threads; t++) {
        long share = operations / threads + (t < operations % threads ? 1 : 0);
        Callable<Long> worker = () -> run(tables, table, records, share, readProportion);
        work.add(pool.submit(worker));
      }
      long failed = 0;
      for (var future : work) {
        failed += future.get();
      }
      if (failed > 0) {
        throw new IllegalStateException(failed + " operations found no row or lost every update attempt");
      }
    } finally {
      pool.shutdown();
      store.close();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("operations %d, threads %d, seconds %.3f%n", operations, threads, seconds);
    System.out.printf("%.1f%n", operations / seconds);
  }

  /** One thread's share of the operations; returns how many failed. */
  private static long run(TableAPI tables, Table table, long records, long operations, double readProportion) {
    var keys = new ScrambledZipfianGenerator(0, records - 1);
    var random = ThreadLocalRandom.current();
    long failed = 0;
    for (long i = 0; i < operations; i++) {
      var key = table.createPrimaryKey();
      key.put("ycsb_key", "user" + Utils.fnvhash64(keys.nextValue()));
      Row row = tables.get(key, null);
      if (row == null) {
        failed++;
        continue;
      }
      if (random.nextDouble() >= readProportion && !update(tables, row, random)) {
        failed++;
      }
    }
    return failed;
  }

  private static boolean update(TableAPI tables, Row row, Random random) {
    for (int attempt = 0; attempt < 16; attempt++) {
      row.put("field" + random.nextInt(FIELDS), randomText(random));
      if (tables.putIfVersion(row, row.getVersion(), null, null) != null) {
        return true;
      }
      row = tables.get(row.createPrimaryKey(), null);
      if (row == null) {
        return false;
      }
    }
    return false;
  }

  private static String randomText(Random random) {
    var text = new char[FIELD_LENGTH];
    for (int i = 0; i < text.length; i++) {
      text[i] = (char) (' ' + random.nextInt(95));
    }
    return new String(text);
  }
}
