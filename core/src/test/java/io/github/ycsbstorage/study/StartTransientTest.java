package io.github.ycsbstorage.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Summary;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A throttled step whose first second holds its slow operations (a late schedule start) is judged on
 * the rest: the case of issue #44, 2,000 operations at 10 ms whose p99 the start's 30 late ones set alone.
 */
class StartTransientTest {
  private static final LatencyObjective P99_20MS = LatencyObjective.parse("study.slo", "p99<=20ms");
  private static final long SLOW_US = 100_000;
  private static final long STEADY_US = 10_000;
  private static final int SLOW = 30;

  /** Two clients, 8 one-second intervals each; the first interval of each holds 15 operations at 100 ms. */
  @Test
  void aLateStartDoesNotDecideTheStepsLatency(@TempDir Path step) throws Exception {
    for (int client = 0; client < 2; client++) {
      long start = 1_700_000_000_000L + client * 300; // each client starts its own schedule
      for (var measurement : new String[] {"READ", OperationFigures.INTENDED_PREFIX + "READ"}) {
        writeLog(step.resolve("client" + client), measurement, start);
      }
    }
    var whole = Summary.of(OptionalLong.empty(), OptionalDouble.empty(), Map.of("READ",
        OperationFigures.of(HdrLogs.merge(List.of(step.resolve("client0/READ.hdr"),
            step.resolve("client1/READ.hdr"))), Map.of())));
    assertEquals(2_000, whole.count());
    assertFalse(P99_20MS.met(P99_20MS.latencyUs(whole)), "the start's 30 slow operations set the whole p99");

    var judged = StartTransient.of(step, whole);

    assertEquals(2 * 125, judged.excluded(), "each client's first interval, slow and steady operations alike");
    assertEquals(2_000 - 250, judged.summary().count());
    var latency = P99_20MS.latencyUs(judged.summary());
    assertTrue(P99_20MS.met(latency), "judged without the start: " + latency);
    assertEquals(STEADY_US, latency.getAsDouble(), STEADY_US * 0.001, "the intended-time p99 of the rest");
    assertTrue(judged.summary().measured().get("READ").intended().isPresent());
  }

  /** Intervals: the first (at the client's start) holds 15 slow and 110 steady operations; 7 more 125 steady each. */
  private static void writeLog(Path client, String measurement, long startMs) throws Exception {
    Files.createDirectories(client);
    try (var out = new PrintStream(Files.newOutputStream(client.resolve(measurement + ".hdr")))) {
      var writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(startMs);
      writer.setBaseTime(startMs);
      writer.outputLegend();
      for (int second = 0; second < 8; second++) {
        var interval = new Histogram(3);
        interval.setStartTimeStamp(startMs + second * 1_000L + (second == 0 ? 0 : 3)); // status lines drift
        interval.setEndTimeStamp(startMs + (second + 1) * 1_000L);
        int slow = second == 0 ? SLOW / 2 : 0;
        if (slow > 0) {
          interval.recordValueWithCount(SLOW_US, slow);
        }
        interval.recordValueWithCount(STEADY_US, 125 - slow);
        writer.outputIntervalHistogram(interval);
      }
    }
  }
}
