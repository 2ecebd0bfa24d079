package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.remote.ServerMetricsSource;
import io.github.ycsbstorage.collector.sample.ProcParsers;
import io.github.ycsbstorage.collector.sample.Sampler;
import io.github.ycsbstorage.collector.sample.Snapshot;
import io.github.ycsbstorage.spi.ServerMetricsUnavailableException;
import io.github.ycsbstorage.testkit.HangLimit;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * collector.remote=mongodb against a real mongod named by {@code YCSB_MONGODB_URL}: two readings one
 * FTDC period apart give a server-timed interval with CPU shares and memory. Skipped with the reason
 * when the variable is not set, or when the user's role is refused (the reason is then the point).
 */
@EnabledIfEnvironmentVariable(named = LiveMongoDbConformanceTest.URL_VARIABLE, matches = ".+",
    disabledReason = "YCSB_MONGODB_URL is not set: no real MongoDB server to read getDiagnosticData from")
class LiveServerMetricsTest {
  @Test
  void readsTheServerHostsCpuAndMemoryThroughTheSampler() throws Exception {
    var props = new Properties();
    props.setProperty(MongoDbSettings.URL, System.getenv(LiveMongoDbConformanceTest.URL_VARIABLE));
    try (var source = open(props)) {
      var sampler = new Sampler(source, ProcParsers.ALL_DEVICES, Duration.ofSeconds(1));
      var first = source.take(ProcParsers.ALL_DEVICES);
      sampler.accept(first);
      // FTDC refreshes once per diagnosticDataCollectionPeriodMillis (1 s by default): ask until it did
      var next = new AtomicReference<Snapshot>();
      HangLimit.await(() -> {
        next.set(source.take(ProcParsers.ALL_DEVICES));
        return next.get().epochMillis() != first.epochMillis();
      }, () -> "the server's next FTDC sample after " + first.epochMillis());
      sampler.accept(next.get());
      var result = sampler.stop();
      assertEquals(1, result.samples().size(), result.gaps().toString());
      var sample = result.samples().get(0);
      assertTrue(sample.seconds() >= 1, "server-timed interval (one FTDC period or more): " + sample.seconds());
      var cpu = sample.cpu();
      assertNotNull(cpu);
      assertEquals(100.0, cpu.user() + cpu.system() + cpu.iowait() + cpu.steal() + cpu.idle(), 1e-6);
      assertNotNull(sample.memory().usedBytes());
      assertEquals(List.of(), sample.gaps().stream().filter(gap -> !gap.contains("diskstats")).toList());
    }
  }

  private static ServerMetricsSource open(Properties props) {
    try {
      return new ServerMetricsSource(new MongoDbServerMetricsProvider().open(props));
    } catch (ServerMetricsUnavailableException e) {
      return Assumptions.abort("the server refused: " + e.getMessage());
    }
  }
}
