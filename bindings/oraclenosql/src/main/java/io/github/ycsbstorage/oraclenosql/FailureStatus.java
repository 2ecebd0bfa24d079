package io.github.ycsbstorage.oraclenosql;

import oracle.kv.ConsistencyException;
import oracle.kv.DurabilityException;
import oracle.kv.RequestLimitException;
import oracle.kv.RequestTimeoutException;
import site.ycsb.Status;

/**
 * The YCSB status for an operation that kvclient failed, one per cause whatever the operation: the
 * store not serving in time or without the replicas or consistency asked for is
 * {@code SERVICE_UNAVAILABLE} (a killed KVLite 25.3 gives {@link RequestTimeoutException} to puts and
 * gets alike); an argument kvclient rejects is the caller's mistake ({@code BAD_REQUEST}); any other
 * failure, a plain {@code FaultException} among them (KVLite 25.3 answers a key over 32,767 bytes so,
 * while serving everything else), is an {@code ERROR}. Stateless.
 */
final class FailureStatus {
  private FailureStatus() {
  }

  static Status of(RuntimeException failure) {
    if (failure instanceof RequestTimeoutException || failure instanceof DurabilityException
        || failure instanceof ConsistencyException || failure instanceof RequestLimitException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (failure instanceof IllegalArgumentException) {
      return Status.BAD_REQUEST;
    }
    return Status.ERROR;
  }
}
