package io.github.ycsbstorage.spi;

import java.util.OptionalLong;

/**
 * What the server reports about the loaded dataset, so that the workload can compare it with its
 * plan. Absent values are unknown. Immutable.
 *
 * @param records      documents/rows in the table or collection
 * @param logicalBytes uncompressed data size as the server counts it (e.g. collStats {@code size})
 * @param storageBytes bytes allocated on disk, including indexes when the server reports them
 * @param source       how the figures were obtained, e.g. {@code collStats}
 */
public record DatasetSize(OptionalLong records, OptionalLong logicalBytes, OptionalLong storageBytes,
                          String source) {
}
