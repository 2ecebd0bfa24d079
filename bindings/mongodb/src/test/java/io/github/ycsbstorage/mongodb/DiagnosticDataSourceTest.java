package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.ServerAddress;
import io.github.ycsbstorage.collector.remote.ServerMetricsSource;
import io.github.ycsbstorage.collector.sample.ProcParsers;
import io.github.ycsbstorage.collector.sample.Sampler;
import io.github.ycsbstorage.result.MemoryState;
import io.github.ycsbstorage.spi.ServerMetricsUnavailableException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * getDiagnosticData replies → the collector's snapshots → the same iostat and CPU-share code as
 * local /proc: exact figures from two consecutive fixture replies, and refusals as reasons.
 */
class DiagnosticDataSourceTest {
  private static final String SERVER = "db1:27017";

  private static DiagnosticDataSource source(List<Document> replies) {
    var queue = new ArrayDeque<>(replies);
    return new DiagnosticDataSource(queue::removeFirst, SERVER, () -> { });
  }

  private static Sampler.Result sample(List<Document> replies) throws IOException {
    var source = new ServerMetricsSource(source(replies));
    var sampler = new Sampler(source, ProcParsers.ALL_DEVICES, Duration.ofSeconds(1));
    for (int i = 0; i < replies.size(); i++) {
      sampler.accept(source.take(ProcParsers.ALL_DEVICES));
    }
    return sampler.stop();
  }

  @Test
  void twoConsecutiveRepliesGiveTheExactIostatFiguresOfTheServersDisks() throws IOException {
    var result = sample(DiagnosticDataReplies.consecutive());

    assertEquals(List.of(), result.gaps());
    assertEquals(1, result.samples().size());
    var sample = result.samples().get(0);
    assertEquals(2.0, sample.seconds(), "the interval is the server's: systemMetrics.end to systemMetrics.end");
    assertEquals(DiagnosticDataReplies.FIRST_END + 2_000, sample.epochMillis());
    var nvme = sample.devices().get("nvme0n1");
    assertEquals(200.0, nvme.readsPerSec());
    assertEquals(50.0, nvme.writesPerSec());
    assertEquals(1_600.0, nvme.readKbPerSec());
    assertEquals(400.0, nvme.writeKbPerSec());
    assertEquals(5.0, nvme.readMergesPerSec());
    assertEquals(0.0, nvme.writeMergesPerSec());
    assertEquals(0.5, nvme.readAwaitMs());
    assertEquals(3.0, nvme.writeAwaitMs());
    assertEquals(0.5, nvme.queueSize());
    assertEquals(25.0, nvme.utilPercent());
    assertEquals(8.0, nvme.readRequestKb());
    assertEquals(8.0, nvme.writeRequestKb());
    assertEquals(OptionalDouble.empty(), nvme.discardsPerSec(), "FTDC reports the 11 classic counters only: no discard figures");
    var sda = sample.devices().get("sda");
    assertEquals(0.0, sda.readsPerSec());
    assertEquals(0.0, sda.utilPercent());
    assertEquals(2, sample.devices().size());
  }

  @Test
  void cpuMemoryAndFaultsComeOutAsForLocalProc() throws IOException {
    var result = sample(DiagnosticDataReplies.consecutive());

    var sample = result.samples().get(0);
    var cpu = sample.cpu();
    assertEquals(25.0, cpu.user());
    assertEquals(12.5, cpu.system(), "system + softirq");
    assertEquals(10.0, cpu.iowait());
    assertEquals(2.5, cpu.steal());
    assertEquals(50.0, cpu.idle());
    assertEquals(new MemoryState(7_303_856L * 1024, 7_500_000L * 1024, 4_096L * 1024, null, 0L),
        sample.memory(), "FTDC does not report Writeback");
    assertEquals(10.0, sample.majorFaultsPerSec());
    assertEquals(0.0, sample.swapInPerSec());
    assertNull(sample.process());
    // run totals in USER_HZ ticks, as CollectorReport turns them into µs per operation
    var ticks = result.totals().cpu();
    assertEquals(100 + 40 + 10, ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6], "busy ticks: 1,500 ms");
    assertEquals(40, ticks[4]);
  }

  @Test
  void anUnrefreshedReplyAddsNoIntervalAndTheNextRefreshCounts() throws IOException {
    var first = DiagnosticDataReplies.first();
    var result = sample(List.of(first, first, DiagnosticDataReplies.second()));

    assertEquals(1, result.samples().size(), "FTDC refreshes once per period: the same document twice is no interval");
    assertEquals(200.0, result.samples().get(0).devices().get("nvme0n1").readsPerSec());
  }

  @Test
  void aReplyWithoutDisksIsAGapNotAFailure() throws IOException {
    var second = DiagnosticDataReplies.second();
    ((Document) ((Document) second.get("data")).get("systemMetrics")).remove("disks");
    var result = sample(List.of(DiagnosticDataReplies.first(), second));

    assertEquals(1, result.samples().size());
    assertTrue(result.samples().get(0).gaps().contains("/proc/diskstats not readable"), result.samples().toString());
    assertEquals(25.0, result.samples().get(0).cpu().user());
  }

  @Test
  void checkPassesOnALinuxReplyAndAsksOnce() throws ServerMetricsUnavailableException {
    var calls = new AtomicInteger();
    var source = new DiagnosticDataSource(() -> {
      calls.incrementAndGet();
      return DiagnosticDataReplies.first();
    }, SERVER, () -> { });
    source.check();
    assertEquals(1, calls.get());
  }

  @Test
  void aRoleWithoutClusterMonitorIsRecordedAsTheReason() {
    var refused = refusal(13, "Unauthorized",
        "not authorized on admin to execute command { getDiagnosticData: 1, $db: \"admin\" }");
    var e = assertThrows(ServerMetricsUnavailableException.class,
        () -> new DiagnosticDataSource(() -> { throw refused; }, SERVER, () -> { }).check());
    assertEquals("the user may not run getDiagnosticData on db1:27017 (it needs the clusterMonitor role): "
        + "not authorized on admin to execute command { getDiagnosticData: 1, $db: \"admin\" } (error 13 Unauthorized)",
        e.getMessage());
  }

  @Test
  void aServerWithoutTheCommandIsRecordedAsTheReason() {
    var missing = refusal(59, "CommandNotFound", "no such command: 'getDiagnosticData'");
    var e = assertThrows(ServerMetricsUnavailableException.class,
        () -> new DiagnosticDataSource(() -> { throw missing; }, SERVER, () -> { }).check());
    assertEquals("the server at db1:27017 has no getDiagnosticData command: no such command: 'getDiagnosticData'"
        + " (error 59 CommandNotFound)", e.getMessage());
  }

  @Test
  void disabledFtdcIsRecordedAsTheReason() {
    var empty = new Document("data", new Document()).append("ok", 1.0);
    var e = assertThrows(ServerMetricsUnavailableException.class, () -> source(List.of(empty)).check());
    assertEquals("getDiagnosticData on db1:27017 reports no Linux systemMetrics (FTDC disabled by"
        + " diagnosticDataCollectionEnabled=false or the server does not run on Linux)", e.getMessage());
  }

  @Test
  void otherCommandFailuresKeepTheServersMessageWithSecretsMasked() {
    var failed = refusal(8000, "AtlasError", "bad auth for mongodb://carol:s3cret@db1:27017");
    var e = assertThrows(ServerMetricsUnavailableException.class,
        () -> new DiagnosticDataSource(() -> { throw failed; }, SERVER, () -> { }).check());
    assertEquals("getDiagnosticData on db1:27017 failed: bad auth for mongodb://carol:*****@db1:27017"
        + " (error 8000 AtlasError)", e.getMessage());
  }

  @Test
  void aRefusalMidRunIsAnIoExceptionWithTheReason() {
    var refused = refusal(13, "Unauthorized", "not authorized");
    var source = new DiagnosticDataSource(() -> { throw refused; }, SERVER, () -> { });
    var e = assertThrows(IOException.class, source::read);
    assertTrue(e.getMessage().startsWith("the user may not run getDiagnosticData on db1:27017"), e.getMessage());
  }

  @Test
  void rendersTheProcFilesMongodParsed() {
    var metrics = SystemMetricsText.find(DiagnosticDataReplies.first()).orElseThrow();
    var files = SystemMetricsText.procFiles(metrics);
    assertEquals("cpu  123456 123 34567 9876543 4567 0 567 89 0 0\n", files.get("stat"), "ms back to USER_HZ ticks");
    var disks = new java.util.HashMap<String, long[]>();
    var diskstats = files.get("diskstats").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    ProcParsers.diskstats(diskstats, 0, diskstats.length, ProcParsers.ALL_DEVICES, disks);
    assertEquals(11, disks.get("nvme0n1")[ProcParsers.DISK_FIELDS]);
    assertEquals(80_000_000L, disks.get("nvme0n1")[2]);
    var meminfo = files.get("meminfo").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    var memory = ProcParsers.meminfo(meminfo, 0, meminfo.length);
    assertEquals(List.of(16_303_856L, 1_200_000L, 9_000_000L, 200_000L, 7_500_000L, 4_096L, -1L, 0L, 0L),
        java.util.Arrays.stream(memory).boxed().toList());
  }

  @Test
  void findsSystemMetricsGroupedByServiceRole() {
    var metrics = ((Document) DiagnosticDataReplies.first().get("data")).get("systemMetrics");
    var grouped = new Document("data", new Document("start", new java.util.Date())
        .append("common", new Document("systemMetrics", metrics))).append("ok", 1.0);
    assertEquals(metrics, SystemMetricsText.find(grouped).orElseThrow());
  }

  @Test
  void closeReleasesTheClient() {
    var released = new AtomicInteger();
    new DiagnosticDataSource(DiagnosticDataReplies::first, SERVER, released::incrementAndGet).close();
    assertEquals(1, released.get());
  }

  private static MongoCommandException refusal(int code, String name, String message) {
    var response = BsonDocument.parse("{ok: 0.0, errmsg: \"" + message.replace("\"", "\\\"") + "\", code: " + code
        + ", codeName: \"" + name + "\"}");
    return new MongoCommandException(response, new ServerAddress("db1", 27017));
  }
}
