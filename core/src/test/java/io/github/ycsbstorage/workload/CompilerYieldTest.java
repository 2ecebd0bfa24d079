package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Renicing threads of this JVM by name, checked at the source ({@code /proc/self/task/<tid>/stat}):
 * on a thread of the test's own, which then ends, so the test JVM's compilers keep their priority.
 */
class CompilerYieldTest {
  @Test
  void theNamedThreadsRunAtTheLowestPriorityAfterwards() throws Exception {
    Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "not Linux: no /proc/self/task");
    var started = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var thread = new Thread(() -> {
      started.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "yield-test");
    thread.start();
    try {
      started.await();
      var yielded = CompilerYield.apply(name -> name.equals("yield-test"));
      assertEquals(1, yielded.threads());
      assertEquals(19, yielded.nice());
      // the thread's own stat, found by its name, shows nice 19
      try (var tasks = Files.list(Path.of("/proc/self/task"))) {
        var stat = tasks.filter(task -> read(task.resolve("comm")).strip().equals("yield-test")).findFirst()
            .map(task -> read(task.resolve("stat"))).orElseThrow();
        var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        assertEquals("19", fields[16], stat);
      }
    } finally {
      release.countDown();
      thread.join();
    }
  }

  @Test
  void noMatchingThreadIsAReasonNotAYield() {
    Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "not Linux: no /proc/self/task");
    var none = assertThrows(IOException.class, () -> CompilerYield.apply(name -> false));
    assertEquals("no JIT compiler thread found in /proc/self/task", none.getMessage());
  }

  @Test
  void hotspotsCompilerThreadsAreTheOnesNamed() {
    assertTrue(CompilerYield.HOTSPOT_COMPILERS.test("C1 CompilerThre"));
    assertTrue(CompilerYield.HOTSPOT_COMPILERS.test("C2 CompilerThre"));
    assertFalse(CompilerYield.HOTSPOT_COMPILERS.test("Thread-2"));
    assertFalse(CompilerYield.HOTSPOT_COMPILERS.test("GC Thread#0"));
  }

  /** A task file's text; empty for a thread that ended meanwhile. */
  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException ended) {
      return "";
    }
  }
}
