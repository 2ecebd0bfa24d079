package io.github.ycsbstorage.workload;

import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.WorkloadException;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SequentialGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * 64-bit key numbers for a dataset beyond 2,147,483,647 records. YCSB 0.17.0's {@code CoreWorkload}
 * draws key numbers as longs but narrows them with {@code intValue()} in {@code doInsert} and in its
 * package-private {@code nextKeynum()}, and parses the run phase's default {@code insertcount} as an
 * int. Its {@code buildKeyName(long)} is the one overridable step every key passes through, so the
 * generators here hand the full key number to it through the calling thread: each {@code nextValue()}
 * leaves its 64-bit number for {@link #take}, and returns a number that survives CoreWorkload's
 * narrowing and bounds checks unchanged in meaning (0 for a request key: never beyond the inserted
 * keys, never negative). Keys are then built exactly as CoreWorkload builds them ({@code user} + the
 * hashed or ordered number, zero-padded). Thread-safe: the hand-over is per thread, the generators are
 * YCSB's own.
 */
final class WideKeys {
  /** Above this many records YCSB 0.17.0's int key numbers wrap. */
  static final long INT_LIMIT = Integer.MAX_VALUE;

  private final ThreadLocal<Long> handed = new ThreadLocal<>();

  /** Whether a dataset of {@code records} needs 64-bit key numbers of its own. */
  static boolean needed(long records) {
    return records > INT_LIMIT;
  }

  /** The key number a generator of this instance just drew on this thread, once; -1 when none. */
  long take() {
    var number = handed.get();
    if (number == null) {
      return -1;
    }
    handed.remove();
    return number;
  }

  /** The load's key sequence ({@code keysequence}): YCSB's counter, its numbers handed over whole. */
  NumberGenerator inserts(NumberGenerator sequence) {
    return new NumberGenerator() {
      @Override
      public Number nextValue() {
        long number = sequence.nextValue().longValue();
        handed.set(number);
        setLastValue(number);
        return number;
      }

      @Override
      public double mean() {
        return sequence.mean();
      }
    };
  }

  /**
   * The run's request keys ({@code keychooser}): draws from {@code chooser} as CoreWorkload's
   * {@code nextKeynum()} does (again while beyond the last inserted key; an exponential draw counts
   * back from it), in 64 bits, and hands the number over.
   */
  NumberGenerator requests(NumberGenerator chooser, AcknowledgedCounterGenerator inserted) {
    boolean exponential = chooser instanceof ExponentialGenerator;
    return new NumberGenerator() {
      @Override
      public Number nextValue() {
        long number;
        if (exponential) {
          do {
            number = inserted.lastValue() - chooser.nextValue().longValue();
          } while (number < 0);
        } else {
          do {
            number = chooser.nextValue().longValue();
          } while (number > inserted.lastValue());
        }
        handed.set(number);
        setLastValue(number);
        // CoreWorkload narrows this, compares it with the last inserted key and (exponential)
        // subtracts it from that key: 0 passes both unchanged; the key comes from take()
        return 0L;
      }

      @Override
      public double mean() {
        return chooser.mean();
      }
    };
  }

  /**
   * CoreWorkload's request-key generator for {@code requestdistribution}, with 64-bit bounds: its
   * construction in {@code CoreWorkload.init}, without the int {@code insertcount}. {@code latest}
   * keeps CoreWorkload's own {@code core} generator, which follows the inserted keys in 64 bits already
   * (a second one would sum its zeta constant over billions of items again).
   */
  static NumberGenerator chooser(Properties p, long insertStart, long insertCount, long recordCount,
      AcknowledgedCounterGenerator inserted, NumberGenerator core) throws WorkloadException {
    var distribution = p.getProperty(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY,
        CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT);
    switch (distribution) {
      case "uniform":
        return new UniformLongGenerator(insertStart, insertStart + insertCount - 1);
      case "exponential":
        double percentile = Double.parseDouble(p.getProperty(ExponentialGenerator.EXPONENTIAL_PERCENTILE_PROPERTY,
            ExponentialGenerator.EXPONENTIAL_PERCENTILE_DEFAULT));
        double fraction = Double.parseDouble(p.getProperty(ExponentialGenerator.EXPONENTIAL_FRAC_PROPERTY,
            ExponentialGenerator.EXPONENTIAL_FRAC_DEFAULT));
        return new ExponentialGenerator(percentile, recordCount * fraction);
      case "sequential":
        return new SequentialGenerator(insertStart, insertStart + insertCount - 1);
      case "zipfian":
        long operations = Long.parseLong(p.getProperty(Client.OPERATION_COUNT_PROPERTY, "0"));
        double insertShare = Double.parseDouble(p.getProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY,
            CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT));
        long expectedNewKeys = (long) (operations * insertShare * 2.0);
        return new ScrambledZipfianGenerator(insertStart, insertStart + insertCount + expectedNewKeys);
      case "latest":
        return core;
      case "hotspot":
        double hotSet = Double.parseDouble(p.getProperty(CoreWorkload.HOTSPOT_DATA_FRACTION,
            CoreWorkload.HOTSPOT_DATA_FRACTION_DEFAULT));
        double hotOperations = Double.parseDouble(p.getProperty(CoreWorkload.HOTSPOT_OPN_FRACTION,
            CoreWorkload.HOTSPOT_OPN_FRACTION_DEFAULT));
        return new HotspotIntegerGenerator(insertStart, insertStart + insertCount - 1, hotSet, hotOperations);
      default:
        throw new WorkloadException("Unknown request distribution \"" + distribution + "\"");
    }
  }
}
