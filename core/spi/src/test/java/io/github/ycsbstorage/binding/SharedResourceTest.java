package io.github.ycsbstorage.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.testkit.HangLimit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SharedResourceTest {

  @Test
  void firstAcquireOpensLastReleaseClosesOnce() {
    var closed = new ArrayList<String>();
    var opened = new AtomicInteger();
    var shared = new SharedResource<String>(closed::add);
    var first = shared.acquire(() -> "client-" + opened.incrementAndGet());
    var second = shared.acquire(() -> "client-" + opened.incrementAndGet());
    assertSame(first, second);
    assertEquals(1, opened.get());
    shared.release();
    assertEquals(List.of(), closed);
    shared.release();
    shared.release(); // extra release, as a second cleanup() would do
    assertEquals(List.of("client-1"), closed);
    assertEquals("client-2", shared.acquire(() -> "client-" + opened.incrementAndGet()));
  }

  @Test
  void failedOpenSharesNothing() {
    var shared = new SharedResource<String>(ignored -> { });
    assertThrows(IOException.class, () -> shared.acquire(() -> {
      throw new IOException("no route to host");
    }));
    assertEquals(0, shared.users());
    assertEquals("ok", shared.acquire(() -> "ok"));
  }

  @Test
  void manyThreadsOpenOneInstance() throws Exception {
    var opened = new AtomicInteger();
    var closed = new AtomicInteger();
    var shared = new SharedResource<Object>(ignored -> closed.incrementAndGet());
    var pool = Executors.newFixedThreadPool(16);
    SharedResource.Opener<Object, RuntimeException> opener = () -> {
      opened.incrementAndGet();
      return new Object();
    };
    for (int i = 0; i < 256; i++) {
      pool.execute(() -> {
        shared.acquire(opener);
        shared.release();
        shared.acquire(opener);
      });
    }
    pool.shutdown();
    assertEquals(true, pool.awaitTermination(HangLimit.of(HangLimit.STEP).toNanos(), TimeUnit.NANOSECONDS));
    assertEquals(256, shared.users());
    for (int i = 0; i < 256; i++) {
      shared.release();
    }
    assertEquals(0, shared.users());
    // Every instance ever opened was closed exactly once, and the last release closed the last one.
    assertEquals(opened.get(), closed.get());
  }
}
