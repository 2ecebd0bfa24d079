package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.collector.device.PathInventory;
import io.github.ycsbstorage.collector.sample.ResultMapping;
import io.github.ycsbstorage.collector.sample.RunTotals;
import io.github.ycsbstorage.collector.sample.Sampler;
import io.github.ycsbstorage.collector.sample.Snapshot;
import io.github.ycsbstorage.result.DataDevice;
import io.github.ycsbstorage.result.DeviceInfo;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.LoopDevice;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.PerfKitBenchmarkerMetadata;
import io.github.ycsbstorage.result.ProbeResult;
import io.github.ycsbstorage.result.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Turns what the collector saw into result sections ({@code devices}; {@code io}, which holds the
 * host tuning too, so that every consumer that copies {@code io} keeps it)
 * PerfKitBenchmarker's metadata keys) and lines for YCSB's exporter: numbers as summary lines
 * ({@code [STORAGE], device.rotational, 1}, {@code [IO], vda.r/s avg, 12.5}, per-operation figures),
 * text as facts ({@code # STORAGE, device.type, nvme}), since YCSB parsers read every
 * {@code [GROUP]} line as a number. Per-operation
 * figures divide the physical devices' totals (layers such as dm or partitions are not added, so
 * nothing is counted twice) and host CPU time by the completed operations. Stateless.
 */
public final class CollectorReport {
  private CollectorReport() {
  }

  /**
   * Everything the collector knows at stop time.
   *
   * @param serverHost whether the sampled host is the server's (else CPU figures are the client's
   *                   and are labelled {@code client.*})
   * @param processRole whose process {@code /proc/<pid>} was: a server's, or this client's own
   * @param readingForIt the processes counted with it ({@link Io.ProcessTotals#readingForIt()})
   */
  record Observations(String observed, boolean serverHost, List<PathInventory> inventory, Map<String, String> tuning,
      ProbeResult probe, Sampler.Result sampling, OperationCount operations,
      Io.ServerSide server, List<String> countedDevices, String timeseries, Io.ProcessTotals.Role processRole,
      List<String> readingForIt, List<String> uncountedThreads) {

    Observations withoutTimeseries() {
      return new Observations(observed, serverHost, inventory, tuning, probe, sampling, operations,
          server, countedDevices, null, processRole, readingForIt, uncountedThreads);
    }
  }

  static void addTo(RunRecord record, Observations seen) {
    var io = io(seen);
    record.setCollected(devices(seen), io, perfKitBenchmarker(seen), Optional.ofNullable(seen.timeseries()));
    summaryLines(record, seen, io);
    for (var gap : seen.sampling().gaps()) {
      record.addWarning("collector: " + gap);
    }
    for (var warning : busyElsewhere(io)) {
      System.err.println("Warning: " + warning);
      record.addWarning(warning);
    }
    // A finding about what the phase measured, not about whether it did its work: io.cpuSaturated
    // carries it and the report flags it; the status stays, so the console says Note, not Warning
    // (every Warning: printed is a recorded warning, which makes the phase degraded)
    io.cpuSaturated().filter(Boolean::booleanValue).ifPresent(saturated -> System.err.println("Note: the "
        + (seen.serverHost() ? "server" : "client") + " host's CPUs were saturated (under "
        + (int) Io.SATURATED_BELOW_PERCENT + " % idle + iowait time): this phase measured CPU, not storage"
        + " (io.cpuSaturated; the status does not change)"));
  }

  static List<DeviceInfo> physicalDevices(List<PathInventory> inventory) {
    var seen = new LinkedHashMap<String, DeviceInfo>();
    for (var path : inventory) {
      for (var device : path.devices()) {
        seen.putIfAbsent(device.name(), device);
      }
    }
    return List.copyOf(seen.values());
  }

  private static List<DataDevice> devices(Observations seen) {
    var devices = new ArrayList<DataDevice>();
    for (var path : seen.inventory()) {
      var probe = seen.probe() != null && path == seen.inventory().get(0) ? Optional.of(seen.probe())
          : Optional.<ProbeResult>empty();
      for (var device : path.devices()) {
        devices.add(new DataDevice(device, path.path(), path.mountPoint(), path.fsType(), path.mountOptions(),
            path.stack(), path.notes(), probe, path.loop()));
      }
    }
    return devices;
  }

  private static Io io(Observations seen) {
    var sampling = seen.sampling();
    var totals = sampling.totals();
    var devices = new LinkedHashMap<String, Io.DeviceTotals>();
    for (var entry : totals.disks().entrySet()) {
      double seconds = totals.diskSeconds(entry.getKey());
      var max = totals.maxUtil(entry.getKey());
      devices.put(entry.getKey(), new Io.DeviceTotals(
          seconds > 0 ? Optional.of(ResultMapping.ioRates(entry.getValue(), seconds)) : Optional.empty(),
          max.isPresent() ? OptionalDouble.of(round(max.getAsDouble())) : OptionalDouble.empty(), entry.getValue()[0], entry.getValue()[4],
          entry.getValue()[2] * 512, entry.getValue()[6] * 512, round(seconds)));
    }
    var cpu = totals.cpu();
    var vm = totals.vm();
    return new Io(seen.observed(), seen.serverHost() ? Io.SampledHost.SERVER : Io.SampledHost.CLIENT,
        sampling.source(), sampling.samples().size(), round(totals.seconds()), devices, seen.countedDevices(),
        cpu == null ? Optional.empty() : Optional.ofNullable(ResultMapping.cpuShares(cpu)),
        cpu == null ? Optional.empty() : Optional.ofNullable(ResultMapping.cpuShares(cpu))
            .map(shares -> shares.idle() + shares.iowait() < Io.SATURATED_BELOW_PERCENT),
        cpu == null ? OptionalLong.empty() : OptionalLong.of(ResultMapping.busyTicks(cpu) * 1_000_000L / Sampler.USER_HZ),
        cpu == null || iowaitShare(cpu) == null ? OptionalDouble.empty() : OptionalDouble.of(iowaitShare(cpu)),
        Optional.ofNullable(totals.lastMemory()), seen.tuning(),
        vm == null ? OptionalLong.empty() : OptionalLong.of(vm[0]),
        vm == null ? OptionalLong.empty() : OptionalLong.of(vm[1]),
        vm == null ? OptionalLong.empty() : OptionalLong.of(vm[2]),
        process(seen), seen.operations(), Optional.empty(), Optional.ofNullable(seen.probe()), seen.server(),
        sampling.gaps(), sampling.first() == null || sampling.last() == null ? Optional.empty()
            : Optional.of(new Io.Readings(ResultMapping.reading(sampling.first()),
                ResultMapping.reading(sampling.last())))).withOperations(seen.operations());
  }

  /**
   * A study cell's figures over its clients' whole span, from the first client's start to the last
   * one's end: the earliest first reading and the latest last reading of their collectors, which
   * sampled one host, differenced (device and CPU totals, averages and per-operation figures). The
   * rest (tuning, probe, memory state) is the first client's. Empty when a client has no readings.
   *
   * @param clients each client's {@code io}, the first client's first
   * @param count   the operations of all the clients
   */
  public static Optional<Io> overClients(List<Io> clients, OperationCount count) {
    if (clients.isEmpty() || clients.stream().anyMatch(io -> io.readings().isEmpty())) {
      return Optional.empty();
    }
    var first = clients.stream().map(io -> ResultMapping.snapshot(io.readings().orElseThrow().first()))
        .min(java.util.Comparator.comparingLong(Snapshot::epochMillis)).orElseThrow();
    var last = clients.stream().map(io -> ResultMapping.snapshot(io.readings().orElseThrow().last()))
        .max(java.util.Comparator.comparingLong(Snapshot::epochMillis)).orElseThrow();
    if (last.epochMillis() <= first.epochMillis()) {
      return Optional.empty();
    }
    var lead = clients.get(0);
    var sampling = Sampler.between(lead.source() + "; the cell's " + clients.size()
        + " clients' earliest and latest readings", first, last);
    var seen = new Observations(lead.observed(), lead.sampledHost() == Io.SampledHost.SERVER, List.of(),
        lead.tuning(), lead.probe().orElse(null), sampling, count, lead.server(), lead.countedDevices(), null,
        lead.process().map(Io.ProcessTotals::role).orElse(Io.ProcessTotals.Role.SERVER),
        lead.process().map(Io.ProcessTotals::readingForIt).orElse(List.of()),
        lead.process().map(p -> p.runQueue().uncounted()).orElse(List.of()));
    return Optional.of(io(seen));
  }

  /** Share of non-idle CPU time spent waiting for I/O: iowait / (busy + iowait); null if no time. */
  static Double iowaitShare(long[] cpu) {
    double busy = ResultMapping.busyTicks(cpu);
    double iowait = cpu[4];
    return busy + iowait > 0 ? round(iowait / (busy + iowait)) : null;
  }

  /**
   * The server process's totals, with its shares of the host's busy CPU and of the counted devices'
   * bytes; empty when no process was observed. CPU and I/O are each unknown when their file was not
   * readable ({@code /proc/<pid>/io} needs the server's user or root).
   */
  static Optional<Io.ProcessTotals> process(Observations seen) {
    var totals = seen.sampling().totals();
    var cpu = totals.processCpu();
    var io = totals.processIo();
    if (cpu == null && io == null) {
      return Optional.empty();
    }
    long hostTicks = totals.cpu() == null ? 0 : ResultMapping.busyTicks(totals.cpu());
    long deviceBytes = seen.countedDevices().isEmpty() ? 0 : countedDevices(seen)[2] * 512;
    var cpuShare = cpu != null && hostTicks > 0
        ? OptionalDouble.of(round4((double) (cpu[0] + cpu[1]) / hostTicks)) : OptionalDouble.empty();
    var ioShare = io != null && deviceBytes > 0
        ? OptionalDouble.of(round4((double) (io[2] + io[3]) / deviceBytes)) : OptionalDouble.empty();
    return Optional.of(new Io.ProcessTotals(
        cpu == null ? OptionalLong.empty() : OptionalLong.of((cpu[0] + cpu[1]) * 1_000_000L / Sampler.USER_HZ),
        known(io, 2), known(io, 3), known(io, 0), known(io, 1), cpuShare, ioShare, seen.processRole(),
        runQueue(totals, seen.uncountedThreads()), seen.readingForIt()));
  }

  /** The process's threads' run-queue figures, unknown with the reason when an interval lacked them. */
  private static Io.ProcessTotals.RunQueue runQueue(RunTotals totals, List<String> uncounted) {
    var threads = totals.threads();
    if (totals.threadsShort() != null || threads == null) {
      return Io.ProcessTotals.RunQueue.unknown(totals.threadsShort() != null ? totals.threadsShort()
          : "/proc/<pid>/task/*/schedstat not read");
    }
    return Io.ProcessTotals.RunQueue.of(threads[0] / 1000, threads[1] / 1000, uncounted);
  }

  private static OptionalLong known(long[] counters, int index) {
    return counters == null ? OptionalLong.empty() : OptionalLong.of(counters[index]);
  }

  /** Reads, writes and sectors (read + written) of the counted devices over the phase. */
  private static long[] countedDevices(Observations seen) {
    var sums = new long[3];
    for (var name : seen.countedDevices()) {
      var delta = seen.sampling().totals().disks().get(name);
      if (delta != null) {
        sums[0] += delta[0];
        sums[1] += delta[4];
        sums[2] += delta[2] + delta[6];
      }
    }
    return sums;
  }

  /**
   * Warnings when the server process did less than half of the host's busy CPU or device I/O: the
   * host-wide per-operation figures then charge other work to the database. Not where that work is
   * too little to show in them at their precision: a journal's few writes beside an engine whose cache
   * served every read leave {@code 0.0} device reads, writes and MB per operation whoever did them.
   * Where the operation count is unknown, so is that, and the share alone warns.
   */
  static List<String> busyElsewhere(Io io) {
    var warnings = new ArrayList<String>();
    io.process().ifPresent(process -> {
      var perOperation = io.perOperation();
      process.shareOfHostCpu().ifPresent(share -> busyElsewhere(warnings, share, "CPU", process.role(),
          perOperation.map(figures -> List.of(figures.cpuMicros()))));
      process.shareOfDeviceIo().ifPresent(share -> busyElsewhere(warnings, share, "device I/O", process.role(),
          perOperation.map(figures -> List.of(figures.deviceReads(), figures.deviceWrites(), figures.deviceMB()))));
    });
    return warnings;
  }

  /**
   * @param hostFigures the host-wide per-operation figures the other work is in; empty when unknown
   */
  private static void busyElsewhere(List<String> warnings, double share, String what, Io.ProcessTotals.Role role,
      Optional<List<OptionalDouble>> hostFigures) {
    // the other work's part of a figure, taken in proportion to its share, as the figure would print it
    boolean shows = hostFigures.map(figures -> figures.stream().filter(OptionalDouble::isPresent)
        .anyMatch(figure -> (1 - share) * figure.getAsDouble() >= Io.PerOperation.RESOLUTION / 2)).orElse(true);
    if (share < Io.ProcessTotals.BUSY_ELSEWHERE_BELOW && shows) {
      warnings.add(String.format(Locale.ROOT, "the host was busy with other work: %.0f %% of %s was not the %s "
          + "(io.process); the host-wide per-operation figures count that work too, the %s* ones do not",
          (1 - share) * 100, what, role.noun(), role.keyPrefix()));
    }
  }

  /** PerfKitBenchmarker's keys for the first physical device; the probe's medium where the type cannot tell. */
  private static Optional<PerfKitBenchmarkerMetadata> perfKitBenchmarker(Observations seen) {
    var physical = physicalDevices(seen.inventory());
    if (physical.isEmpty()) {
      return Optional.empty();
    }
    var first = physical.get(0);
    var measured = Optional.ofNullable(seen.probe()).flatMap(ProbeResult::inferredMedium);
    var media = measured.isPresent() && first.type().media().equals("unknown")
        ? probeMedia(measured.get()) : first.type().media();
    // a file system on a loop device holds what the loop device does, not the disk under its file
    var size = loopOf(seen).map(LoopDevice::sizeBytes)
        .orElse(first.sizeBytes().map(OptionalLong::of).orElse(OptionalLong.empty()));
    // whole GB, as PKB's disk_size: a device under 0.5 GB would read 0, which is not its size
    var gigabytes = size.isPresent() ? Math.round(size.getAsLong() / 1e9) : 0;
    return Optional.of(new PerfKitBenchmarkerMetadata(first.type().label(), media,
        gigabytes > 0 ? OptionalLong.of(gigabytes) : OptionalLong.empty()));
  }

  /** The loop device under the first path that has devices, if it lies on one. */
  private static Optional<LoopDevice> loopOf(Observations seen) {
    return seen.inventory().stream().filter(path -> !path.devices().isEmpty()).findFirst()
        .flatMap(PathInventory::loop);
  }

  private static void summaryLines(RunRecord record, Observations seen, Io io) {
    var physical = physicalDevices(seen.inventory());
    record.addFact("STORAGE", "server.observed", seen.observed());
    if (!physical.isEmpty()) {
      var types = new LinkedHashSet<String>();
      physical.forEach(device -> types.add(device.type().label()));
      record.addFact("STORAGE", "device.type", types.size() == 1 ? types.iterator().next()
          : String.join("+", types));
      record.addFact("STORAGE", "device.name",
          String.join("+", physical.stream().map(DeviceInfo::name).toList()));
      var first = physical.get(0);
      first.model().ifPresent(model -> record.addFact("STORAGE", "device.model", model));
      // the numeric line is read as a fact: an untrusted flag goes only into a comment line
      first.rotational().ifPresent(rotational -> {
        if (first.rotationalTrusted()) {
          record.addSummaryLine("STORAGE", "device.rotational", rotational ? 1 : 0);
        } else {
          record.addFact("STORAGE", "device.rotational", "rotational=" + (rotational ? 1 : 0) + " (untrusted: "
              + first.rotationalNote().orElse("the transport does not vouch for it") + ")");
        }
      });
      record.addSummaryLine("STORAGE", "device.rotational.trusted", first.rotationalTrusted() ? 1 : 0);
      first.scheduler().ifPresent(scheduler -> record.addFact("STORAGE", "device.scheduler", scheduler));
      loopOf(seen).ifPresent(loop -> record.addFact("STORAGE", "device.loop", loop.describe()));
      perfKitBenchmarker(seen).ifPresent(pkb -> {
        record.addFact("STORAGE", "data_disk_0_type", pkb.dataDisk0Type());
        record.addFact("STORAGE", "data_disk_0_media", pkb.dataDisk0Media());
        pkb.dataDisk0SizeGb().ifPresent(size -> record.addSummaryLine("STORAGE", "data_disk_0_size", size));
      });
    }
    var probe = seen.probe();
    if (probe != null && probe.p50Us().isPresent()) {
      probe.inferredMedium().ifPresent(medium -> record.addFact("STORAGE", "probe.medium", medium));
      probe.inconclusive().ifPresent(why -> record.addFact("STORAGE", "probe.medium", why));
      record.addSummaryLine("STORAGE", "probe.direct", probe.directIo() ? 1 : 0);
      record.addSummaryLine("STORAGE", "probe.read.p50.us", probe.p50Us().getAsLong());
      probe.p99Us().ifPresent(p99 -> record.addSummaryLine("STORAGE", "probe.read.p99.us", p99));
      probe.randomReadIops().ifPresent(iops -> record.addSummaryLine("STORAGE", "probe.read.iops", round(iops)));
      probe.sequentialMBps().ifPresent(mbps -> record.addSummaryLine("STORAGE", "probe.seq.MBps", round(mbps)));
    }
    var totals = seen.sampling().totals();
    // with no device named (ssh without collector.devices) every device is sampled: print the busy ones
    boolean unnamed = seen.inventory().isEmpty() && seen.countedDevices().isEmpty();
    for (var entry : totals.disks().entrySet()) {
      double seconds = totals.diskSeconds(entry.getKey());
      if (seconds <= 0 || unnamed && entry.getValue()[0] + entry.getValue()[4] == 0) {
        continue;
      }
      var rates = ResultMapping.ioRates(entry.getValue(), seconds);
      // PerfKitBenchmarker reads only groups of upper-case letters: the device names the figure
      var device = entry.getKey() + ".";
      record.addSummaryLine("IO", device + "r/s avg", round(rates.readsPerSec()));
      record.addSummaryLine("IO", device + "w/s avg", round(rates.writesPerSec()));
      record.addSummaryLine("IO", device + "rkB/s avg", round(rates.readKbPerSec()));
      record.addSummaryLine("IO", device + "wkB/s avg", round(rates.writeKbPerSec()));
      record.addSummaryLine("IO", device + "r_await avg", round(rates.readAwaitMs()));
      record.addSummaryLine("IO", device + "w_await avg", round(rates.writeAwaitMs()));
      record.addSummaryLine("IO", device + "aqu-sz avg", round(rates.queueSize()));
      record.addSummaryLine("IO", device + "%util avg", round(rates.utilPercent()));
      totals.maxUtil(entry.getKey()).ifPresent(max -> record.addSummaryLine("IO", device + "%util max", round(max)));
      record.addSummaryLine("IO", device + "rareq-sz avg", round(rates.readRequestKb()));
      record.addSummaryLine("IO", device + "wareq-sz avg", round(rates.writeRequestKb()));
      rates.discardsPerSec().ifPresent(perSec -> record.addSummaryLine("IO", device + "d/s avg", round(perSec)));
    }
    var host = seen.serverHost() ? "" : "client.";
    var cpu = totals.cpu();
    if (cpu != null) {
      var shares = ResultMapping.cpuShares(cpu);
      if (shares != null) {
        record.addSummaryLine("IO", host + "cpu.user %", round(shares.user()));
        record.addSummaryLine("IO", host + "cpu.system %", round(shares.system()));
        record.addSummaryLine("IO", host + "cpu.iowait %", round(shares.iowait()));
        record.addSummaryLine("IO", host + "cpu.steal %", round(shares.steal()));
        record.addSummaryLine("IO", host + "cpu.idle %", round(shares.idle()));
      }
      var share = iowaitShare(cpu);
      if (share != null) {
        record.addSummaryLine("IO", host + "iowait.share", share);
      }
      io.cpuSaturated().ifPresent(saturated -> record.addSummaryLine("IO", host + "cpu.saturated", saturated ? 1 : 0));
    }
    record.addPerOperationLines();
    io.process().ifPresent(process -> {
      var prefix = process.role().keyPrefix();
      process.shareOfHostCpu().ifPresent(share -> record.addSummaryLine("IO", prefix + "cpu.share", share));
      process.shareOfDeviceIo().ifPresent(share -> record.addSummaryLine("IO", prefix + "io.share", share));
    });
  }

  private static String probeMedia(String inferred) {
    return switch (inferred) {
      case "spinning" -> "hdd";
      case "flash" -> "ssd";
      default -> inferred;
    };
  }

  static double round(double value) {
    return Math.round(value * 100) / 100.0;
  }

  private static double round4(double value) {
    return Math.round(value * 10_000) / 10_000.0;
  }
}
