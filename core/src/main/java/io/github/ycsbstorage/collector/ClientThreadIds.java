package io.github.ycsbstorage.collector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;

/**
 * The kernel's thread ids of this JVM's YCSB client threads, each registered by the thread itself: when
 * the observed process is the client's own (an embedded engine), their run-queue wait, not that of the
 * engine's background threads, the JIT's or the GC's, is what an operation waited for a CPU.
 * Thread-safe.
 */
public final class ClientThreadIds {
  private static final Set<Long> IDS = ConcurrentHashMap.newKeySet();
  private static final Path SELF = Path.of("/proc/thread-self");

  private ClientThreadIds() {
  }

  /** Registers the calling thread; a host without {@code /proc/thread-self} registers none. */
  public static void registerCurrent() {
    try {
      IDS.add(Long.parseLong(Files.readSymbolicLink(SELF).getFileName().toString())); // "<pid>/task/<tid>"
    } catch (IOException | UnsupportedOperationException | NumberFormatException e) {
      // no thread ids: the sampler then counts every thread of the process, an upper bound
    }
  }

  /** Which threads' schedstat to count in this process: the client threads, or all while none registered. */
  static LongPredicate ofThisProcess() {
    return tid -> IDS.isEmpty() || IDS.contains(tid);
  }
}
