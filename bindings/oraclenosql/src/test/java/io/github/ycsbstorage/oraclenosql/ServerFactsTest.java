package io.github.ycsbstorage.oraclenosql;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.MemoryFigure;
import io.github.ycsbstorage.spi.ServerInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The store's description from the real output of {@code kvstore.jar runadmin} (Oracle NoSQL 25.3.21):
 * a KVLite started as the tests start it, and a three-node KVLite ({@code -numsns 3 -repfactor 3
 * -memorymb 1024}) whose replication nodes run in their own JVMs.
 */
class ServerFactsTest {
  private static final OracleNoSqlSettings SETTINGS = OracleNoSqlSettings.from(properties(OracleNoSqlSettings.HELPER_HOSTS,
      "localhost:25200"));

  /** The answers of a recorded admin shell run: overview, then every service's parameters. */
  private static StoreDescription recorded(String folder) throws AdminShell.AdminException {
    String output;
    try (var in = ServerFactsTest.class.getResourceAsStream("/admin/" + folder + "/runadmin-output.txt")) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var overview = AdminShell.answers(output, StoreDescription.overviewCommands());
    var commands = new ArrayList<>(StoreDescription.overviewCommands());
    commands.addAll(StoreDescription.parameterCommands(overview.get(1)));
    var answers = AdminShell.answers(output, commands);
    var parameters = new LinkedHashMap<String, JsonNode>();
    for (int i = 2; i < commands.size(); i++) {
      parameters.put(commands.get(i).split(" ")[3], answers.get(i));
    }
    return StoreDescription.parse(answers.get(0), answers.get(1), parameters);
  }

  private static ServerInfo describe(StoreDescription store, ServerFacts.Environments environments) {
    return new ServerFacts(null, SETTINGS, environments, System::nanoTime)
        .describe(Optional.of(store), "", StoreTopology.UNKNOWN);
  }

  private static final ServerFacts.Environments INTERNALS_MISSING = id -> {
    throw new StoreInternals.Unavailable("kvstore.jar's admin classes are not on the classpath");
  };

  @Test
  void aKvLiteIsDescribedFromItsDocumentedParametersAndItsExactCache() throws Exception {
    var store = recorded("kvlite");
    assertEquals("25.3.21", store.version());
    assertTrue(store.kvlite());
    var info = describe(store, id -> new StoreInternals.Environment(751_619_276L, 1545, 1000, 0));

    assertEquals(Optional.of("25.3.21"), info.version());
    assertEquals(Locality.LOCAL, info.locality());
    assertEquals(new MemoryFigure(1024L << 20, "sn1 memoryMB=1024 (show parameters -service sn1, kvstore.jar runadmin)"),
        info.ram().orElseThrow());
    assertEquals(new MemoryFigure(751_619_276L, "rg1-rn1 JE cache size (" + StoreInternals.SOURCE + ")"),
        info.cache().orElseThrow());
    var directory = info.storageDirectories().get(0);
    assertEquals("/tmp/onql-w/kv2/kvroot/kvstore/sn1", directory.path());
    assertEquals(OptionalLong.of(1L << 30), directory.sizeBytes());
    assertEquals("localhost", directory.host());
    assertEquals(Locality.LOCAL, directory.locality());
    assertEquals("show parameters -service sn1: storageDirs (kvstore.jar runadmin)", directory.source());
    assertEquals(Optional.of("/tmp/onql-w/kv2/kvroot/kvstore/sn1/rg1-rn1/env"), info.dataPath());
    assertEquals("120", info.details().get("partitions"));
    assertEquals("HD", info.details().get("rg1-rn1.storageType"));
    assertEquals(java.util.List.of("KV Pause Checker"), info.backgroundThreads(),
        "KV's pause detectors serve no operation: the collector leaves their wait out");
    // the recorded store is not running here: its process is unknown unless something holds its port
    assertTrue(info.pid().isPresent() || info.unknown().keySet().equals(java.util.Set.of("pid")),
        info.unknown().toString());
  }

  @Test
  void aKvLitesCacheIsUnknownWithoutTheInternalsBecauseItsHeapIsTheKvliteJvms() throws Exception {
    var info = describe(recorded("kvlite"), INTERNALS_MISSING);
    assertTrue(info.cache().isEmpty(), "-Xmx696M in its parameters is not the heap it runs in");
    assertEquals("rg1-rn1: kvstore.jar's admin classes are not on the classpath; KVLite runs rg1-rn1 in its own "
        + "JVM, whose JE cache is rnCachePercent (70 %) of that JVM's heap (-Xmx of the kvlite command), which the "
        + "store does not report", info.unknown().get("cache"));
    assertEquals(1024L << 20, info.ram().orElseThrow().bytes(), "the memory still comes from the documented parameter");
  }

  @Test
  void threeNodesGiveTheMemoryOfOneCopyAndAComputedCacheWhenTheInternalsAreMissing() throws Exception {
    var store = recorded("three-nodes");
    assertEquals(3, store.replicationFactor());
    assertEquals(3, store.storageNodes().size());
    var info = describe(store, INTERNALS_MISSING);

    assertEquals(1024L << 20, info.ram().orElseThrow().bytes(), "3 × 1024 MB over 3 copies");
    assertTrue(info.ram().orElseThrow().source().startsWith("sum of the memoryMB of the storage nodes / replication "
        + "factor 3: sn1 memoryMB=1024"), info.ram().orElseThrow().source());
    // 70 % of -Xmx696M; the exact figure (516,738,252 B, read from this store's replication nodes) differs
    // by 1.1 %, because JE takes its percentage of the JVM's maxMemory, not of -Xmx.
    long computed = (696L << 20) * 70 / 100;
    assertEquals(computed, info.cache().orElseThrow().bytes());
    assertTrue(info.cache().orElseThrow().source().contains("computed: rg1-rn1 rnCachePercent 70 % of its -Xmx 696 MB"),
        info.cache().orElseThrow().source());
    assertEquals(3, info.nodes().size());
    assertEquals(List.of("/tmp/onql-w/kv3/kvroot/kvstore/sn1", "/tmp/onql-w/kv3/kvroot/kvstore/sn2",
        "/tmp/onql-w/kv3/kvroot/kvstore/sn3"), info.storageDirectories().stream().map(d -> d.path()).toList());
    assertTrue(info.storageDirectories().get(0).source().contains("root directory, no storage directory configured"));
    assertEquals(Optional.of("/tmp/onql-w/kv3/kvroot/kvstore/sn1"), info.dataPath(), "the first of three local ones");
    assertEquals("3", info.details().get("capacity"));
    assertEquals(null, info.details().get("kvlite"));
  }

  @Test
  void withoutTheAdminShellOnlyTheClientsTopologyIsKnownAndEveryStoreFigureSaysWhy() {
    var topology = new StoreTopology(java.util.OptionalInt.of(1), java.util.OptionalInt.of(1),
        java.util.OptionalInt.of(120), List.of("localhost"), List.of("rg1-rn1"));
    var info = new ServerFacts(null, SETTINGS, INTERNALS_MISSING, System::nanoTime)
        .describe(Optional.empty(), "localhost:25200: login refused", topology);
    assertEquals(Locality.LOCAL, info.locality());
    assertTrue(info.version().isEmpty() && info.ram().isEmpty() && info.cache().isEmpty());
    assertEquals("the store's admin shell gave no answer: localhost:25200: login refused", info.unknown().get("ram"));
    assertEquals(info.unknown().get("ram"), info.unknown().get("version"));
    assertEquals("the store's admin shell gave no answer: localhost:25200: login refused; kvstore.jar's admin "
        + "classes are not on the classpath", info.unknown().get("cache"));

    // A client-only installation has no admin shell, but kvclient.jar holds the internal interface too.
    var exact = new ServerFacts(null, SETTINGS, id -> new StoreInternals.Environment(751_619_276L, 0, 0, 0),
        System::nanoTime).describe(Optional.empty(), "no kvstore.jar", topology);
    assertEquals(new MemoryFigure(751_619_276L, "rg1-rn1 JE cache size (" + StoreInternals.SOURCE + ")"),
        exact.cache().orElseThrow());
    assertTrue(exact.ram().isEmpty() && !exact.unknown().containsKey("cache"), exact::toString);
  }

  @Test
  void aFailedAdminCommandOrNoJsonAtAllIsAReasonNotAFigure() {
    var failed = assertThrows(AdminShell.AdminException.class, () -> AdminShell.answers("""
        {"operation": "show parameters", "returnCode": 5100, "description": "No such service: sn9", "returnValue": null}
        """, List.of("show parameters -service sn9 -json")));
    assertEquals("'show parameters -service sn9 -json' failed: No such service: sn9", failed.getMessage());
    var refused = assertThrows(AdminShell.AdminException.class, () -> AdminShell.answers(
        "Login failed: unauthorized user bench with password=secret\n", List.of("ping -json")));
    assertEquals("kvstore.jar runadmin gave no answer to 'ping -json': Login failed: unauthorized user bench with "
        + "password=*****", refused.getMessage());
  }

  @Test
  void sizesAndHeapsAreReadInOracleNoSqlsBinaryUnits() {
    assertEquals(OptionalLong.of(10L << 30), StoreDescription.size("10 GB"));
    assertEquals(OptionalLong.of(512L << 20), StoreDescription.size("512 MB"));
    assertEquals(OptionalLong.of(1234), StoreDescription.size("1234"));
    assertEquals(OptionalLong.empty(), StoreDescription.size("lots"));
    assertEquals(OptionalLong.of(2L << 30), StoreDescription.heap("-Xms1g -Xmx696M -XX:Foo -Xmx2g"), "the last wins");
    assertEquals(OptionalLong.empty(), StoreDescription.heap("-XX:ParallelGCThreads=2"));
  }

  @Test
  void jeCountersAreUnknownWhileAReplicationNodeClearsItsStatistics() throws Exception {
    var store = recorded("kvlite");
    assertTrue(store.repNodes().get(0).clearsEnvStats(), "collectEnvStats is true by default");
    var why = ServerFacts.countersUnknown(Optional.of(store), "").orElseThrow();
    assertTrue(why.startsWith("the replication nodes rg1-rn1 collect their JE statistics (collectEnvStats=true)"), why);
    assertTrue(why.contains("collectEnvStats=false"), why);

    var quiet = store.repNodes().stream().map(rn -> new StoreDescription.RepNode(rn.id(), rn.storageNode(),
        rn.cacheSize(), rn.cachePercent(), rn.heapBytes(), rn.mountPoint(), rn.storageType(), false)).toList();
    var notClearing = new StoreDescription(store.storeName(), store.version(), store.versionLine(), store.partitions(),
        store.replicationFactor(), store.shards(), store.zones(), store.storageNodes(), quiet);
    assertEquals(Optional.empty(), ServerFacts.countersUnknown(Optional.of(notClearing), ""));

    var noAdmin = ServerFacts.countersUnknown(Optional.empty(), "connection refused").orElseThrow();
    assertTrue(noAdmin.endsWith("the store's admin shell gave no answer: connection refused"), noAdmin);
  }

  @Test
  void theStoresCacheMissesAreItsReplicationNodesSummedOrUnknownWhenOneCannotBeAsked() {
    var misses = java.util.Map.of("rg1-rn1", 1200L, "rg2-rn1", 34L);
    var facts = new ServerFacts(null, SETTINGS, id -> new StoreInternals.Environment(1, 0, 0, misses.get(id)),
        System::nanoTime);
    assertEquals(OptionalLong.of(1234), facts.engineCounters(List.of("rg1-rn1", "rg2-rn1")).cacheMisses());
    assertEquals(OptionalLong.empty(), facts.engineCounters(List.of()).cacheMisses());
    var unreachable = new ServerFacts(null, SETTINGS, INTERNALS_MISSING, System::nanoTime);
    assertEquals(OptionalLong.empty(), unreachable.engineCounters(List.of("rg1-rn1")).cacheMisses());
  }
}
