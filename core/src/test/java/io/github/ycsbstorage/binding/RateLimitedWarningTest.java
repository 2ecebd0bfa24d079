package io.github.ycsbstorage.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;
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
  void printsOneLinePerIntervalWithTheSuppressedCount() {
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
        [mongodb] read failed: IllegalStateException: connection refused to mongodb://u:*****@db1:27017
        [mongodb] read failed: IllegalStateException: connection refused to mongodb://u:*****@db1:27017 \
        (5 similar failures not shown)
        """, printed());
  }

  @Test
  void oneKindFailingAllTheTimeDoesNotHideAnother() {
    // Scans time out continuously; one insert failure and one other read failure must still show.
    for (int i = 0; i < 150; i++) {
      now.addAndGet(10_000_000L);
      warning.warn("scan", new TimeoutException("scan timed out"));
    }
    warning.warn("insert", new IOException("duplicate key"));
    warning.warn("scan", new IOException("bad request"));

    assertEquals("""
        [mongodb] scan failed: TimeoutException: scan timed out
        [mongodb] scan failed: TimeoutException: scan timed out (99 similar failures not shown)
        [mongodb] insert failed: IOException: duplicate key
        [mongodb] scan failed: IOException: bad request
        """, printed());
  }

  @Test
  void aHugeMessageIsCutToOneShortLineSayingHowMuchWasCut() {
    var message = new StringBuilder("Bulk write operation error, write errors: ");
    for (int i = 0; i < 1000; i++) {
      message.append("\n  WriteError{code=11000, message='E11000 duplicate key error: user").append(i).append("'}");
    }
    warning.warn("insert", new IllegalStateException(message.toString()));

    var line = printed().strip();
    assertEquals(1, printed().lines().count());
    int shown = RateLimitedWarning.MAX_MESSAGE;
    var oneLine = message.toString().replaceAll("\\s*\\n\\s*", " ");
    assertEquals("[mongodb] insert failed: IllegalStateException: " + oneLine.substring(0, shown) + "... ("
        + (oneLine.length() - shown) + " more characters)", line);
    assertTrue(line.length() < 400, line);
  }

  @Test
  void aCutNeverShowsPartOfAPassword() {
    var padding = "x".repeat(RateLimitedWarning.MAX_MESSAGE - 20);
    warning.warn("read", new IllegalStateException(padding + " mongodb://alice:hunter2hunter2@db1:27017"));
    assertTrue(printed().contains("mongodb://alice:*"), printed());
    assertTrue(!printed().contains("hunter"), printed());
  }

  @Test
  void aGivenMessageReplacesTheCausesOwn() {
    warning.warn("insert batch", new IllegalStateException("10 KB of write errors"),
        "1000 of 1000 records not stored; first error: E11000 duplicate key");
    assertEquals("[mongodb] insert batch failed: IllegalStateException: 1000 of 1000 records not stored;"
        + " first error: E11000 duplicate key\n", printed());
  }
}
