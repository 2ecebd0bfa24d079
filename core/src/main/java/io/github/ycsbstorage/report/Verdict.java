package io.github.ycsbstorage.report;

import io.github.ycsbstorage.collector.CollectorSettings;
import io.github.ycsbstorage.config.Check;
import java.util.List;
import java.util.Optional;

/**
 * The judgement of one {@link Comparison}: whether the figures support a statement about the devices,
 * and which. Computed by {@link Judge}; worded once by {@link ReportTables#verdictLine}, which the
 * report, {@code bin/ycsb study}'s closing lines and the demo's console print alike. Immutable.
 *
 * @param comparison the two devices at one workload, distribution and dataset size
 * @param kind       what can be said
 * @param findings   why nothing can be said, in the order checked ({@link Kind#NONE}); why the ratio is
 *                   only a lower bound ({@link Kind#AT_LEAST}); what served the reads where the devices
 *                   made no difference ({@link Kind#NO_DIFFERENCE}, or none); else empty
 * @param interval   the throughput ratio's interval over the repetitions (with {@link Kind#DIFFERENCE}
 *                   and {@link Kind#NO_DIFFERENCE}); its lower end only with {@link Kind#AT_LEAST}
 */
record Verdict(Comparison comparison, Kind kind, List<Finding> findings, Optional<Interval> interval) {
  Verdict {
    findings = List.copyOf(findings);
    boolean explained = kind == Kind.NONE || kind == Kind.AT_LEAST;
    Check.argument(explained != findings.isEmpty() || kind == Kind.NO_DIFFERENCE,
        kind + " needs its reasons, and only it and AT_LEAST have them");
  }

  /** What a comparison's figures support, in the order the headline lists them. */
  enum Kind {
    /** The repetitions' ratios lie on one side of 1: a measured difference, with its interval. */
    DIFFERENCE,
    /**
     * The slower device's side measured its device, the faster one's was held up by CPU: its
     * throughput is understated, and the ratio a lower bound.
     */
    AT_LEAST,
    /** The repetitions' ratios include 1: no difference measurable. */
    NO_DIFFERENCE,
    /** Something other than the devices decided the figures, or they are too few: no verdict. */
    NONE
  }

  /**
   * Why a comparison has no device verdict, in the order {@link Judge} checks them, each with what
   * to change.
   */
  enum Reason {
    SAME_DEVICE("same device", "two device folders on one physical device: that compares the device with "
        + "itself", "put the folders on different devices"),
    TOO_FEW_OPERATIONS("too few operations", "too few operations",
        "more operations per run (" + site.ycsb.Client.OPERATION_COUNT_PROPERTY + ")"),
    TOO_SHORT("runs too short", "runs shorter than " + SampleSize.MIN_COLLECTOR_INTERVALS + " collector intervals",
        "longer runs, or a shorter " + CollectorSettings.INTERVAL),
    CPU_SATURATED("CPU-saturated", ReportTables.CPU_FLAG, "fewer threads, or a host with more cores"),
    CPU_STOLEN("CPU stolen by the hypervisor", "the hypervisor ran other guests on this machine's CPUs (steal "
        + "time): the figures measure the neighbours too", "a host without noisy neighbours, e.g. dedicated CPUs"),
    SERVER_BUSY_ELSEWHERE("host busy elsewhere", "the server did less than half of the host's work: other "
        + "processes shaped the figures", "a quiet host"),
    TARGET_MISSED("target rate missed", "the target rate was missed: the client could not keep up",
        "more threads or a lower target"),
    ENGINE_CACHE_SERVED("engine cache served the reads", "the engine's cache served the reads, not the device",
        "a dataset beyond the engine's cache"),
    MEMORY_SERVED("memory served the reads", "the page cache or the server's memory held the data: the device "
        + "served (almost) no reads", "a dataset beyond the host's RAM, or a server whose memory is limited"),
    TOO_FEW_REPETITIONS("too few repetitions", "too few repetitions to tell the devices apart", "5 or more "
        + "repetitions of each device (" + io.github.ycsbstorage.study.StudySettings.REPETITIONS + "; 5 × 5 exclude 1 "
        + "by chance 1 time in 126)"),
    IO_NOT_MEASURED("device activity not measured", "the devices' activity was not measured", "run with the "
        + "collector where the data lies (" + CollectorSettings.ENABLED + "=true, on the server's host or with "
        + CollectorSettings.REMOTE + "), or a binding that reports its engine's cache misses");

    private final String label;
    private final String text;
    private final String remedy;

    Reason(String label, String text, String remedy) {
      this.label = label;
      this.text = text;
      this.remedy = remedy;
    }

    /** A few words for a chart's note, e.g. {@code CPU-saturated}. */
    String label() {
      return label;
    }

    String text() {
      return text;
    }

    String remedy() {
      return remedy;
    }
  }

  /** One reason with the figures that show it, e.g. {@code 0.01 device reads per operation on disk}. */
  record Finding(Reason reason, String detail) {
  }

  /**
   * The throughput ratio's interval: the lowest and highest ratio of any repetition of the first device
   * to any repetition of the second ({@code min(A) ÷ max(B)} to {@code max(A) ÷ min(B)}).
   *
   * @param repetitions the repetitions of the first and second device
   */
  record Interval(double low, double high, int firstRepetitions, int secondRepetitions) {
    // high is +∞ for a lower bound (Kind.AT_LEAST)
    boolean includesOne() {
      return low <= 1 && 1 <= high;
    }
  }
}
