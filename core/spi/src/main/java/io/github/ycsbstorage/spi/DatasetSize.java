package io.github.ycsbstorage.spi;

import java.util.OptionalLong;

/**
 * What the server reports about the loaded dataset, so that the workload can compare it with its
 * plan. Absent values are unknown. A storage size of 0 for a table that holds records or bytes is no
 * measurement (mongo-java-server's collStats says {@code storageSize: 0} for everything) and becomes
 * unknown. Immutable.
 *
 * @param records      documents/rows in the table or collection
 * @param logicalBytes uncompressed data size as the server counts it (e.g. collStats {@code size})
 * @param storageBytes bytes allocated on disk, including indexes when the server reports them
 * @param source       how the figures were obtained, e.g. {@code collStats storageSize + totalIndexSize}
 */
public record DatasetSize(OptionalLong records, OptionalLong logicalBytes, OptionalLong storageBytes,
                          String source) {

  public DatasetSize {
    if (storageBytes.isPresent() && storageBytes.getAsLong() == 0 && (positive(records) || positive(logicalBytes))) {
      storageBytes = OptionalLong.empty();
    }
  }

  private static boolean positive(OptionalLong value) {
    return value.isPresent() && value.getAsLong() > 0;
  }
}
