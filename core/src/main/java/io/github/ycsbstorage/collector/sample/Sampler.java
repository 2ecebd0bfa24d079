package io.github.ycsbstorage.collector.sample;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.result.CpuShares;
import io.github.ycsbstorage.result.IoRates;
import io.github.ycsbstorage.result.MemoryState;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples a {@link ProcSource} at a fixed interval on one daemon thread and turns consecutive
 * snapshots into {@link IntervalSample}s and {@link RunTotals}. A failed or partial reading becomes
 * a recorded gap; nothing here ever throws into the benchmark. Devices that appear mid-run start
 * contributing from their second reading; devices that disappear are noted.
 *
 * <p>Like iostat, maxima come from full intervals only: an interval shorter than 90 % of
 * the nominal one (the stub taken when sampling stops, or a reading that a
 * delayed scheduler fires in quick succession to catch up) counts toward time-weighted averages and
 * totals, but not toward maxima, where a few milliseconds of activity would read as a busy device.
 * Thread-safe.
 */
public final class Sampler {
  /** USER_HZ: the unit of /proc/stat and /proc/pid/stat times; 100 on every Linux architecture. */
  public static final int USER_HZ = 100;
  /** The share of the nominal interval from which on an interval is full. */
  static final double FULL_SHARE = 0.9;

  private final ProcSource source;
  private final Predicate<String> watched;
  private final Duration interval;
  private final LongPredicate countedThreads;
  private final List<IntervalSample> samples = new ArrayList<>();
  private final List<String> gaps = new ArrayList<>();
  private final RunTotals totals = new RunTotals();
  private Snapshot previous;
  private Snapshot first;
  private ScheduledExecutorService executor;
  private long startedMillis;

  /**
   * What a finished sampling produced.
   *
   * @param first the first reading, null when none was taken
   * @param last  the last reading, null when none was taken
   */
  public record Result(String source, long startedMillis, long stoppedMillis,
      List<IntervalSample> samples, RunTotals totals, List<String> gaps, Snapshot first, Snapshot last) {

    public Result(String source, long startedMillis, long stoppedMillis, List<IntervalSample> samples,
        RunTotals totals, List<String> gaps) {
      this(source, startedMillis, stoppedMillis, samples, totals, gaps, null, null);
    }
  }

  /**
   * The one interval between two readings that may come from different processes on one host (a
   * study cell's clients): its length from their wall-clock times, since their monotonic clocks differ.
   */
  public static Result between(String source, Snapshot first, Snapshot last) {
    var sampler = new Sampler(new ProcSource() {
      @Override
      public Snapshot take(Predicate<String> watchedDevices) {
        throw new UnsupportedOperationException("readings given, not taken");
      }

      @Override
      public String describe() {
        return source;
      }
    }, name -> true, Duration.ofMillis(Math.max(1, last.epochMillis() - first.epochMillis())));
    sampler.accept(first.atWallClock());
    sampler.accept(last.atWallClock());
    // thread ids of different clients' processes do not pair up: their waits are each client's own
    sampler.totals.threads = null;
    sampler.totals.threadsShort = "readings of several client processes: a process's threads are not traced across them";
    return new Result(source, first.epochMillis(), last.epochMillis(), List.copyOf(sampler.samples), sampler.totals,
        List.copyOf(sampler.gaps), first, last);
  }

  public Sampler(ProcSource source, Predicate<String> watched, Duration interval) {
    this(source, watched, interval, tid -> true);
  }

  /**
   * @param countedThreads which of the observed process's threads the run-queue totals count
   */
  public Sampler(ProcSource source, Predicate<String> watched, Duration interval, LongPredicate countedThreads) {
    Check.argument(source != null && watched != null && interval != null && !interval.isNegative()
        && !interval.isZero() && countedThreads != null,
        "source, watched devices, a positive interval and the counted threads are required");
    this.source = source;
    this.watched = watched;
    this.interval = interval;
    this.countedThreads = countedThreads;
  }

  /** Takes the first reading now and samples on a daemon thread from then on. */
  public synchronized void start() {
    if (executor != null) {
      throw new IllegalStateException("already started");
    }
    startedMillis = System.currentTimeMillis();
    executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
      var thread = new Thread(runnable, "ycsb-storage-collector");
      thread.setDaemon(true);
      return thread;
    });
    sampleNow();
    long millis = interval.toMillis();
    executor.scheduleAtFixedRate(this::sampleNow, millis, millis, TimeUnit.MILLISECONDS);
  }

  /**
   * Stops sampling, takes a last reading if it was {@linkplain #start() started} (so the tail of
   * the phase counts) and returns everything.
   */
  public Result stop() {
    ScheduledExecutorService running;
    synchronized (this) {
      running = executor;
    }
    if (running != null) {
      running.shutdownNow();
      try {
        running.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (this) {
      if (running != null) {
        sampleNow();
      }
      return new Result(source.describe(), startedMillis, System.currentTimeMillis(),
          List.copyOf(samples), totals, List.copyOf(gaps), first, previous);
    }
  }

  /** Whether an interval long enough to count toward maxima has been recorded yet. */
  public synchronized boolean hasFullInterval() {
    return samples.stream().anyMatch(IntervalSample::full);
  }

  /** Takes a reading now, as the timer does: for callers that drive a phase step by step (tests). */
  public synchronized void sampleNow() {
    try {
      accept(source.take(watched));
    } catch (IOException | RuntimeException e) {
      gaps.add(Instant.now() + ": reading " + source.describe() + " failed: " + e.getMessage());
    }
  }

  /** Adds a reading; public so that tests (and remote sources) can drive time explicitly. */
  public synchronized void accept(Snapshot current) {
    var prior = previous;
    previous = current;
    if (prior == null) {
      first = current;
      if (!current.missing().isEmpty()) {
        gaps.add("first reading: " + String.join(", ", current.missing()));
      }
      return;
    }
    double seconds = (current.nanos() - prior.nanos()) / 1e9;
    if (seconds <= 0) {
      return;
    }
    boolean full = seconds >= FULL_SHARE * interval.toNanos() / 1e9;
    var intervalGaps = new ArrayList<>(current.missing());
    var devices = new HashMap<String, IoRates>();
    for (var entry : current.disks().entrySet()) {
      var before = prior.disks().get(entry.getKey());
      if (before == null) {
        intervalGaps.add(entry.getKey() + " appeared");
        continue;
      }
      var delta = ResultMapping.diskDelta(before, entry.getValue());
      if (delta == null) {
        intervalGaps.add(entry.getKey() + ": counters reset");
        continue;
      }
      var rates = ResultMapping.ioRates(delta, seconds);
      devices.put(entry.getKey(), rates);
      totals.addDisk(entry.getKey(), delta, seconds, full ? rates.utilPercent() : null);
    }
    for (var name : prior.disks().keySet()) {
      if (!current.disks().containsKey(name)) {
        intervalGaps.add(name + " disappeared");
      }
    }
    CpuShares cpu = null;
    if (prior.cpu() != null && current.cpu() != null) {
      var delta = CounterDelta.of(prior.cpu(), current.cpu(), ProcParsers.CPU_FIELDS, -1);
      if (delta != null) {
        cpu = ResultMapping.cpuShares(delta);
        totals.cpu = RunTotals.add(totals.cpu, delta);
        totals.cpuSeconds += seconds;
      }
    }
    MemoryState memory = null;
    if (current.memory() != null) {
      memory = ResultMapping.memoryState(current.memory());
      totals.lastMemory = memory;
    }
    Double faults = null;
    Double swapIn = null;
    Double swapOut = null;
    if (prior.vm() != null && current.vm() != null) {
      var delta = CounterDelta.of(prior.vm(), current.vm(), 3, -1);
      if (delta != null && prior.vm()[0] >= 0 && current.vm()[0] >= 0) {
        faults = delta[0] / seconds;
        swapIn = delta[1] / seconds;
        swapOut = delta[2] / seconds;
        totals.vm = RunTotals.add(totals.vm, delta);
      }
    }
    var process = process(prior, current, seconds);
    threads(prior, current);
    totals.seconds += seconds;
    // the run's gaps note when something went missing, not every interval it stays missing
    var begun = new ArrayList<>(intervalGaps);
    begun.removeAll(prior.missing());
    if (!begun.isEmpty()) {
      gaps.add(Instant.ofEpochMilli(current.epochMillis()) + ": " + String.join(", ", begun));
    }
    samples.add(new IntervalSample(current.epochMillis(), seconds, full, devices, cpu, memory, faults,
        swapIn, swapOut, process, intervalGaps));
  }

  /**
   * Adds the observed process's threads' on-CPU and run-queue wait over the interval: each thread's
   * change, all of a thread that began within it (absent before, or its id reused), nothing of one
   * that ended within it (its last part of an interval is lost, on both counts alike); only the
   * threads {@code countedThreads} accepts.
   */
  private void threads(Snapshot prior, Snapshot current) {
    if (prior.processCpu() == null && current.processCpu() == null && prior.threads() == null
        && current.threads() == null) {
      return; // no process observed
    }
    if (prior.threads() == null || current.threads() == null || current.threads().isEmpty()) {
      totals.threadsShort = "an interval without the threads' schedstat";
      return;
    }
    var sum = new long[2];
    current.threads().forEach((tid, now) -> {
      if (!countedThreads.test(tid)) {
        return;
      }
      var before = prior.threads().get(tid);
      boolean began = before == null || now[0] < before[0] || now[1] < before[1];
      sum[0] += began ? now[0] : now[0] - before[0];
      sum[1] += began ? now[1] : now[1] - before[1];
    });
    totals.threads = RunTotals.add(totals.threads, sum);
  }

  /**
   * The server process's CPU and I/O over the interval, each when its file was read at both ends:
   * {@code /proc/<pid>/io} is readable only by the process's user and root, {@code stat} by anyone, so
   * a server run by another user still has its CPU time measured; null when neither was.
   */
  private IntervalSample.ProcessRates process(Snapshot prior, Snapshot current, double seconds) {
    var cpu = prior.processCpu() == null || current.processCpu() == null ? null
        : CounterDelta.of(prior.processCpu(), current.processCpu(), 2, -1);
    var io = prior.processIo() == null || current.processIo() == null ? null
        : CounterDelta.of(prior.processIo(), current.processIo(), 4, -1);
    if (cpu == null && io == null) {
      return null;
    }
    if (cpu != null) {
      totals.processCpu = RunTotals.add(totals.processCpu, cpu);
    }
    if (io != null) {
      totals.processIo = RunTotals.add(totals.processIo, io);
    }
    return new IntervalSample.ProcessRates(cpu == null ? null : 100.0 * (cpu[0] + cpu[1]) / USER_HZ / seconds,
        io == null ? null : io[2] / seconds, io == null ? null : io[3] / seconds,
        io == null ? null : io[0] / seconds, io == null ? null : io[1] / seconds);
  }
}
