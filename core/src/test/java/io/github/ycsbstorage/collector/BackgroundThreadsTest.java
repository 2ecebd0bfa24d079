package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.collector.remote.SshProcSource;
import io.github.ycsbstorage.collector.sample.LocalProcSource;
import io.github.ycsbstorage.collector.sample.ProcSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackgroundThreadsTest {
  private static final Map<Long, String> KVLITE = Map.of(101L, "KV Pause Checke", 102L, "KV Pause Checke",
      103L, "KVRequestHandle", 104L, "KVoracle.kv.imp", 105L, "java");

  @Test
  void aNameLongerThanTheKernelKeepsMatchesItsFirstFifteenBytes() {
    var threads = BackgroundThreads.of(KVLITE, List.of("KV Pause Checker"));
    assertFalse(threads.counted().test(101));
    assertFalse(threads.counted().test(102));
    assertTrue(threads.counted().test(103));
    assertTrue(threads.counted().test(105));
    assertTrue(threads.counted().test(999), "a thread that started later is counted");
    assertEquals(List.of("KV Pause Checke (101)", "KV Pause Checke (102)"), threads.described());
  }

  @Test
  void withoutNamesOrWithoutMatchesEveryThreadCounts() {
    for (var threads : List.of(BackgroundThreads.of(Map.of(), List.of("KV Pause Checker")),
        BackgroundThreads.of(KVLITE, List.of()), BackgroundThreads.of(KVLITE, List.of("RequestHandler")))) {
      assertTrue(KVLITE.keySet().stream().allMatch(tid -> threads.counted().test(tid)));
      assertEquals(List.of(), threads.described());
    }
  }

  /** Both sources read the names of a real process's threads: this JVM's, one of them named as KV names its. */
  @Test
  void theLocalAndTheSshSourceReadEachThreadsName(@TempDir Path directory) throws Exception {
    Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/thread-self/")), "no /proc/thread-self: not Linux");
    var tid = new AtomicLong();
    var named = new CountDownLatch(1);
    var done = new CountDownLatch(1);
    var thread = new Thread(() -> {
      try {
        tid.set(Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString()));
        named.countDown();
        done.await();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, "KV Pause Checker 7");
    thread.start();
    try {
      named.await();
      var fakeSsh = directory.resolve("fake-ssh");
      Files.writeString(fakeSsh, "#!/bin/sh\nshift\nexec sh -c \"$1\"\n");
      assertTrue(fakeSsh.toFile().setExecutable(true));
      var pid = OptionalLong.of(ProcessHandle.current().pid());
      for (ProcSource source : List.of(new LocalProcSource(new HostFiles(Path.of("/")), pid),
          new SshProcSource(List.of(fakeSsh.toString()), "db1", pid))) {
        var names = source.threadNames();
        assertEquals("KV Pause Checke", names.get(tid.get()), source.describe());
        assertEquals(List.of("KV Pause Checke (" + tid.get() + ")"),
            BackgroundThreads.of(names, List.of("KV Pause Checker")).described(), source.describe());
      }
      assertEquals(Map.of(), new LocalProcSource(new HostFiles(Path.of("/")), OptionalLong.empty()).threadNames());
    } finally {
      done.countDown();
      thread.join();
    }
  }
}
