package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoadProgressTest {

  @Test
  void lineShowsRecordsPercentRateThroughputAndEta() {
    var now = new AtomicLong(0);
    var progress = new LoadProgress(100_000, 1023, Duration.ofSeconds(10), false, System.err, now::get);
    for (int i = 0; i < 25_000; i++) {
      progress.recordInserted();
    }
    now.set(10_000_000_000L);
    assertEquals("load 25,000 of 100,000 records (25.0 %), 2,500 records/s, 2.6 MB/s, ETA 30 s", progress.line());
    now.set(50_000_000_000L);
    assertEquals("load 25,000 of 100,000 records (25.0 %), 500 records/s, 0.5 MB/s, ETA 2 min 30 s", progress.line());
  }

  @Test
  void etaFormats() {
    assertEquals("59 s", LoadProgress.format(Duration.ofSeconds(59)));
    assertEquals("1 min 0 s", LoadProgress.format(Duration.ofSeconds(60)));
    assertEquals("2 h 5 min", LoadProgress.format(Duration.ofMinutes(125)));
  }

  @Test
  void inPlaceOnATerminalEndsWithOneNewline() throws Exception {
    var bytes = new ByteArrayOutputStream();
    var now = new AtomicLong(0);
    var progress = new LoadProgress(2, 10, Duration.ofSeconds(10), true, new PrintStream(bytes, true,
        StandardCharsets.UTF_8), now::get);
    progress.start();
    progress.recordInserted();
    progress.recordInserted();
    now.set(1_000_000_000L);
    progress.stop();
    assertEquals("\rload 2 of 2 records (100.0 %), 2 records/s, 0.0 MB/s, ETA 0 s" + System.lineSeparator(),
        bytes.toString(StandardCharsets.UTF_8));
  }
}
