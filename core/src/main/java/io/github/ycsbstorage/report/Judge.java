package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.CpuShares;
import io.github.ycsbstorage.result.EngineActivity;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.TargetRate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Judges a {@link Comparison} from its result files, in this order: are the two devices distinct;
 * did every run do enough operations and last enough collector intervals ({@link SampleSize}); was
 * the device exercised at all (the engine's own cache misses where a binding reports them, else the
 * data devices' reads per operation); was something other than the device the bottleneck (a
 * saturated client or host CPU, a measured process that waited for a CPU, CPUs the hypervisor took,
 * a server doing less than half of the host's work, a missed target rate) — each a {@link Verdict.Finding}; then, with
 * repetitions of both devices, whether the interval of the throughput ratio ({@link Verdict.Interval})
 * includes 1.
 *
 * <p>Whether a CPU held a side up is judged from its own process where its run-queue wait was
 * measured ({@link Io.ProcessTotals.RunQueue}): a side that read from its device and whose process
 * seldom waited for a CPU measured its device even on a saturated host. When only the faster side was
 * held up by CPU, its throughput is understated and the ratio is a lower bound ({@link
 * Verdict.Kind#AT_LEAST}); when the slower one was, nothing can be said. Where neither side's device
 * served reads, the devices cannot have made a difference: repetitions whose interval includes 1 say
 * so ({@link Verdict.Kind#NO_DIFFERENCE}, with the cache as its explanation), whatever the CPUs did;
 * where one side's reads are unknown (a RAM folder), that is not known, and there is no verdict.
 * Where neither side's use of its device was measured, nothing shows that a device made the
 * difference: no verdict ({@link Verdict.Reason#IO_NOT_MEASURED}). Stateless.
 */
final class Judge {
  /** Device reads per operation below which the device served (almost) none of the reads. */
  static final double EXERCISED_FROM = 0.05;
  /**
   * The share of its operations' time a process may have waited on a run queue before its side counts
   * as held up by CPU. Its wait (every thread's, so at most this share of the operations' time) made
   * the side at most 1 ÷ (1 − 0.1) = 1.11× slower than an idle host would have: less than the spread
   * of repetitions on a quiet host and well inside the 25 % the validation rig accepts. A device-bound
   * side waits for a CPU only when it wakes from a read (tens of µs against ms of device time), a
   * CPU-bound one on a busy host for most of its runnable time, so the two lie far apart.
   */
  static final double CONTENDED_FROM = 0.1;
  /**
   * The most often two equal devices may be told apart by chance: a difference is stated only with
   * enough repetitions that their interval excludes 1 by chance at most this often ({@link #byChance}).
   */
  static final double FALSE_VERDICT_AT_MOST = 0.01;

  private Judge() {
  }

  /** Whether a side's device served its reads, as far as is known. */
  private enum Use { EXERCISED, IDLE, UNKNOWN }

  /**
   * @param shared the physical devices both devices' data paths lie on (empty: distinct devices)
   */
  static Verdict of(Comparison comparison, Set<String> shared) {
    var first = comparison.first();
    var second = comparison.second();
    var findings = new ArrayList<Verdict.Finding>();
    if (!shared.isEmpty()) {
      findings.add(new Verdict.Finding(Verdict.Reason.SAME_DEVICE, first.device() + " and " + second.device()
          + " are both on " + String.join(", ", shared)));
    }
    var cells = new ArrayList<>(first.cells());
    cells.addAll(second.cells());
    var fewest = cells.stream().mapToLong(c -> c.result().summary().count()).min().orElse(0);
    if (fewest < SampleSize.MIN_OPERATIONS_FOR_VERDICT) {
      var most = cells.stream().mapToLong(c -> c.result().summary().count()).max().orElse(0);
      findings.add(new Verdict.Finding(Verdict.Reason.TOO_FEW_OPERATIONS, String.format(Locale.ROOT,
          "%s operations per run; a verdict needs %,d", range(fewest, most), SampleSize.MIN_OPERATIONS_FOR_VERDICT)));
    }
    var shortest = cells.stream().flatMap(c -> c.result().sections().io().stream()).mapToInt(Io::samples)
        .filter(samples -> samples > 0).min(); // 0: not recorded
    if (shortest.isPresent() && shortest.getAsInt() < SampleSize.MIN_COLLECTOR_INTERVALS) {
      findings.add(new Verdict.Finding(Verdict.Reason.TOO_SHORT, "the shortest run spans " + shortest.getAsInt()
          + (shortest.getAsInt() == 1 ? " interval" : " intervals")));
    }
    stolen(cells).ifPresent(findings::add);
    var sampled = findings.isEmpty();
    var slower = first.throughput() < second.throughput() ? first : second;
    var faster = slower == first ? second : first;
    var slowerUse = use(slower);
    var fasterUse = use(faster);
    // the slower side's, else (its use unknown, e.g. a RAM folder without a block device) the faster one's;
    // neither known: no evidence that either device did anything, which is no verdict, never "exercised"
    var cache = slowerUse.use() == Use.UNKNOWN && fasterUse.use() == Use.UNKNOWN
        ? Optional.of(new Verdict.Finding(Verdict.Reason.IO_NOT_MEASURED, "neither " + slower.device() + "'s nor "
            + faster.device() + "'s runs recorded their device's reads or an engine's cache misses"))
        : slowerUse.use() == Use.UNKNOWN ? fasterUse.finding() : slowerUse.finding();
    var repeated = first.repetitions() >= 2 && second.repetitions() >= 2;
    // both sides known to have read (almost) nothing from their devices: a RAM folder's reads are unknown
    if (sampled && slowerUse.use() == Use.IDLE && fasterUse.use() == Use.IDLE && repeated) {
      var interval = interval(first, second);
      var idle = cache.orElseThrow();
      if (interval.includesOne()) {
        return new Verdict(comparison, Verdict.Kind.NO_DIFFERENCE, List.of(idle), Optional.of(interval));
      }
      return new Verdict(comparison, Verdict.Kind.NONE, List.of(new Verdict.Finding(idle.reason(), idle.detail()
          + "; the throughput ratio " + ReportTables.range(interval) + " excludes 1: a difference the device did not "
          + "cause")), Optional.empty());
    }
    var trusted = new ArrayList<Aggregate>();
    for (var side : List.of(slower, faster)) {
      if ((side == slower ? slowerUse : fasterUse).use() == Use.EXERCISED && contended(side).equals(Optional.of(false))
          && side.cells().stream().noneMatch(Judge::clientCpuBound)) {
        trusted.add(side);
      }
    }
    // a trusted side's runs measured its device, whatever else held the host
    var suspect = cells.stream().filter(c -> trusted.stream().noneMatch(side -> side.cells().contains(c))).toList();
    var cpu = bottleneck(suspect, cells.size());
    var missed = cells.stream().filter(c -> TargetRate.missed(target(c), c.result().summary().throughputOpsPerSec())
        .isPresent()).count();
    if (findings.isEmpty() && cache.isEmpty() && missed == 0 && !cpu.isEmpty() && trusted.contains(slower)) {
      var low = repeated ? min(faster.throughputs()) / max(slower.throughputs())
          : faster.throughput() / slower.throughput();
      if (low > 1 && repeated && byChance(faster.repetitions(), slower.repetitions()) <= FALSE_VERDICT_AT_MOST) {
        var because = new ArrayList<>(cpu);
        because.add(new Verdict.Finding(Verdict.Reason.CPU_SATURATED, slower.device() + " read from its device and "
            + "waited for a CPU " + waitText(slower) + " of its operations' time: its figures are the device's"));
        return new Verdict(new Comparison(faster, slower), Verdict.Kind.AT_LEAST, because, Optional.of(
            new Verdict.Interval(low, Double.POSITIVE_INFINITY, faster.repetitions(), slower.repetitions())));
      }
    }
    findings.addAll(cpu);
    if (missed > 0) {
      findings.add(new Verdict.Finding(Verdict.Reason.TARGET_MISSED, "in " + missed + " of " + cells.size() + " runs"));
    }
    cache.ifPresent(findings::add);
    if (!findings.isEmpty()) {
      return new Verdict(comparison, Verdict.Kind.NONE, findings, Optional.empty());
    }
    if (!repeated) {
      // two equal devices' single runs differ too, and nothing shows by how much
      return new Verdict(comparison, Verdict.Kind.NONE, List.of(new Verdict.Finding(Verdict.Reason.TOO_FEW_REPETITIONS,
          String.format(Locale.ROOT, "the throughput ratio %s with %s: no interval, and two equal devices' single "
              + "runs differ too", Format.ratio(comparison.throughputSpeedup()), onceText(first, second)))),
          Optional.empty());
    }
    var interval = interval(first, second);
    if (interval.includesOne()) {
      return new Verdict(comparison, Verdict.Kind.NO_DIFFERENCE, List.of(), Optional.of(interval));
    }
    var chance = byChance(first.repetitions(), second.repetitions());
    if (chance > FALSE_VERDICT_AT_MOST) {
      return new Verdict(comparison, Verdict.Kind.NONE, List.of(new Verdict.Finding(Verdict.Reason.TOO_FEW_REPETITIONS,
          String.format(Locale.ROOT, "the throughput ratio %s excludes 1, which two equal devices' repetitions do 1 "
              + "time in %.0f", ReportTables.range(interval), 1 / chance))), Optional.empty());
    }
    return new Verdict(comparison, Verdict.Kind.DIFFERENCE, List.of(), Optional.of(interval));
  }

  /** {@code one run of each device}, or {@code one run of hdd} where only that side ran once. */
  private static String onceText(Aggregate first, Aggregate second) {
    if (first.repetitions() < 2 && second.repetitions() < 2) {
      return "one run of each device";
    }
    return "one run of " + (first.repetitions() < 2 ? first : second).device();
  }

  /**
   * How often the interval of two equal devices' repetitions excludes 1: when all of one side's
   * repetitions beat all of the other's, 2 of the C(m + n, m) equally likely orders of exchangeable
   * runs (3 × 3: 1 in 10; 5 × 5: 1 in 126).
   */
  static double byChance(int first, int second) {
    double orders = 1;
    for (int i = 1; i <= second; i++) {
      orders = orders * (first + i) / i;
    }
    return 2 / orders;
  }

  private static Verdict.Interval interval(Aggregate first, Aggregate second) {
    var a = first.throughputs();
    var b = second.throughputs();
    return new Verdict.Interval(min(a) / max(b), max(a) / min(b), a.length, b.length);
  }

  /**
   * A saturated host or client CPU, a process that waited for a CPU, a server busy elsewhere: in how
   * many of the suspect runs (those of sides not trusted to have measured their device).
   */
  private static List<Verdict.Finding> bottleneck(List<ReportCell> cells, int runs) {
    var findings = new ArrayList<Verdict.Finding>();
    var saturated = cells.stream().filter(c -> c.cpuSaturated().orElse(false)).count();
    var clientBound = cells.stream().filter(Judge::clientCpuBound).count();
    var waited = cells.stream().filter(c -> waitShare(c).orElse(0) >= CONTENDED_FROM).toList();
    if (saturated > 0 || clientBound > 0 || !waited.isEmpty()) {
      var parts = new ArrayList<String>();
      if (saturated > 0) {
        parts.add("the host's CPUs in " + saturated + " of " + runs + " runs" + on(cells));
      }
      if (clientBound > 0) {
        parts.add(String.format(Locale.ROOT, "the clients' (%.0f %% of all cores or more) in %d of %d runs",
            Suspicions.CLIENT_CPU_LIMIT * 100, clientBound, runs));
      }
      if (!waited.isEmpty()) {
        parts.add(String.format(Locale.ROOT, "the %s waited for a CPU up to %s its operations' time in %d of %d runs%s",
            noun(waited), share(waited.stream().mapToDouble(c -> waitShare(c).orElse(0)).max().orElse(0)),
            waited.size(), runs, on(waited)));
      }
      findings.add(new Verdict.Finding(Verdict.Reason.CPU_SATURATED, String.join("; ", parts)));
    }
    var processes = cells.stream().flatMap(c -> c.result().sections().io().flatMap(Io::process).stream()).toList();
    var shares = processes.stream()
        .map(Io.ProcessTotals::shareOfHostCpu).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble)
        .filter(share -> share < Io.ProcessTotals.BUSY_ELSEWHERE_BELOW).min();
    if (shares.isPresent()) {
      findings.add(new Verdict.Finding(Verdict.Reason.SERVER_BUSY_ELSEWHERE, String.format(Locale.ROOT,
          "as little as %.0f %% of the host's CPU time was that of the %s", shares.getAsDouble() * 100,
          noun(cells))));
    }
    return findings;
  }

  /**
   * Runs whose host CPUs the hypervisor took ({@link CpuShares#stolen}): whatever the device, their
   * figures include the other guests' demand, which the guest's own scheduler does not show.
   */
  static Optional<Verdict.Finding> stolen(List<ReportCell> cells) {
    var steal = cells.stream().map(c -> c.result().sections().io().flatMap(Io::cpu)).flatMap(Optional::stream)
        .filter(CpuShares::stolen).mapToDouble(CpuShares::steal).summaryStatistics();
    return steal.getCount() == 0 ? Optional.empty() : Optional.of(new Verdict.Finding(Verdict.Reason.CPU_STOLEN,
        String.format(Locale.ROOT, "up to %.1f %% of the CPU time in %d of %d runs", steal.getMax(), steal.getCount(),
            cells.size())));
  }

  /** E.g. {@code  (fast)}: the device whose runs these are, when they are one device's only. */
  private static String on(List<ReportCell> cells) {
    var devices = cells.stream().map(ReportCell::device).distinct().toList();
    return devices.size() == 1 ? " (" + devices.get(0) + ")" : "";
  }

  /** Whose processes the runs observed; an embedded engine's process is the client's own, named as such. */
  private static String noun(List<ReportCell> cells) {
    return cells.stream().flatMap(c -> c.result().sections().io().flatMap(Io::process).stream())
        .map(Io.ProcessTotals::role).distinct().map(Io.ProcessTotals.Role::noun)
        .collect(java.util.stream.Collectors.joining(" or "));
  }

  /**
   * The observed process's run-queue wait as a share of its run's operations' time (operations ×
   * their average service time): the share of each operation spent waiting for a CPU (an embedded
   * engine's: YCSB's client threads' wait; a server's: every thread's but those its binding names as serving
   * no operation, an upper bound). Empty when not
   * measured.
   */
  static OptionalDouble waitShare(ReportCell cell) {
    var wait = cell.result().sections().io().flatMap(Io::process).map(p -> p.runQueue().waitMicros())
        .orElse(OptionalLong.empty());
    var busy = cell.result().summary().count() * cell.serviceAverageLatencyUs();
    return wait.isPresent() && busy > 0 ? OptionalDouble.of(wait.getAsLong() / busy) : OptionalDouble.empty();
  }

  /** Whether a side's process waited for a CPU: empty when any run's wait is unknown and none waited. */
  private static Optional<Boolean> contended(Aggregate side) {
    var shares = side.cells().stream().map(Judge::waitShare).toList();
    if (shares.stream().anyMatch(s -> s.isPresent() && s.getAsDouble() >= CONTENDED_FROM)) {
      return Optional.of(true);
    }
    return shares.stream().allMatch(OptionalDouble::isPresent) ? Optional.of(false) : Optional.empty();
  }

  /**
   * A wait share as {@code 35 % of}, or from 1 on as {@code 4.4 ×} (a server's every thread's wait
   * counts, so it can exceed the operations' time).
   */
  private static String share(double share) {
    return share < 1 ? String.format(Locale.ROOT, "%.0f %% of", share * 100)
        : String.format(Locale.ROOT, "%.1f ×", share);
  }

  /** E.g. {@code at most 0.8 %}: the highest wait share of a side's runs. */
  private static String waitText(Aggregate side) {
    return String.format(Locale.ROOT, "at most %.1f %%", side.cells().stream().map(Judge::waitShare)
        .mapToDouble(s -> s.orElse(0)).max().orElse(0) * 100);
  }

  private static boolean clientCpuBound(ReportCell cell) {
    return cell.clientCpuUtilization().filter(u -> u >= Suspicions.CLIENT_CPU_LIMIT).isPresent()
        && cell.result().summary().runtimeMs().orElse(0) >= Suspicions.CPU_VERDICT_MIN_RUNTIME_MS;
  }

  /** YCSB's {@code target} (ops/s) of a run; 0 without one. */
  private static double target(ReportCell cell) {
    var target = cell.result().properties().getOrDefault(site.ycsb.Client.TARGET_PROPERTY, "0").strip();
    try {
      return target.isEmpty() ? 0 : Double.parseDouble(target);
    } catch (NumberFormatException e) {
      return 0; // YCSB itself would have refused it; a report of a foreign file does not judge it
    }
  }

  /** A side's use of its device, with the finding when it served (almost) no reads. */
  private record SideUse(Use use, Optional<Verdict.Finding> finding) {
  }

  /**
   * Whether a side's runs read from their device: first from the engine's own counters, else from the
   * data devices' reads per operation; unknown when neither was recorded in every run.
   */
  private static SideUse use(Aggregate side) {
    var engine = mean(side, cell -> cell.result().sections().engine()
        .map(EngineActivity::deviceReadsPerOperation).orElse(OptionalDouble.empty()));
    if (engine.isPresent()) {
      return engine.getAsDouble() >= EXERCISED_FROM ? new SideUse(Use.EXERCISED, Optional.empty())
          : new SideUse(Use.IDLE, Optional.of(new Verdict.Finding(Verdict.Reason.ENGINE_CACHE_SERVED, String.format(
              Locale.ROOT, "%s cache misses per operation on %s", Format.precise(engine.getAsDouble()), side.device()))));
    }
    var device = mean(side, Judge::deviceReadsPerOperation);
    if (device.isPresent()) {
      return device.getAsDouble() >= EXERCISED_FROM ? new SideUse(Use.EXERCISED, Optional.empty())
          : new SideUse(Use.IDLE, Optional.of(new Verdict.Finding(Verdict.Reason.MEMORY_SERVED, String.format(
              Locale.ROOT, "%s device reads per operation on %s%s%s", Format.precise(device.getAsDouble()), side.device(),
              others(side, device.getAsDouble()), utilisation(side)))));
    }
    return new SideUse(Use.UNKNOWN, Optional.empty());
  }

  /**
   * The data devices' reads per operation of a run that its observed process caused: theirs times the
   * process's share of the bytes they read ({@link Io#processReadShare()}), where its own
   * {@code read_bytes} was recorded; another process reading the same disk would otherwise make a
   * server that kept its data in memory look as though its device served it.
   */
  static OptionalDouble deviceReadsPerOperation(ReportCell cell) {
    var host = hostReadsPerOperation(cell);
    var share = cell.result().sections().io().map(Io::processReadShare).orElse(OptionalDouble.empty());
    return host.isPresent() && share.isPresent() ? OptionalDouble.of(host.getAsDouble() * share.getAsDouble()) : host;
  }

  /** The data devices' reads per operation of a run, whoever read ({@link Io#dataDevices()}). */
  private static OptionalDouble hostReadsPerOperation(ReportCell cell) {
    var io = cell.result().sections().io();
    var operations = cell.result().summary().count();
    if (io.isEmpty() || operations <= 0 || io.get().dataDevices().isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(io.get().dataDevices().stream().mapToLong(Io.DeviceTotals::reads).sum()
        / (double) operations);
  }


  /** E.g. {@code  by its process (other processes': 1.478)}, when the host's devices read more than the side's process. */
  private static String others(Aggregate side, double own) {
    var host = mean(side, Judge::hostReadsPerOperation);
    boolean daemons = side.cells().stream().flatMap(c -> c.result().sections().io().flatMap(Io::process).stream())
        .anyMatch(process -> !process.readingForIt().isEmpty());
    return host.isPresent() && host.getAsDouble() - own >= EXERCISED_FROM / 10 ? String.format(Locale.ROOT,
        " by its process%s (the host's: %s, other processes' included)",
        daemons ? " and the FUSE daemons serving its files" : "", Format.precise(host.getAsDouble())) : "";
  }

  /** E.g. {@code , vda at most 19 %util}: the busiest data device of a side's runs, when sampled. */
  private static String utilisation(Aggregate side) {
    var most = side.cells().stream().flatMap(c -> c.result().sections().io().stream())
        .flatMap(io -> io.devices().entrySet().stream()).filter(e -> e.getValue().utilMax().isPresent())
        .max(java.util.Comparator.comparingDouble(e -> e.getValue().utilMax().getAsDouble()));
    return most.map(e -> String.format(Locale.ROOT, ", %s at most %.0f %%util", e.getKey(),
        e.getValue().utilMax().getAsDouble())).orElse("");
  }

  /** The mean of a figure over a side's runs; empty when any run lacks it. */
  private static OptionalDouble mean(Aggregate side, java.util.function.Function<ReportCell, OptionalDouble> figure) {
    var values = side.cells().stream().map(figure).toList();
    if (values.stream().anyMatch(OptionalDouble::isEmpty)) {
      return OptionalDouble.empty();
    }
    return values.stream().mapToDouble(OptionalDouble::getAsDouble).average();
  }

  private static String range(long low, long high) {
    return low == high ? String.format(Locale.ROOT, "%,d", low) : String.format(Locale.ROOT, "%,d–%,d", low, high);
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElseThrow();
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElseThrow();
  }
}
