package io.github.ycsbstorage.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimitedWarningTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final AtomicLong now = new AtomicLong(0);
  private final RateLimitedWarning warning = new RateLimitedWarning("mongodb", 1000,
      new PrintStream(bytes, true, StandardCharsets.UTF_8), now::get);

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void printsOneLinePerIntervalAndKindWithTheSuppressedCount() {
    var cause = new IllegalStateException("connection refused to mongodb://u:pw@db1:27017");
    warning.warn("read", cause);
    for (int i = 0; i < 5; i++) {
      now.addAndGet(100_000_000L); // 0.1 s
      warning.warn("read", cause);
    }
    now.addAndGet(600_000_000L); // 1.1 s after the first line
    warning.warn("read", cause);

    assertEquals(7, warning.total());
    assertEquals("""
        mongodb: read failed: IllegalStateException: connection refused to mongodb://u:*****@db1:27017
        mongodb: read failed: IllegalStateException: connection refused to mongodb://u:*****@db1:27017 \
        (5 similar failures not shown)
        """, printed());
  }

  @Test
  void oneKindOfFailureCannotHideAnother() {
    for (int i = 0; i < 1000; i++) {
      warning.warn("scan", new IllegalStateException("Node limit exceeded"));
    }
    warning.warn("insert", new IllegalStateException("disk full"));
    warning.warn("insert", "1000 of 1000 records not stored", new IllegalArgumentException("bad row"));

    assertEquals("""
        mongodb: scan failed: IllegalStateException: Node limit exceeded
        mongodb: insert failed: IllegalStateException: disk full
        mongodb: insert failed (1000 of 1000 records not stored): IllegalArgumentException: bad row
        """, printed());
    assertEquals(1002, warning.total());
  }

  @Test
  void aHugeMessageIsCutToOneShortLine() {
    var batch = new StringBuilder("Bulk write failed:\n");
    for (int i = 0; i < 10_000; i++) {
      batch.append("duplicate key user").append(i).append('\n');
    }
    warning.warn("insert", "4000 records not stored", new IllegalStateException(batch.toString()));

    var line = printed();
    assertEquals(1, line.lines().count(), line);
    assertTrue(line.length() < RateLimitedWarning.MESSAGE_LIMIT + 150, line.length() + " characters");
    assertTrue(line.startsWith("mongodb: insert failed (4000 records not stored): IllegalStateException: "
        + "Bulk write failed: duplicate key user0 duplicate key user1 "), line);
    assertTrue(line.endsWith("… (" + (batch.length() - 1 + ": ".length() + "IllegalStateException".length())
        + " characters)\n"), line);
  }

  @Test
  void kindsBeyondTheLimitShareOneLimit() {
    for (int i = 0; i < RateLimitedWarning.MAX_KINDS + 10; i++) {
      warning.warn("operation" + i, new IllegalStateException("x"));
    }
    assertEquals(RateLimitedWarning.MAX_KINDS + 1, printed().lines().count());
  }
}
