package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import io.github.ycsbstorage.spi.MemoryFigure;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The {@code sizing} section: the storage-aware workload's plan for the dataset and, after a load,
 * what was achieved. Immutable.
 *
 * @param mode          how the size was asked for
 * @param ratio         the requested multiple of memory ({@link Mode#RATIO} only)
 * @param basis         which memory the ratio refers to
 * @param memory        that memory, when known
 * @param targetBytes   the requested dataset size (the expected size in {@link Mode#RECORDCOUNT} mode)
 * @param recordBytes   bytes per record
 * @param recordCount   records in the whole dataset (YCSB's {@code recordcount})
 * @param insertStart   first key number this client loads
 * @param insertCount   records this client loads
 * @param expectedBytes records × bytes per record
 * @param plan          the plan as one line, e.g. {@code dataset 128.0 GB = 1.33 × server RAM 96.0 GB …}
 * @param calibration   the calibration sample ({@code storage.calibrate=true}), when taken
 * @param measured      the dataset as measured after the load; empty before or when unknown
 * @param achievedRatio measured bytes ÷ memory, when both are known
 */
public record Sizing(Mode mode, OptionalDouble ratio, Basis basis, Optional<MemoryFigure> memory, long targetBytes,
    RecordBytes recordBytes, long recordCount, long insertStart, long insertCount, long expectedBytes, String plan,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Calibration> calibration, Optional<Measured> measured,
    OptionalDouble achievedRatio) {

  /** How the dataset size was asked for. */
  public enum Mode {
    /** {@code storage.dataset.ratio}: a multiple of the server's memory. */
    RATIO,
    /** {@code storage.dataset.size}: a byte size. */
    SIZE,
    /** YCSB's {@code recordcount}. */
    RECORDCOUNT;

    @JsonValue
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The memory a ratio refers to. */
  public enum Basis {
    /** The server host's physical memory. */
    RAM,
    /** The database's own cache. */
    CACHE;

    @JsonValue
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The expected bytes of one record.
   *
   * @param key        mean key bytes
   * @param fields     fieldcount × mean field length
   * @param overhead   per-record storage overhead
   * @param total      whole bytes per record, as the plan multiplies them
   * @param calibrated whether the overhead was corrected from a measured sample
   */
  public record RecordBytes(double key, double fields, long overhead, long total, boolean calibrated) {
  }

  /**
   * The calibration sample written before the load.
   *
   * @param sampleRecords  records written
   * @param measuredBytes  how much the dataset grew, when measured
   * @param bytesPerRecord the growth per record, when it grew
   * @param source         where the sizes came from
   */
  public record Calibration(long sampleRecords, OptionalLong measuredBytes, String source,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalDouble bytesPerRecord) {
  }

  /**
   * The loaded dataset as measured.
   *
   * @param records      records or documents, when reported
   * @param logicalBytes data bytes as the server counts them, when reported
   * @param storageBytes bytes occupied on storage, when measured
   * @param source       where the figures came from
   */
  public record Measured(OptionalLong records, OptionalLong logicalBytes, OptionalLong storageBytes, String source) {
  }

  /** This plan with a calibration sample. */
  public Sizing withCalibration(Calibration sample) {
    return new Sizing(mode, ratio, basis, memory, targetBytes, recordBytes, recordCount, insertStart, insertCount,
        expectedBytes, plan, Optional.of(sample), measured, achievedRatio);
  }

  /** This plan with what the load achieved. */
  public Sizing withMeasured(Measured dataset, OptionalDouble achieved) {
    return new Sizing(mode, ratio, basis, memory, targetBytes, recordBytes, recordCount, insertStart, insertCount,
        expectedBytes, plan, calibration, Optional.of(dataset), achieved);
  }
}
