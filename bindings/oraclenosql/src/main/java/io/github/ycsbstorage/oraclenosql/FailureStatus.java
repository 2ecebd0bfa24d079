package io.github.ycsbstorage.oraclenosql;

import oracle.kv.FaultException;
import oracle.kv.RequestTimeoutException;
import site.ycsb.Status;

/**
 * The YCSB status for an operation that kvclient failed. A timeout means the store could not answer
 * in time ({@code SERVICE_UNAVAILABLE}); an argument kvclient rejects is the caller's mistake
 * ({@code BAD_REQUEST}); any other failure is an {@code ERROR}. Stateless.
 */
final class FailureStatus {
  private FailureStatus() {
  }

  static Status of(RuntimeException failure) {
    if (failure instanceof RequestTimeoutException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (failure instanceof FaultException) {
      return Status.ERROR;
    }
    if (failure instanceof IllegalArgumentException) {
      return Status.BAD_REQUEST;
    }
    return Status.ERROR;
  }
}
