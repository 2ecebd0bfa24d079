package io.github.ycsbstorage.oraclenosql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import oracle.kv.FaultException;
import oracle.kv.RequestTimeoutException;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class FailureStatusAndAdviceTest {
  private static final String REFUSAL = "The client is incompatible with this service. Client version is 18.3.9, "
      + "but the minimum required version is 22.3.11";

  @Test
  void timeoutsAreServiceUnavailableFaultsErrorsAndBadArgumentsBadRequests() {
    assertEquals(Status.SERVICE_UNAVAILABLE, FailureStatus.of(new RequestTimeoutException(5000, "timed out", null, false)));
    assertEquals(Status.ERROR, FailureStatus.of(new FaultException("Serialized key length:40004 exceeds maximum key "
        + "permissible length:32767", false)), "a store that serves but fails this request is not unavailable");
    assertEquals(Status.BAD_REQUEST, FailureStatus.of(new IllegalArgumentException("no field field99")));
    assertEquals(Status.ERROR, FailureStatus.of(new IllegalStateException("closed")));
  }

  @Test
  void aRefusalIsRecognisedAlsoWhenWrapped() {
    assertTrue(IncompatibleClient.isRefusal(new UnsupportedOperationException(REFUSAL)));
    assertTrue(IncompatibleClient.isRefusal(new FaultException("request failed", new UnsupportedOperationException(REFUSAL), false)));
    assertFalse(IncompatibleClient.isRefusal(new FaultException("replica gone", false)));
  }

  @Test
  void theAdviceNamesTheJarItsVersionWhatTheServerRequiresAndKvhome() {
    var message = IncompatibleClient.message(new UnsupportedOperationException(REFUSAL),
        "file:/home/u/.m2/oracle-nosql-client-18.3.10.jar", "18.3.10");
    assertEquals("The Oracle NoSQL store refuses this kvclient: loaded file:/home/u/.m2/oracle-nosql-client-18.3.10.jar "
        + "(kvclient 18.3.10); the server requires at least 22.3.11. Set KVHOME to the Oracle NoSQL installation "
        + "that matches the store (bin/ycsb puts $KVHOME/lib/kvclient.jar on the classpath; the kvclient 18.3.10 "
        + "from Maven Central cannot reach stores since 22.3). Server said: " + REFUSAL, message);
    var vague = IncompatibleClient.message(new UnsupportedOperationException("The client is incompatible"), "x.jar", "1");
    assertTrue(vague.contains("the server requires a newer client (see the server's message)"), vague);
  }
}
