package io.github.ycsbstorage.spi;

import java.util.Optional;
import site.ycsb.DBException;

/**
 * Implemented by a {@link site.ycsb.DB} binding that can describe its server. The storage-aware
 * workload and the collector call it on an initialised DB instance, outside the measured phase.
 *
 * <p>Implementations must be callable from any thread after {@code init()}.
 */
public interface ServerInfoProvider {
  /** Facts about the server; unknown figures are left empty. */
  ServerInfo serverInfo() throws DBException;

  /** The size of the table/collection that the workload writes to. */
  DatasetSize datasetSize() throws DBException;

  /**
   * Asks the server to write what it holds in memory to its data files (MongoDB: {@code fsync}), so
   * that the size of its data directory can be measured after a load. Returns what was asked, e.g.
   * {@code fsync}, or empty when the binding knows no such command (the default).
   *
   * @throws DBException when the server refused or failed
   */
  default Optional<String> flush() throws DBException {
    return Optional.empty();
  }

  /**
   * The binding's estimate of storage bytes per record beyond the key and field payload (document
   * headers, per-field names and type tags), or a negative value when it has none.
   *
   * @param fieldCount the number of fields per record
   */
  long recordOverheadEstimate(int fieldCount);

  /**
   * The version of the database driver (client library) the binding runs with, e.g. {@code 5.14.0};
   * empty when it cannot tell. Recorded as the result's {@code versions.driver}.
   */
  default Optional<String> driverVersion() {
    return Optional.empty();
  }
}
