package io.github.ycsbstorage.study;

import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Summary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The start-transient rule of a capacity step: a throttled client starts its schedule cold (the first
 * operations of a step at 267 ops/s were seen up to 100 ms behind it), and with 2,000 operations a p99
 * is its 20 worst, so a late start alone could decide the objective. As the steady-state rule leaves a
 * ramp out, the latency a step is judged by leaves out the HdrHistogram log intervals (one second
 * each in a capacity step, {@link #INTERVAL_SECONDS}) that start within {@link #SPAN} of the client's
 * first interval; every operation still counts in the step's other figures. Immutable.
 *
 * @param summary  the step's figures over the operations after the transient, for its latency only
 * @param excluded operations left out, over all clients and operation types
 */
record StartTransient(Summary summary, long excluded) {
  /** The span of a client's start left out of a step's latency. */
  static final Duration SPAN = Duration.ofSeconds(1);
  /** YCSB's {@code status.interval} of a capacity step: one log interval per second. */
  static final int INTERVAL_SECONDS = 1;
  /**
   * The most the rule leaves out of one client: the status thread, not the first operation, sets the
   * intervals' bounds, so an interval that starts just within {@link #SPAN} runs one interval past it.
   */
  static final Duration MOST = SPAN.plusSeconds(INTERVAL_SECONDS);

  /**
   * The step's latency figures without its start, from its clients' logs ({@code client<N>/<OP>.hdr}
   * and {@code Intended-<OP>.hdr} in {@code stepFolder}) for the operations {@code whole} measured.
   */
  static StartTransient of(Path stepFolder, Summary whole) {
    var clients = clientFolders(stepFolder);
    var figures = new TreeMap<String, OperationFigures>();
    long excluded = 0;
    for (var operation : whole.measured().keySet()) {
      var done = steady(logs(clients, operation));
      excluded += done.excluded;
      var intended = logs(clients, OperationFigures.INTENDED_PREFIX + operation);
      figures.put(operation, OperationFigures.of(done.kept, Map.of()).withIntended(intended.isEmpty()
          ? Optional.empty() : Optional.of(OperationFigures.of(steady(intended).kept, Map.of()))));
    }
    return new StartTransient(Summary.of(OptionalLong.empty(), OptionalDouble.empty(), figures), excluded);
  }

  /** What the rule keeps of some client logs of one measurement, and how many it leaves out. */
  record Kept(Histogram kept, long excluded) {
  }

  /** The intervals of each log that start at least {@link #SPAN} after its first one, added up. */
  static Kept steady(List<Path> logs) {
    var kept = new Histogram(3);
    long excluded = 0;
    for (var log : logs) {
      var intervals = HdrLogs.intervals(List.of(log));
      var first = intervals.stream().mapToLong(Histogram::getStartTimeStamp).min();
      if (first.isEmpty()) {
        continue; // a client that logged no interval has no start to leave out
      }
      long start = first.getAsLong();
      for (var interval : intervals) {
        if (interval.getStartTimeStamp() - start < SPAN.toMillis()) {
          excluded += interval.getTotalCount();
        } else {
          kept.add(interval);
        }
      }
    }
    return new Kept(kept, excluded);
  }

  private static List<Path> clientFolders(Path stepFolder) {
    try (var entries = Files.list(stepFolder)) {
      return entries.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("client\\d+")).sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Path> logs(List<Path> clients, String measurement) {
    return clients.stream().map(c -> c.resolve(measurement + ".hdr")).filter(Files::isRegularFile).toList();
  }
}
