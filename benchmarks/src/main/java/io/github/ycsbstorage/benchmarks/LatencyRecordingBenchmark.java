package io.github.ycsbstorage.benchmarks;

import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;

/**
 * Question: what does recording one operation's latency cost, with the measurement type a storage
 * study uses ({@code hdrhistogram}, which the study runner needs for exact multi-client merges)
 * against YCSB's default ({@code histogram})?
 *
 * <p>ycsb-storage adds no recording path of its own: every latency goes through YCSB's
 * {@code OneMeasurement*} classes. Read the score as nanoseconds per recorded latency, with two
 * threads recording into one measurement as YCSB's client threads do. A few tens of nanoseconds
 * against an operation of tens of microseconds (a database round trip) is noise; a figure
 * approaching a microsecond would bias the study's fastest devices.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(2)
@State(Scope.Benchmark)
public class LatencyRecordingBenchmark {
  /** YCSB's {@code measurementtype} values whose recording cost is compared. */
  @Param({"hdrhistogram", "histogram"})
  public String measurementType;

  private OneMeasurement measurement;

  @Setup(Level.Trial)
  public void createMeasurement() {
    var properties = new Properties();
    measurement = switch (measurementType) {
      case "hdrhistogram" -> new OneMeasurementHdrHistogram("READ", properties);
      case "histogram" -> new OneMeasurementHistogram("READ", properties);
      default -> throw new IllegalArgumentException("unknown measurementType " + measurementType);
    };
  }

  /** Per-thread source of latencies spread like a device mix: mostly fast, a tail of slow ones. */
  @State(Scope.Thread)
  public static class Latencies {
    private long seed = 0x9E3779B97F4A7C15L;

    int next() {
      seed ^= seed << 13;
      seed ^= seed >>> 7;
      seed ^= seed << 17;
      int bucket = (int) (seed & 1023);
      // 90 % in 50-250 us (flash), 10 % in 2-12 ms (spinning disk seeks).
      return bucket < 922 ? 50 + (int) ((seed >>> 10) & 0xFF) : 2_000 + (int) ((seed >>> 10) & 0x2FFF);
    }
  }

  @Benchmark
  public void recordOneLatency(Latencies latencies) {
    measurement.measure(latencies.next());
  }
}
