package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.spi.MemoryFigure;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How many records this client loads and why: the target size, the memory it was derived from, the
 * bytes per record and the key range. Immutable.
 *
 * @param mode        how the size was asked for
 * @param ratio       the requested multiple of memory ({@link Sizing.Mode#RATIO} only)
 * @param basis       which memory the ratio refers to
 * @param memory      the memory the ratio refers to, when known
 * @param targetBytes the requested dataset size (the expected size in {@code recordcount} mode)
 * @param record      bytes per record
 * @param recordCount records in the whole dataset (YCSB's {@code recordcount})
 * @param insertStart first key number this client loads
 * @param insertCount records this client loads
 * @param note        why the plan fell back to {@code recordcount}, or empty
 */
public record SizingPlan(Sizing.Mode mode, OptionalDouble ratio, Sizing.Basis basis, Optional<MemoryFigure> memory,
                         long targetBytes, RecordSize record, long recordCount, long insertStart,
                         long insertCount, Optional<String> note) {

  /** The dataset size the plan expects: records × bytes per record. */
  public long expectedBytes() {
    return recordCount * record.total();
  }

  /**
   * One line, e.g. {@code dataset 128.0 GB = 1.33 × server RAM 96.0 GB (basis ram, from hostInfo) →
   * 117,187,500 records × 1,092 B}.
   */
  public String text() {
    var tail = " → " + thousands(recordCount) + " records × " + thousands(record.total()) + " B";
    if (mode == Sizing.Mode.RECORDCOUNT) {
      return "dataset " + ByteSize.ofBytes(expectedBytes()).toDecimalString() + " from recordcount"
          + note.map(reason -> " (" + reason + ")").orElse("") + tail;
    }
    var dataset = "dataset " + ByteSize.ofBytes(targetBytes).toDecimalString();
    if (memory.isEmpty()) {
      return dataset + " (" + StorageSettings.SIZE + "; server memory unknown)" + tail;
    }
    double multiple = ratio.orElse((double) targetBytes / memory.get().bytes());
    return dataset + " = " + decimal(multiple) + " × server " + memoryName() + " "
        + ByteSize.ofBytes(memory.get().bytes()).toDecimalString() + " (basis " + basis.label() + ", from "
        + memory.get().source() + ")" + tail;
  }

  /** The {@code sizing} section of the result file (docs/RESULTS.md), before the load is measured. */
  public Sizing section() {
    return new Sizing(mode, ratio, basis, memory, targetBytes,
        new Sizing.RecordBytes(record.key(), record.fields(), record.overhead(), record.total(), record.calibrated()),
        recordCount, insertStart, insertCount, expectedBytes(), text(), Optional.empty(), Optional.empty(),
        OptionalDouble.empty(), Optional.empty());
  }

  /** The memory the ratio refers to, in words: {@code RAM} or {@code cache}. */
  String memoryName() {
    return basis == Sizing.Basis.RAM ? "RAM" : "cache";
  }

  static String thousands(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** At most two decimals, no trailing zeros: 1.33, 10, 0.5; two significant digits below 0.01. */
  static String decimal(double value) {
    if (value > 0 && value < 0.01) {
      return String.format(Locale.ROOT, "%.2g", value);
    }
    return new DecimalFormat("0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
  }
}
