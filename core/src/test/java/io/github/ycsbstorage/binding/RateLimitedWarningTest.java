package io.github.ycsbstorage.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimitedWarningTest {

  @Test
  void printsOneLinePerIntervalWithTheSuppressedCount() {
    var bytes = new ByteArrayOutputStream();
    var now = new AtomicLong(0);
    var warning = new RateLimitedWarning("mongodb", 1000, new PrintStream(bytes, true, StandardCharsets.UTF_8),
        now::get);
    var cause = new IllegalStateException("connection refused to mongodb://u:pw@db1:27017");
    warning.warn("read", cause);
    for (int i = 0; i < 5; i++) {
      now.addAndGet(100_000_000L); // 0.1 s
      warning.warn("update", cause);
    }
    now.addAndGet(600_000_000L); // 1.1 s after the first line
    warning.warn("insert", cause);

    assertEquals(7, warning.total());
    assertEquals("""
        [mongodb] read failed: IllegalStateException: connection refused to mongodb://u:*****@db1:27017
        [mongodb] insert failed: IllegalStateException: connection refused to mongodb://u:*****@db1:27017 \
        (5 similar failures not shown)
        """, bytes.toString(StandardCharsets.UTF_8));
  }
}
