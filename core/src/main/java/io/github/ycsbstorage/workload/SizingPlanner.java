package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.spi.MemoryFigure;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * Turns the {@code storage.*} settings, YCSB's record shape properties and the server's memory into a
 * {@link SizingPlan}, refusing impossible combinations with an {@link InvalidPropertyException} that
 * names the property. Stateless and thread-safe.
 */
final class SizingPlanner {
  /** YCSB 0.17.0 numbers keys with an {@code int} ({@code CoreWorkload.doInsert}). */
  /** YCSB 0.17.0's limit on a recordcount it is given: its Client parses it as an int. */
  static final long MAX_RECORDS = Integer.MAX_VALUE;

  private SizingPlanner() {
  }

  /** What is known about the server's memory. */
  record Memory(Optional<MemoryFigure> figure, String whyUnknown) {
    static Memory known(MemoryFigure figure) {
      return new Memory(Optional.of(figure), "");
    }

    static Memory unknown(String why) {
      return new Memory(Optional.empty(), why);
    }
  }

  /**
   * Plans the dataset.
   *
   * @param memory              the memory basis, or why it is unknown
   * @param overhead            per-record overhead in bytes
   * @param calibratedBytes     measured bytes per record from a calibration sample, if any
   * @param recordcountFallback when memory is unknown and a ratio is set: why {@code recordcount} may
   *                            be used instead (a binding that describes no server), else empty
   */
  static SizingPlan plan(StorageSettings settings, Properties properties, Memory memory, long overhead,
                         OptionalDouble calibratedBytes, Optional<String> recordcountFallback) {
    var reader = new PropertyReader(properties);
    var basis = settings.basis();
    double fields = fieldBytes(properties, settings.sized());
    boolean hashed = reader.string(CoreWorkload.INSERT_ORDER_PROPERTY, "hashed").equals("hashed");
    int zeroPadding = reader.integer(CoreWorkload.ZERO_PADDING_PROPERTY, 1, 0, 1000);

    if (settings.ratio().isPresent() && memory.figure().isEmpty()) {
      var fallback = recordcountFallback.filter(reason -> properties.containsKey(Client.RECORD_COUNT_PROPERTY));
      if (fallback.isEmpty()) {
        throw new InvalidPropertyException(StorageSettings.SERVER_MEMORY,
            reader.string(StorageSettings.SERVER_MEMORY, "auto"),
            "the server's " + (basis == Sizing.Basis.RAM ? "RAM" : "database cache") + " as a size, e.g. 96GB",
            StorageSettings.RATIO + "=" + reader.string(StorageSettings.RATIO).orElseThrow()
                + " needs the server's memory, but " + memory.whyUnknown());
      }
      return byRecordcount(reader, settings, basis, memory, fields, hashed, zeroPadding, overhead,
          Optional.of(fallback.get() + "; " + StorageSettings.RATIO + " not applied"));
    }
    if (!settings.sized()) {
      return byRecordcount(reader, settings, basis, memory, fields, hashed, zeroPadding, overhead, Optional.empty());
    }

    String property = settings.ratio().isPresent() ? StorageSettings.RATIO : StorageSettings.SIZE;
    long target = settings.ratio().isPresent()
        ? ratioBytes(reader, settings.ratio().getAsDouble(), memory.figure().orElseThrow())
        : settings.size().orElseThrow().bytes();
    // Ordered key lengths depend on the record count: iterate to the fixed point (a few steps).
    var record = record(hashed, zeroPadding, fields, overhead, 1_000_000, calibratedBytes);
    long records = target / record.total();
    for (int i = 0; i < 5 && !hashed; i++) {
      record = record(false, zeroPadding, fields, overhead, Math.max(records, 1), calibratedBytes);
      records = target / record.total();
    }
    var value = reader.string(property).orElseThrow();
    Check.input(records >= 1, property, value, "a dataset of at least one record",
        "it makes " + target + " B, less than one record of " + record.total() + " B");
    // beyond 2,147,483,647 records the workload numbers keys in 64 bits of its own (WideKeys)
    var ratio = settings.ratio();
    var partition = partition(reader, settings, records);
    return new SizingPlan(settings.ratio().isPresent() ? Sizing.Mode.RATIO : Sizing.Mode.SIZE, ratio, basis, memory.figure(), target,
        record, records, partition[0], partition[1], Optional.empty());
  }

  /**
   * ratio × memory in bytes; beyond 8 EB (a long) the product would be capped silently, so it is
   * refused as {@link StorageSettings#SIZE} beyond 8 EB is.
   */
  private static long ratioBytes(PropertyReader reader, double ratio, MemoryFigure memory) {
    double bytes = ratio * memory.bytes();
    var value = reader.string(StorageSettings.RATIO).orElseThrow();
    Check.input(bytes < 0x1p63, StorageSettings.RATIO, value, "a ratio whose dataset is at most 8 EB",
        String.format(Locale.ROOT, "%s × server memory %s = %.3g B, beyond 8 EB", value, ByteSize.ofBytes(memory.bytes()),
            bytes));
    return Math.round(bytes);
  }

  private static SizingPlan byRecordcount(PropertyReader reader, StorageSettings settings, Sizing.Basis basis,
                                          Memory memory, double fields, boolean hashed, int zeroPadding,
                                          long overhead, Optional<String> note) {
    long records = reader.longValue(Client.RECORD_COUNT_PROPERTY, 0, 0, MAX_RECORDS);
    var record = record(hashed, zeroPadding, fields, overhead, records, OptionalDouble.empty());
    // Without sizing, YCSB's own insertstart/insertcount semantics apply unchanged.
    long start = reader.longValue(CoreWorkload.INSERT_START_PROPERTY, 0, 0, MAX_RECORDS);
    var partition = settings.clients() > 1 ? partition(reader, settings, records)
        : new long[] {start, reader.longValue(Client.INSERT_COUNT_PROPERTY, Math.max(0, records - start), 0, MAX_RECORDS)};
    return new SizingPlan(Sizing.Mode.RECORDCOUNT, OptionalDouble.empty(), basis, memory.figure(),
        records * record.total(), record, records, partition[0], partition[1], note);
  }

  private static RecordSize record(boolean hashed, int zeroPadding, double fields, long overhead, long records,
                                   OptionalDouble calibratedBytes) {
    double key = hashed ? KeyLength.hashed(zeroPadding) : KeyLength.ordered(records, zeroPadding);
    var record = new RecordSize(key, fields, overhead, false);
    return calibratedBytes.isPresent() ? record.calibratedTo(calibratedBytes.getAsDouble()) : record;
  }

  /** fieldcount × mean field length; a sized dataset needs a payload. */
  static double fieldBytes(Properties properties, boolean sized) {
    var reader = new PropertyReader(properties);
    long fieldCount = reader.longValue(CoreWorkload.FIELD_COUNT_PROPERTY, 10, 0, Integer.MAX_VALUE);
    double fields = fieldCount * FieldLengthMean.of(properties);
    if (sized && fields <= 0) {
      var property = fieldCount == 0 ? CoreWorkload.FIELD_COUNT_PROPERTY : CoreWorkload.FIELD_LENGTH_PROPERTY;
      throw new InvalidPropertyException(property, reader.string(property).orElse("0"),
          "a record size > 0 (at least one field of at least one byte)",
          "records would be 0 B of fields, so no record count can reach the dataset size");
    }
    return fields;
  }

  /** This client's [insertstart, insertcount] within the dataset. */
  private static long[] partition(PropertyReader reader, StorageSettings settings, long records) {
    if (settings.clients() > 1) {
      long start = records * settings.client() / settings.clients();
      long end = records * (settings.client() + 1) / settings.clients();
      return new long[] {start, end - start};
    }
    long start = reader.longValue(CoreWorkload.INSERT_START_PROPERTY, 0, 0, MAX_RECORDS);
    long count = reader.longValue(Client.INSERT_COUNT_PROPERTY, records - start, 0, MAX_RECORDS);
    Check.input(start + count <= records, Client.INSERT_COUNT_PROPERTY, Long.toString(count),
        "insertstart + insertcount ≤ the planned record count " + SizingPlan.thousands(records),
        "insertstart=" + start + " + insertcount=" + count + " passes the end of the dataset");
    return new long[] {start, count};
  }
}
