package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.RunRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run-queue wait of a process on this host's real /proc: this JVM, with twice as many busy
 * threads as the host has CPUs while the collector runs, so that they must have waited for a CPU.
 * Each busy thread reads its own {@code /proc/thread-self/schedstat} when it starts and stops
 * spinning, inside the collector's window, and stays alive until the collector has stopped: the
 * collector's sums over all the JVM's threads must hold at least what the busy threads read, and no
 * more CPU time than all cores over the window.
 */
class RunQueueLiveTest {
  /** This thread's on-CPU and run-queue wait ns. */
  private static long[] own() {
    try {
      var fields = Files.readString(Path.of("/proc/thread-self/schedstat")).strip().split(" ");
      return new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1])};
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void busyThreadsBeyondTheCpusWaitOnTheRunQueue(@TempDir Path temp) throws Exception {
    var properties = new Properties();
    properties.setProperty("collector.pid", Long.toString(ProcessHandle.current().pid()));
    properties.setProperty("collector.paths", temp.toString());
    properties.setProperty("collector.probe", "false");
    properties.setProperty("collector.interval", "50ms");
    var collector = new StorageCollector(Phase.RUN, CollectorSettings.from(properties, Optional.empty()),
        () -> new OperationCount(1000L, "test"), properties);
    long started = System.nanoTime();
    collector.start();
    var stop = new AtomicBoolean();
    var done = new CountDownLatch(1);
    int count = 2 * Runtime.getRuntime().availableProcessors();
    var spun = new CountDownLatch(count);
    var read = new AtomicLongArray(2); // the busy threads' own on-CPU and wait ns while spinning
    var busy = new ArrayList<Thread>();
    for (int i = 0; i < count; i++) {
      var thread = new Thread(() -> {
        var begin = own();
        while (!stop.get()) {
          Thread.onSpinWait();
        }
        var end = own();
        read.addAndGet(0, end[0] - begin[0]);
        read.addAndGet(1, end[1] - begin[1]);
        spun.countDown();
        try {
          done.await(); // alive until the collector's last reading
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      thread.start();
      busy.add(thread);
    }
    Thread.sleep(500);
    stop.set(true);
    spun.await();
    var record = new RunRecord();
    collector.stop(record);
    long window = System.nanoTime() - started;
    done.countDown();
    for (var thread : busy) {
      thread.join();
    }

    var queue = record.sections().io().orElseThrow().process().orElseThrow().runQueue();
    assertTrue(queue.reason().isEmpty(), queue.toString());
    long onCpu = queue.onCpuMicros().orElseThrow();
    long cores = Runtime.getRuntime().availableProcessors();
    assertTrue(onCpu >= read.get(0) / 1000 && onCpu <= window / 1000 * cores, onCpu + " µs on a CPU; the busy "
        + "threads read " + read.get(0) / 1000 + " µs; " + cores + " cores over " + window / 1000 + " µs");
    assertTrue(queue.waitMicros().orElseThrow() >= read.get(1) / 1000 && read.get(1) > 0, queue + "; the busy "
        + "threads read " + read.get(1) / 1000 + " µs of waiting");
  }
}
