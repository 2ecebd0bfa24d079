package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.dataset.DatasetMeter;
import io.github.ycsbstorage.result.Sizing;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.WorkloadException;

/**
 * {@code storage.calibrate=true} (load phase): YCSB has one load phase whose insert count it reads
 * after {@code init}, so the workload writes a sample itself, through an unmeasured binding instance
 * of its own (closed before measuring, so that batching bindings flush), with the first key numbers of
 * this client's range; it measures what the sample occupies on storage exactly as the load's achieved
 * size is measured ({@link DatasetMeter}), re-plans with that size per record, and sets
 * {@code insertcount} to the rest. Where nothing can measure it, calibration is refused before
 * anything is written: a plan corrected by an estimate would only repeat the estimate. Stateless.
 */
final class Calibration {
  /** Writes one record of the load; false when the binding refused it. */
  @FunctionalInterface
  interface Insert {
    boolean into(DB db);
  }

  private Calibration() {
  }

  /**
   * Writes and measures the sample, and re-plans.
   *
   * @param before the meter's reading before anything was written
   * @return the {@code calibration} entry of the result's {@code sizing} section
   * @throws InvalidPropertyException naming {@code storage.calibrate} when the sample's size cannot
   *                                  be measured
   */
  static Sizing.Calibration run(StorageSettings settings, DatasetSizing sizing, DatasetMeter meter,
      DatasetMeter.Reading before, Properties p, Insert insert) throws WorkloadException, InterruptedException {
    var refusal = meter.cannotMeasure(before);
    if (refusal.isPresent()) {
      throw refused(refusal.get(), "nothing was written");
    }
    long sample = Math.min(settings.calibrateRecords(), sizing.plan().insertCount());
    // A binding of its own, closed before measuring: cleanup() flushes whatever a batching binding holds.
    try (var writer = BindingSession.open(p)) {
      for (long i = 0; i < sample; i++) {
        if (!insert.into(writer.db())) {
          throw new WorkloadException("calibration insert " + (i + 1) + " of " + sample + " failed");
        }
      }
    }
    var grown = meter.growth(before, meter.read());
    if (grown.bytes().isEmpty() || grown.bytes().getAsLong() == 0 || sample == 0) {
      throw refused(grown.reason().orElse("the sample of " + sample + " records added no bytes ("
          + grown.from().orElse("") + ")"), "the " + sample + " sample records stay in the table");
    }
    long bytes = grown.bytes().getAsLong();
    double perRecord = (double) bytes / sample;
    var plan = sizing.recalibrate(perRecord, sample);
    System.err.println("Calibrated: " + sample + " records took " + ByteSize.ofBytes(bytes) + " (from "
        + grown.from().orElseThrow() + "), " + Math.round(perRecord) + " B per record; for the run phase set "
        + StorageSettings.RECORD_OVERHEAD + "=" + plan.record().overhead());
    System.err.println("Sizing plan: " + plan.text());
    return new Sizing.Calibration(sample, OptionalLong.of(bytes), grown.from().orElseThrow(),
        OptionalDouble.of(perRecord));
  }

  private static InvalidPropertyException refused(String why, String state) {
    return new InvalidPropertyException(StorageSettings.CALIBRATE, "true",
        "false, or a load whose on-disk size can be measured: the server's data directory on this host "
            + "(collector.paths when the server does not report it) or a server that reports its on-disk size",
        "calibration needs the sample's size on disk, but " + why + " (" + state + ")");
  }
}
