package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.EngineActivity;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.EngineCounters;
import io.github.ycsbstorage.spi.EngineStatisticsProvider;
import io.github.ycsbstorage.spi.ServerInfo;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * An embedded engine's own counters over the measured phase: read when the phase starts and when it
 * stops, the difference recorded as the result's {@code engine} section and as {@code [ENGINE]} lines
 * PerfKitBenchmarker reads. A binding without {@link EngineStatisticsProvider} gives no section. The
 * counters are the engine's, so they include what every client thread of this JVM did. Not
 * thread-safe: the workload's main thread drives it.
 */
final class EngineWatch {
  static final String GROUP = "ENGINE";

  private final Optional<EngineStatisticsProvider> provider;
  private final String source;
  private EngineCounters start;

  private EngineWatch(Optional<EngineStatisticsProvider> provider, String source) {
    this.provider = provider;
    this.source = source;
  }

  /** A watch of the session's engine; one that records nothing when the binding keeps no counters. */
  static EngineWatch of(BindingSession session, Optional<ServerInfo> server) {
    var provider = session.db() instanceof EngineStatisticsProvider engine ? Optional.of(engine) : Optional.empty();
    var source = server.map(info -> info.product() + info.version().map(v -> " " + v).orElse(""))
        .orElse(session.className()) + " statistics";
    return new EngineWatch(provider.map(EngineStatisticsProvider.class::cast), source);
  }

  /**
   * Records the engine's caveats and lets it settle (its warning, if it could not, goes to
   * {@code record} too), then reads its counters: the phase's start.
   */
  void start(RunRecord record) throws InterruptedException {
    if (provider.isEmpty()) {
      return;
    }
    var unknown = provider.get().countersUnknown();
    if (unknown.isPresent()) {
      System.err.println("Note: " + source + " not recorded: " + unknown.get());
      return;
    }
    var warnings = new java.util.ArrayList<>(provider.get().caveats());
    provider.get().settle().ifPresent(warnings::add);
    for (var warning : warnings) {
      System.err.println("Warning: " + warning);
      record.addWarning(warning);
    }
    start = provider.get().engineCounters();
  }

  /**
   * What the engine wrote to its files since it opened (write-ahead log, flushes, compactions); empty
   * when it keeps no such counters.
   */
  OptionalLong bytesWritten() {
    if (provider.isEmpty()) {
      return OptionalLong.empty();
    }
    var now = provider.get().engineCounters();
    return now.bytesWritten().isPresent() && now.flushBytesWritten().isPresent()
        && now.compactionBytesWritten().isPresent()
        ? OptionalLong.of(now.bytesWritten().getAsLong() + now.flushBytesWritten().getAsLong()
            + now.compactionBytesWritten().getAsLong())
        : OptionalLong.empty();
  }

  /** Records the counters' change since {@link #start()} over the phase's {@code operations}. */
  void stop(RunRecord record, long operations) {
    if (start == null) {
      return;
    }
    var activity = EngineActivity.of(source, provider.orElseThrow().engineCounters().since(start), operations);
    start = null;
    record.setEngine(activity);
    line(record, "device.reads/op", activity.deviceReadsPerOperation());
    line(record, "cache.hit.ratio", activity.cacheHitRatio());
    var counters = activity.counters();
    line(record, "cache.hits", counters.cacheHits());
    line(record, "cache.misses", counters.cacheMisses());
    line(record, "operation.block.reads", counters.operationBlockReads());
    line(record, "bytes.read", counters.bytesRead());
    line(record, "bytes.written", counters.bytesWritten());
    line(record, "compaction.bytes.read", counters.compactionBytesRead());
    line(record, "compaction.bytes.written", counters.compactionBytesWritten());
    line(record, "flush.bytes.written", counters.flushBytesWritten());
    line(record, "stall.us", counters.stallMicros());
  }

  private static void line(RunRecord record, String name, OptionalDouble value) {
    value.ifPresent(v -> record.addSummaryLine(GROUP, name, Math.round(v * 10_000) / 10_000.0));
  }

  private static void line(RunRecord record, String name, OptionalLong value) {
    value.ifPresent(v -> record.addSummaryLine(GROUP, name, v));
  }
}
