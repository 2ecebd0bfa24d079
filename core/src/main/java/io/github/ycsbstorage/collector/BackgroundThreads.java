package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.config.Check;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * The threads of a server's process that its binding names as serving no operation ({@link
 * io.github.ycsbstorage.spi.ServerInfo#backgroundThreads()}), told by their names when the phase starts.
 * Their wait for a CPU delays no operation: a pause detector that sleeps a millisecond in a loop waits
 * at every wake-up while other work holds the cores, and counted with the rest it would make a
 * device-bound server look held up by CPU. A thread that starts later is counted whatever its name,
 * so the server's wait stays an upper bound. Immutable.
 */
final class BackgroundThreads {
  /** The bytes of a thread's name the kernel keeps ({@code comm}: TASK_COMM_LEN 16 with its NUL). */
  static final int NAME_BYTES = 15;

  /** Thread id → name, ordered by id. */
  private final Map<Long, String> uncounted;

  private BackgroundThreads(Map<Long, String> uncounted) {
    this.uncounted = uncounted;
  }

  /**
   * @param names   the process's threads now: thread id → name as the kernel keeps it
   * @param prefixes how the names of the threads that serve no operation begin
   */
  static BackgroundThreads of(Map<Long, String> names, List<String> prefixes) {
    Check.argument(names != null && prefixes != null, "names and prefixes are required");
    var kept = prefixes.stream().map(p -> p.length() > NAME_BYTES ? p.substring(0, NAME_BYTES) : p).toList();
    var uncounted = new TreeMap<Long, String>();
    names.forEach((tid, name) -> {
      if (kept.stream().anyMatch(name::startsWith)) {
        uncounted.put(tid, name);
      }
    });
    return new BackgroundThreads(uncounted);
  }

  /** Which threads the run-queue totals count: every one but these. */
  LongPredicate counted() {
    Set<Long> ids = Set.copyOf(uncounted.keySet());
    return tid -> !ids.contains(tid);
  }

  /** For the result, e.g. {@code KV Pause Checke (4711)}. */
  List<String> described() {
    return uncounted.entrySet().stream().map(e -> e.getValue() + " (" + e.getKey() + ")").toList();
  }
}
