package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.PhaseObserver;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.ServerInfo;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link PhaseObserver.Factory} registered for tests only: it logs what the workload calls, and
 * switches itself on only when {@code test.observe=true}. Thread-safe.
 */
public final class RecordingObserverFactory implements PhaseObserver.Factory {
  static final List<String> EVENTS = new CopyOnWriteArrayList<>();

  @Override
  public Optional<PhaseObserver> create(Phase phase, Properties properties, Optional<ServerInfo> server) {
    if (!Boolean.parseBoolean(properties.getProperty("test.observe"))) {
      return Optional.empty();
    }
    EVENTS.add("create " + phase + " " + server.map(ServerInfo::product).orElse("no server"));
    return Optional.of(new PhaseObserver() {
      @Override
      public void start() {
        EVENTS.add("start after " + InMemoryServerDb.READS.get() + " reads");
      }

      @Override
      public void stop(RunRecord record) {
        EVENTS.add("stop");
        record.addSummaryLine("TEST", "observed", 1);
      }
    });
  }
}
