package io.github.ycsbstorage.oraclenosql;

import oracle.kv.FaultException;
import site.ycsb.Status;

/**
 * The YCSB status for an operation that kvclient failed, one per cause whatever the operation: a
 * {@link FaultException} is the store failing to serve the request (kvclient's own words: a timeout,
 * no reachable replication node, a node that went away), so {@code SERVICE_UNAVAILABLE} (a killed
 * KVLite gave {@code ERROR} for inserts but {@code SERVICE_UNAVAILABLE} for reads when only the
 * timeout counted); an argument kvclient rejects is the caller's mistake ({@code BAD_REQUEST}); any
 * other failure is an {@code ERROR}. Stateless.
 */
final class FailureStatus {
  private FailureStatus() {
  }

  static Status of(RuntimeException failure) {
    if (failure instanceof FaultException) { // RequestTimeoutException among them
      return Status.SERVICE_UNAVAILABLE;
    }
    if (failure instanceof IllegalArgumentException) {
      return Status.BAD_REQUEST;
    }
    return Status.ERROR;
  }
}
