package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.collector.StorageCollectorFactory;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.ServerMetricsProvider;
import io.github.ycsbstorage.spi.ServerMetricsUnavailableException;
import io.github.ycsbstorage.testkit.HangLimit;
import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * collector.remote=mongodb over a real driver connection to the in-process mongo-java-server, which
 * has no getDiagnosticData: the provider is found by the collector, the refusal becomes the
 * recorded reason, and the benchmark's operations are unaffected.
 */
class MongoDbServerMetricsProviderTest {
  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  private static String hostAndPort() {
    return "127.0.0.1:" + mongo.port();
  }

  private static String noCommandReason() {
    var e = assertThrows(ServerMetricsUnavailableException.class,
        () -> new MongoDbServerMetricsProvider().open(TestConnection.properties(mongo)));
    return e.getMessage();
  }

  @Test
  void theCollectorFindsTheProviderThroughServiceLoader() {
    var providers = ServiceLoader.load(ServerMetricsProvider.class).stream().map(ServiceLoader.Provider::get)
        .filter(provider -> provider.name().equals("mongodb")).toList();
    assertEquals(1, providers.size());
    assertEquals(MongoDbServerMetricsProvider.class, providers.get(0).getClass());
  }

  @Test
  void aServerWithoutGetDiagnosticDataIsRefusedWithTheReason() {
    var reason = noCommandReason();
    assertEquals("the server at " + hostAndPort() + " has no getDiagnosticData command:"
        + " no such command: 'getDiagnosticData' (error 59 CommandNotFound)", reason);
  }

  @Test
  void anUnreachableServerIsRefusedWithTheReasonAndThePasswordMasked() throws IOException {
    int port;
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    var props = TestConnection.properties(mongo);
    props.setProperty(MongoDbSettings.URL, "mongodb://alice:hunter2@127.0.0.1:" + port + "/ycsb");
    var timeout = Duration.ofMillis(500);
    props.setProperty(MongoDbSettings.SERVER_SELECTION_TIMEOUT, HangLimit.timeout(timeout));
    var e = assertTimeoutPreemptively(HangLimit.of(HangLimit.STEP), () -> assertThrows(ServerMetricsUnavailableException.class,
        () -> new MongoDbServerMetricsProvider().open(props)));
    assertTrue(e.getMessage().startsWith("cannot reach MongoDB at 127.0.0.1:" + port
        + " (mongodb://alice:*****@127.0.0.1:" + port + "/ycsb) within " + HangLimit.of(timeout).toMillis() + " ms"),
        e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void aPhaseWithRemoteMongodbRecordsTheServerAsNotObservedAndTheOperationsSucceed(@TempDir Path dir)
      throws Exception {
    var reason = noCommandReason();
    var props = TestConnection.properties(mongo);
    props.setProperty("collector.remote", "mongodb");
    props.setProperty("collector.interval", "50ms");
    props.setProperty("exportfile", dir.resolve("run.txt").toString());
    var collector = new StorageCollectorFactory().create(Phase.RUN, props, Optional.empty()).orElseThrow();

    collector.start();
    var db = new MongoDbClient();
    db.setProperties(props);
    db.init();
    Map<String, ByteIterator> values = StringByteIterator.getByteIteratorMap(Map.of("field0", "remote"));
    assertEquals(Status.OK, db.insert("metrics", "user1", values));
    var read = new HashMap<String, ByteIterator>();
    assertEquals(Status.OK, db.read("metrics", "user1", Set.of("field0"), read));
    assertEquals("remote", read.get("field0").toString());
    db.cleanup();
    var record = new RunRecord();
    collector.stop(record);

    var observed = record.facts().stream()
        .filter(fact -> fact.group().equals("STORAGE") && fact.name().equals("server.observed"))
        .map(RunRecord.Fact::value).toList();
    assertEquals(java.util.List.of("client host only: server side not observed: " + reason), observed);
    var io = record.sections().io().orElseThrow();
    assertEquals(Io.SampledHost.CLIENT, io.sampledHost());
    assertEquals(new Io.ServerSide(List.of(), Optional.empty(), Optional.of(reason)), io.server());
    var timeseries = new ObjectMapper().readTree(Files.readString(dir.resolve("run.txt.storage.json")));
    assertEquals(reason, timeseries.path("server").path("notObserved").asText());
  }
}
