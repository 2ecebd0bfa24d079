package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.result.AchievedDataset;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.spi.DatasetSize;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * After a load: what it left on storage against the plan. Prints
 * {@code Achieved dataset 131.0 GB = 1.36 × server RAM (1.03 × the planned 127.7 GB, from …)} (a
 * line users' scripts read), and a warning with both figures and the remedy when they differ by more
 * than {@value #TOLERANCE_PERCENT} %; returns the {@code sizing} section with the achieved size. The
 * growth of a data directory is what this load wrote, so it is compared with this client's share of
 * the plan; a server's own figure covers the whole table, so it is compared with the whole plan.
 * Stateless.
 */
final class DatasetCheck {
  static final int TOLERANCE_PERCENT = 25;

  private DatasetCheck() {
  }

  /**
   * @param section  the {@code sizing} section so far (plan, calibration)
   * @param server   what the server reported after the load, if asked
   * @param written  records this phase wrote (calibration sample included)
   * @param clients  {@code storage.clients}: clients loading at once
   * @return the section with the achieved size
   */
  static Sizing compare(SizingPlan plan, Sizing section, AchievedDataset measured, Optional<DatasetSize> server,
      long written, int clients, RunRecord record) {
    var reported = server.map(size -> new Sizing.Measured(size.records(), size.logicalBytes(), size.storageBytes(),
        size.source()));
    var achieved = clients > 1 && measured.bytes().isPresent()
        ? measured.unknownBecause("storage.clients=" + clients + ": the " + measured.source() + " figure includes"
            + " the other clients' writes, so it is not this client's share")
        : measured;
    if (achieved.bytes().isPresent() && achieved.bytes().getAsLong() == 0 && written > 0) {
      // a preallocated or reused file, or a directory that is not where the data goes: no measurement
      achieved = achieved.unknownBecause("0 bytes (" + achieved.from().orElseThrow() + ") although "
          + SizingPlan.thousands(written) + " records were written: they went into space the server already held,"
          + " or not into this directory");
    }
    if (achieved.bytes().isEmpty()) {
      System.err.println("Achieved dataset unknown: " + achieved.reason().orElseThrow());
      return section.withAchieved(achieved, reported, OptionalDouble.empty());
    }
    boolean growth = achieved.source() == AchievedDataset.Source.DATA_DIRECTORY;
    achieved = achieved.comparedWith(growth ? plan.insertCount() * plan.record().total() : plan.expectedBytes());
    long bytes = achieved.bytes().getAsLong();
    long planned = achieved.plannedBytes().getAsLong();
    var line = new StringBuilder("Achieved dataset ").append(ByteSize.ofBytes(bytes));
    var ratio = OptionalDouble.empty();
    if (plan.memory().isPresent()) {
      double ofMemory = (double) bytes / plan.memory().get().bytes();
      ratio = OptionalDouble.of(Math.round(ofMemory * 1000) / 1000.0);
      line.append(" = ").append(SizingPlan.decimal(ofMemory)).append(" × server ")
          .append(plan.memoryName());
    }
    double ofPlan = planned == 0 ? 0 : (double) bytes / planned;
    line.append(" (").append(SizingPlan.decimal(ofPlan)).append(" × the planned ").append(ByteSize.ofBytes(planned))
        .append(", from ").append(achieved.from().orElseThrow()).append(')');
    System.err.println(line);
    if (!achieved.settled()) {
      ConsoleWarning.warn(record, "the dataset's size was still changing when it was measured (after "
          + Math.round(achieved.settleSeconds()) + " s): the achieved figure may be low");
    }
    if (planned > 0 && Math.abs(ofPlan - 1) * 100 > TOLERANCE_PERCENT) {
      long plannedRecords = growth ? plan.insertCount() : plan.recordCount();
      long records = growth ? written : server.flatMap(size -> size.records().isPresent()
          ? Optional.of(size.records().getAsLong()) : Optional.<Long>empty()).orElse(plannedRecords);
      ConsoleWarning.warn(record, farFromPlan(plan, bytes, planned, ofPlan, achieved.from().orElseThrow(), records,
          plannedRecords));
    }
    return section.withAchieved(achieved, reported, ratio);
  }

  /**
   * Both figures, and why they differ: fewer records than planned, or records that take more (or
   * less) room than planned — then what to do: calibrate, or pass the overhead the measurement implies.
   */
  private static String farFromPlan(SizingPlan plan, long bytes, long planned, double ofPlan, String from,
      long records, long plannedRecords) {
    var text = new StringBuilder("achieved dataset ").append(ByteSize.ofBytes(bytes)).append(" is ")
        .append(SizingPlan.decimal(ofPlan)).append(" × the planned ").append(ByteSize.ofBytes(planned))
        .append(" (from ").append(from).append(")");
    if (records != plannedRecords) {
      text.append("; ").append(SizingPlan.thousands(records)).append(" of the planned ")
          .append(SizingPlan.thousands(plannedRecords)).append(" records are there");
    }
    if (records <= 0) {
      return text.toString();
    }
    long perRecord = Math.round((double) bytes / records);
    if (Math.abs((double) perRecord / plan.record().total() - 1) * 100 > TOLERANCE_PERCENT) {
      long overhead = Math.max(0, perRecord - Math.round(plan.record().key() + plan.record().fields()));
      text.append("; records take ").append(SizingPlan.thousands(perRecord)).append(" B each on storage, not the")
          .append(" planned ").append(SizingPlan.thousands(plan.record().total())).append(" B: calibrate (")
          .append(StorageSettings.CALIBRATE).append("=true) or pass ").append(StorageSettings.RECORD_OVERHEAD)
          .append('=').append(overhead).append(" to size the dataset by what it occupies");
    }
    return text.toString();
  }
}
