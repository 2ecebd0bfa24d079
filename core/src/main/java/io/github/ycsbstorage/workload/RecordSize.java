package io.github.ycsbstorage.workload;

/**
 * The expected bytes one record takes: key, field payload and per-record storage overhead. Immutable.
 *
 * @param key        mean key bytes ({@link KeyLength})
 * @param fields     fieldcount × mean field length ({@link FieldLengthMean})
 * @param overhead   per-record overhead in bytes (declared, the binding's estimate, or calibrated)
 * @param calibrated whether the overhead was corrected from a measured sample
 */
public record RecordSize(double key, double fields, long overhead, boolean calibrated) {
  public RecordSize {
    if (key < 0 || fields < 0 || overhead < 0) {
      throw new IllegalArgumentException("negative record size: key " + key + ", fields " + fields
          + ", overhead " + overhead);
    }
  }

  /** Whole bytes per record, as the plan prints and multiplies them. */
  public long total() {
    return Math.round(key + fields + overhead);
  }

  /** The same record with the overhead corrected so that the total matches a measured size. */
  RecordSize calibratedTo(double measuredBytesPerRecord) {
    // Whole bytes against whole bytes, so that total() equals the rounded measurement.
    long corrected = Math.max(0, Math.round(measuredBytesPerRecord) - Math.round(key + fields));
    return new RecordSize(key, fields, corrected, true);
  }
}
