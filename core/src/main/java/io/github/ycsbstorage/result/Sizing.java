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
 * @param measured      what the server reported about the dataset after the load (its storage size is
 *                      empty where it reported 0 for data it holds); empty before or when not asked
 * @param achievedRatio achieved bytes ÷ memory, when both are known
 * @param achieved      what the load left on storage, measured, with its source (or why unknown),
 *                      and compared with the plan; empty before the load ended
 */
public record Sizing(Mode mode, OptionalDouble ratio, Basis basis, Optional<MemoryFigure> memory, long targetBytes,
    RecordBytes recordBytes, long recordCount, long insertStart, long insertCount, long expectedBytes, String plan,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Calibration> calibration, Optional<Measured> measured,
    OptionalDouble achievedRatio, @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<AchievedDataset> achieved) {

  public Sizing {
    achieved = achieved == null ? Optional.empty() : achieved;
  }

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

    /** What a multiple of this basis is a multiple of, for readers: {@code 1.33× cache}. */
    public String title() {
      return this == RAM ? "memory" : "cache";
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
   * @param measuredBytes  what the sample occupies on storage, measured as the load's achieved size
   * @param bytesPerRecord the growth per record, when it grew
   * @param source         what was measured, e.g. {@code growth of /var/lib/mongodb on disk (du)}
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
        expectedBytes, plan, Optional.of(sample), measured, achievedRatio, achieved);
  }

  /** This plan with what the load achieved on storage, and what the server reported. */
  public Sizing withAchieved(AchievedDataset dataset, Optional<Measured> reported, OptionalDouble ratioOfMemory) {
    return new Sizing(mode, ratio, basis, memory, targetBytes, recordBytes, recordCount, insertStart, insertCount,
        expectedBytes, plan, calibration, reported, ratioOfMemory, Optional.of(dataset));
  }
}
