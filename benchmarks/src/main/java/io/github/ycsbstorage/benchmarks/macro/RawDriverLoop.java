package io.github.ycsbstorage.benchmarks.macro;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import io.github.ycsbstorage.cli.Main;
import io.github.ycsbstorage.exit.ExitStatus;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * The baseline the {@code mongodb} binding is compared with: YCSB's workload A or C operations
 * written directly against mongodb-driver-sync, without YCSB or the binding in between. Same keys
 * ({@code "user" + hash(n)}, scrambled zipfian over the loaded records), same reads (whole
 * document by {@code _id}), same updates ({@code $set} of one of 10 fields, 100 random bytes), same
 * number of threads sharing one client, each doing its share of the operations.
 *
 * <p>Usage: {@code RawDriverLoop run <url> <readProportion> <recordCount> <operationCount> <threads>}
 * (the collection {@code usertable} of the URL's database must already hold the records), or
 * {@code RawDriverLoop load <url> <recordCount> <batchSize> <threads>} (YCSB's load: records of 10
 * fields of 100 bytes, {@code insertOne} or {@code insertMany(ordered=false)} per batch). Prints
 * {@code throughput(ops/sec)=<value>} and the number of failures.
 */
public final class RawDriverLoop {
  private static final int FIELD_COUNT = 10;
  private static final int FIELD_LENGTH = 100;
  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);

  private RawDriverLoop() {
  }

  public static void main(String[] args) throws Exception {
    boolean load = args.length == 5 && args[0].equals("load");
    if (!load && !(args.length == 6 && args[0].equals("run"))) {
      System.err.println("usage: RawDriverLoop run <url> <readProportion> <recordCount> <operationCount> <threads>\n"
          + "       RawDriverLoop load <url> <recordCount> <batchSize> <threads>");
      Main.exit(ExitStatus.BAD_INPUT.code());
    }
    var url = args[1];
    double readProportion = load ? 0 : Double.parseDouble(args[2]);
    long records = Long.parseLong(args[3 - (load ? 1 : 0)]);
    long operations = load ? records : Long.parseLong(args[4]);
    int batchSize = load ? Integer.parseInt(args[3]) : 1;
    int threads = Integer.parseInt(args[args.length - 1]);

    // Timed from before the client exists, as YCSB's [OVERALL] figure includes DB.init().
    // YCSB's Client writes the same line at the same point: scripts/bench/lib.sh starts its CPU count there.
    System.err.println("Starting test.");
    long start = System.nanoTime();
    var database = new ConnectionString(url).getDatabase();
    var client = Opened.client(url, database == null ? "ycsb" : database);
    try {
      var collection = client.database().getCollection("usertable");
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      var futures = new ArrayList<Future<Long>>();
      for (int t = 0; t < threads; t++) {
        // YCSB's Client splits the operations the same way.
        long share = operations / threads + (t < operations % threads ? 1 : 0);
        long first = t * (operations / threads) + Math.min(t, operations % threads);
        Callable<Long> worker = load
            ? () -> load(collection, first, share, batchSize)
            : () -> run(collection, readProportion, records, share);
        futures.add(pool.submit(worker));
      }
      long failures = 0;
      for (var future : futures) {
        failures += future.get();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      pool.shutdown();
      System.out.printf("throughput(ops/sec)=%.1f%n", operations / seconds);
      System.out.println("failures=" + failures);
      System.out.println("api=" + client.api());
    } finally {
      client.close().run();
    }
  }

  /**
   * The database through driver 3.x's legacy {@code com.mongodb.MongoClient}, as YCSB 0.17.0's
   * binding opens it, when the driver on the classpath has that class; otherwise through
   * {@code MongoClients} (driver-sync 4.x and 5.x). The operations are the same calls on
   * {@code MongoCollection} either way, so this one source compiles and runs against both generations.
   */
  private record Opened(MongoDatabase database, Runnable close, String api) {
    static Opened client(String url, String database) throws ReflectiveOperationException {
      Class<?> legacy;
      try {
        legacy = Class.forName("com.mongodb.MongoClient");
      } catch (ClassNotFoundException e) {
        var client = MongoClients.create(url);
        return new Opened(client.getDatabase(database), client::close, "MongoClients.create");
      }
      var uri = Class.forName("com.mongodb.MongoClientURI").getConstructor(String.class).newInstance(url);
      var client = legacy.getConstructor(uri.getClass()).newInstance(uri);
      var opened = (MongoDatabase) legacy.getMethod("getDatabase", String.class).invoke(client, database);
      var close = legacy.getMethod("close");
      return new Opened(opened, () -> {
        try {
          close.invoke(client);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }, "legacy com.mongodb.MongoClient");
    }
  }

  /** One thread's share of the load: records {@code first..first+count-1}; returns 0 (failures throw). */
  private static long load(MongoCollection<Document> collection, long first, long count, int batchSize) {
    var random = ThreadLocalRandom.current();
    var batch = new ArrayList<Document>(batchSize);
    for (long n = first; n < first + count; n++) {
      var document = new Document("_id", "user" + Utils.hash(n));
      for (int f = 0; f < FIELD_COUNT; f++) {
        var value = new byte[FIELD_LENGTH];
        random.nextBytes(value);
        document.append("field" + f, new Binary(value));
      }
      if (batchSize == 1) {
        collection.insertOne(document);
        continue;
      }
      batch.add(document);
      if (batch.size() == batchSize) {
        collection.insertMany(batch, UNORDERED);
        batch.clear();
      }
    }
    if (!batch.isEmpty()) {
      collection.insertMany(batch, UNORDERED);
    }
    return 0;
  }

  /** One thread's share; returns how many operations failed to find their document. */
  private static long run(MongoCollection<Document> collection, double readProportion, long records, long count) {
    var keys = new ScrambledZipfianGenerator(0, records - 1);
    var random = ThreadLocalRandom.current();
    long failures = 0;
    for (long i = 0; i < count; i++) {
      var id = new Document("_id", "user" + Utils.hash(keys.nextValue()));
      if (random.nextDouble() < readProportion) {
        if (collection.find(id).first() == null) {
          failures++;
        }
      } else {
        var value = new byte[FIELD_LENGTH];
        random.nextBytes(value);
        var set = new Document("$set", new Document("field" + random.nextInt(FIELD_COUNT), new Binary(value)));
        if (collection.updateOne(id, set).getMatchedCount() == 0) {
          failures++;
        }
      }
    }
    return failures;
  }
}
