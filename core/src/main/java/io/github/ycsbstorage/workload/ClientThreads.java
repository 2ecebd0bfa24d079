package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client threads YCSB's {@code Client} starts and how many of them got as far as the workload:
 * a thread whose binding's {@code init()} throws ends at once (YCSB prints the exception) and YCSB
 * carries on with the others, so that its share of the work is silently not done. A thread that
 * reaches {@code initThread} has started. Thread-safe.
 */
final class ClientThreads {
  private final int expected;
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicBoolean reported = new AtomicBoolean();

  ClientThreads(int expected) {
    this.expected = expected;
  }

  /**
   * As many as YCSB 0.17.0's {@code Client} starts: {@code threadcount}, but no more than the
   * operations (or inserts) to do.
   *
   * @param p the properties as YCSB's {@code Client} reads them after the workload's {@code init}
   */
  static ClientThreads of(Properties p, boolean load) {
    var ycsb = YcsbSettings.from(p);
    int threads = ycsb.threadCount();
    long operations = load ? ycsb.plannedInserts() : ycsb.operationCount();
    return new ClientThreads(operations > 0 && threads > operations ? (int) operations : threads);
  }

  /** A client thread reached the workload. */
  void started() {
    started.incrementAndGet();
  }

  /**
   * Says how many threads have not started, when any has not; to the first caller only (the failure
   * watch during the phase, or the workload's cleanup), so that the reason is recorded once.
   */
  Optional<String> takeMissing() {
    int missing = expected - started.get();
    if (missing <= 0 || !reported.compareAndSet(false, true)) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "%d of %d client threads did not start (their binding's init()"
        + " failed or did not return; YCSB printed its error): their share of the work was not done", missing,
        expected));
  }
}
