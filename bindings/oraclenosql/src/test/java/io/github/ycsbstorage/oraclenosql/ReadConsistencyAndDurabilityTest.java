package io.github.ycsbstorage.oraclenosql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.InvalidPropertyException;
import java.util.concurrent.TimeUnit;
import oracle.kv.Consistency;
import oracle.kv.Durability;
import oracle.kv.Durability.ReplicaAckPolicy;
import oracle.kv.Durability.SyncPolicy;
import org.junit.jupiter.api.Test;

class ReadConsistencyAndDurabilityTest {

  @Test
  void namedConsistenciesAreKvclientsConstants() {
    assertSame(Consistency.NONE_REQUIRED, ReadConsistency.parse("c", "none_required").forRead(null));
    assertSame(Consistency.NONE_REQUIRED, ReadConsistency.parse("c", "NONE-REQUIRED").forRead(null));
    assertSame(Consistency.ABSOLUTE, ReadConsistency.parse("c", "Absolute").forRead(null));
  }

  @Test
  void timeConsistencyCarriesLagAndTimeout() {
    var consistency = (Consistency.Time) ReadConsistency.parse("c", "time:500ms:2s").forRead(null);
    assertEquals(500, consistency.getPermissibleLag(TimeUnit.MILLISECONDS));
    assertEquals(2000, consistency.getTimeout(TimeUnit.MILLISECONDS));
  }

  @Test
  void versionConsistencyWaitsForTheThreadsLastWrite() {
    var readYourWrites = ReadConsistency.parse("c", "version:3s");
    assertSame(Consistency.NONE_REQUIRED, readYourWrites.forRead(null), "nothing written yet");
    assertEquals(new ReadConsistency.ReadYourWrites(java.time.Duration.ofSeconds(3)), readYourWrites);
  }

  @Test
  void badConsistenciesNameTheAcceptedForms() {
    for (var bad : new String[] {"strong", "time:5ms", "time:a:b", "version", "absolute:1s"}) {
      var failure = assertThrows(InvalidPropertyException.class, () -> ReadConsistency.parse("oraclenosql.consistency", bad));
      assertEquals("oraclenosql.consistency", failure.property());
      assertEquals(ReadConsistency.ACCEPTED, failure.accepted());
    }
  }

  @Test
  void namedDurabilitiesAreKvclientsConstants() {
    assertSame(Durability.COMMIT_SYNC, WriteDurability.parse("d", "commit_sync"));
    assertSame(Durability.COMMIT_NO_SYNC, WriteDurability.parse("d", "COMMIT_NO_SYNC"));
    assertSame(Durability.COMMIT_WRITE_NO_SYNC, WriteDurability.parse("d", "commit-write-no-sync"));
  }

  @Test
  void anExplicitTripleSetsMasterSyncReplicaSyncAndAck() {
    var durability = WriteDurability.parse("d", "sync, write_no_sync, all");
    assertEquals(SyncPolicy.SYNC, durability.getMasterSync());
    assertEquals(SyncPolicy.WRITE_NO_SYNC, durability.getReplicaSync());
    assertEquals(ReplicaAckPolicy.ALL, durability.getReplicaAck());
    assertEquals(new Durability(SyncPolicy.NO_SYNC, SyncPolicy.NO_SYNC, ReplicaAckPolicy.NONE),
        WriteDurability.parse("d", "no_sync:no_sync:none"));
  }

  @Test
  void badDurabilitiesNameTheAcceptedForms() {
    for (var bad : new String[] {"fast", "sync,sync", "sync,sync,most", "sync,maybe,all"}) {
      var failure = assertThrows(InvalidPropertyException.class, () -> WriteDurability.parse("durability", bad));
      assertEquals("durability", failure.property());
      assertEquals(WriteDurability.ACCEPTED, failure.accepted());
    }
  }
}
