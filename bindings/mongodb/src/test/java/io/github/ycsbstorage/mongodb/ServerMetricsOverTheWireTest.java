package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.github.ycsbstorage.collector.StorageCollectorFactory;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.testkit.HangLimit;
import io.netty.channel.Channel;
import java.time.Duration;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * collector.remote=mongodb end to end over the real driver: a mongo-java-server taught to answer
 * getDiagnosticData with the fixture replies (the first until the phase has started, the second
 * from then on) gives the collector's summary lines for the server host, computed by the same code
 * as for local /proc.
 */
class ServerMetricsOverTheWireTest {
  private final AtomicBoolean refreshed = new AtomicBoolean();
  private MongoServer server;
  private String url;

  /** The memory backend plus getDiagnosticData. */
  private final class DiagnosticBackend extends MemoryBackend {
    @Override
    public de.bwaldvogel.mongo.bson.Document handleCommand(Channel channel, String databaseName, String command,
        de.bwaldvogel.mongo.bson.Document query) {
      if (databaseName.equals("admin") && command.equals("getDiagnosticData")) {
        return convert(refreshed.get() ? DiagnosticDataReplies.second() : DiagnosticDataReplies.first());
      }
      return super.handleCommand(channel, databaseName, command, query);
    }
  }

  /** The driver's documents as mongo-java-server's (which writes Instants as BSON dates). */
  private static de.bwaldvogel.mongo.bson.Document convert(Document document) {
    var converted = new de.bwaldvogel.mongo.bson.Document();
    document.forEach((key, value) -> converted.put(key, value instanceof Document nested ? convert(nested)
        : value instanceof Date date ? date.toInstant() : value));
    return converted;
  }

  @BeforeEach
  void start() {
    server = new MongoServer(new DiagnosticBackend());
    server.bind("127.0.0.1", 0);
    var address = server.getLocalAddress();
    url = "mongodb://127.0.0.1:" + address.getPort() + "/ycsb";
  }

  @AfterEach
  void stop() {
    server.shutdownNow();
  }

  /** The group's summary lines (numbers) and facts (text), by name. */
  private static Map<String, Object> lines(RunRecord record, String group) {
    var lines = new HashMap<String, Object>();
    record.summaryLines().stream().filter(line -> line.group().equals(group))
        .forEach(line -> lines.put(line.metric(), line.value()));
    record.facts().stream().filter(fact -> fact.group().equals(group))
        .forEach(fact -> lines.put(fact.name(), fact.value()));
    return lines;
  }

  @Test
  void thePhaseIsSummarisedWithTheServerHostsDiskAndCpuFigures() {
    var props = new Properties();
    props.setProperty(MongoDbSettings.URL, url);
    props.setProperty(MongoDbSettings.SERVER_SELECTION_TIMEOUT, HangLimit.timeout(Duration.ofSeconds(10)));
    props.setProperty("collector.remote", "mongodb");
    props.setProperty("collector.devices", "nvme0n1");
    props.setProperty("collector.interval", "50ms");
    var collector = new StorageCollectorFactory().create(Phase.RUN, props, Optional.empty()).orElseThrow();

    collector.start();
    refreshed.set(true);
    var record = new RunRecord();
    collector.stop(record);

    var port = url.replaceFirst(".*:(\\d+)/.*", "$1");
    assertEquals("server host through MongoDB getDiagnosticData (systemMetrics) at 127.0.0.1:" + port,
        lines(record, "STORAGE").get("server.observed"));
    var host = lines(record, "IO");
    assertEquals(200.0, host.get("nvme0n1.r/s avg"));
    assertEquals(50.0, host.get("nvme0n1.w/s avg"));
    assertEquals(1600.0, host.get("nvme0n1.rkB/s avg"));
    assertEquals(400.0, host.get("nvme0n1.wkB/s avg"));
    assertEquals(0.5, host.get("nvme0n1.r_await avg"));
    assertEquals(3.0, host.get("nvme0n1.w_await avg"));
    assertEquals(0.5, host.get("nvme0n1.aqu-sz avg"));
    assertEquals(25.0, host.get("nvme0n1.%util avg"));
    assertEquals(8.0, host.get("nvme0n1.rareq-sz avg"));
    assertFalse(host.containsKey("nvme0n1.d/s avg"), "FTDC has no discard counters");
    assertTrue(host.keySet().stream().noneMatch(name -> name.startsWith("sda.")), "only the named disk is watched");
    assertEquals(25.0, host.get("cpu.user %"), "the server host's CPU, not labelled client.");
    assertEquals(12.5, host.get("cpu.system %"));
    assertEquals(10.0, host.get("cpu.iowait %"));
    assertEquals(2.5, host.get("cpu.steal %"));
    assertEquals(50.0, host.get("cpu.idle %"));
    assertEquals(0.21, host.get("iowait.share"), "400 ms iowait / (1,500 ms busy + 400 ms)");
    var io = record.sections().io().orElseThrow();
    assertEquals(Io.SampledHost.SERVER, io.sampledHost());
    assertEquals(2.0, io.seconds());
    assertEquals(List.of("nvme0n1"), io.countedDevices());
    assertEquals(new Io.ServerSide(List.of("nvme0n1"), Optional.empty(), Optional.empty()), io.server());
    assertEquals(List.of(), record.warnings(), "no gaps: every reading had cpu, memory, vmstat and disks");
  }
}
