package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.collector.device.DeviceInfo;
import io.github.ycsbstorage.collector.device.PathInventory;
import io.github.ycsbstorage.collector.probe.ProbeResult;
import io.github.ycsbstorage.collector.sample.CpuShares;
import io.github.ycsbstorage.collector.sample.IoRates;
import io.github.ycsbstorage.collector.sample.Sampler;
import io.github.ycsbstorage.result.DataDevice;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Turns what the collector saw into result sections ({@code devices}; {@code io}, which holds the
 * host tuning too, so that every consumer that copies {@code io} keeps it)
 * and summary lines for YCSB's exporter ({@code [STORAGE], device.type, nvme},
 * {@code [IO vda], r/s avg, 12.5}, per-operation figures, PerfKitBenchmarker keys). Per-operation
 * figures divide the physical devices' totals (layers such as dm or partitions are not added, so
 * nothing is counted twice) and host CPU time by the completed operations. Stateless.
 */
final class CollectorReport {
  private CollectorReport() {
  }

  /**
   * Everything the collector knows at stop time.
   *
   * @param serverHost whether the sampled host is the server's (else CPU figures are the client's
   *                   and are labelled {@code client.*})
   */
  record Observations(String observed, boolean serverHost, List<PathInventory> inventory, Map<String, String> tuning,
      ProbeResult probe, Sampler.Result sampling, OperationCount operations,
      Io.ServerSide server, List<String> countedDevices, String timeseries) {

    Observations withoutTimeseries() {
      return new Observations(observed, serverHost, inventory, tuning, probe, sampling, operations,
          server, countedDevices, null);
    }
  }

  static void addTo(RunRecord record, Observations seen) {
    record.setCollected(devices(seen), io(seen), Optional.ofNullable(seen.timeseries()));
    summaryLines(record, seen);
    for (var gap : seen.sampling().gaps()) {
      record.addWarning("collector: " + gap);
    }
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
        devices.add(new DataDevice(device, path.path(), Optional.ofNullable(path.mountPoint()),
            Optional.ofNullable(path.fsType()), Optional.ofNullable(path.mountOptions()), path.stack(), path.notes(),
            probe));
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
          seconds > 0 ? Optional.of(IoRates.of(entry.getValue(), seconds)) : Optional.empty(),
          max.isPresent() ? OptionalDouble.of(round(max.getAsDouble())) : OptionalDouble.empty(), entry.getValue()[0], entry.getValue()[4],
          entry.getValue()[2] * 512, entry.getValue()[6] * 512, round(seconds)));
    }
    var cpu = totals.cpu();
    var vm = totals.vm();
    Optional<Io.ProcessTotals> process = totals.processCpu() == null ? Optional.empty()
        : Optional.of(new Io.ProcessTotals(
            (totals.processCpu()[0] + totals.processCpu()[1]) * 1_000_000L / Sampler.USER_HZ,
            totals.processIo()[2], totals.processIo()[3], totals.processIo()[0], totals.processIo()[1]));
    return new Io(seen.observed(), seen.serverHost() ? Io.SampledHost.SERVER : Io.SampledHost.CLIENT,
        sampling.source(), sampling.samples().size(), round(totals.seconds()), devices, seen.countedDevices(),
        cpu == null ? Optional.empty() : Optional.ofNullable(CpuShares.of(cpu)),
        cpu == null ? Optional.empty() : Optional.ofNullable(CpuShares.of(cpu))
            .map(shares -> shares.idle() + shares.iowait() < Io.SATURATED_BELOW_PERCENT),
        cpu == null ? OptionalLong.empty() : OptionalLong.of(CpuShares.busyTicks(cpu) * 1_000_000L / Sampler.USER_HZ),
        cpu == null || iowaitShare(cpu) == null ? OptionalDouble.empty() : OptionalDouble.of(iowaitShare(cpu)),
        Optional.ofNullable(totals.lastMemory()), seen.tuning(),
        vm == null ? OptionalLong.empty() : OptionalLong.of(vm[0]),
        vm == null ? OptionalLong.empty() : OptionalLong.of(vm[1]),
        vm == null ? OptionalLong.empty() : OptionalLong.of(vm[2]),
        process, seen.operations(), perOperation(seen), Optional.ofNullable(seen.probe()), seen.server(),
        sampling.gaps());
  }

  /** Share of non-idle CPU time spent waiting for I/O: iowait / (busy + iowait); null if no time. */
  static Double iowaitShare(long[] cpu) {
    double busy = CpuShares.busyTicks(cpu);
    double iowait = cpu[4];
    return busy + iowait > 0 ? round(iowait / (busy + iowait)) : null;
  }

  /** Device reads, writes and MB, and host CPU µs, per completed operation; empty when the count is unknown. */
  static Optional<Io.PerOperation> perOperation(Observations seen) {
    var count = seen.operations().count();
    if (count == null) {
      return Optional.empty();
    }
    long reads = 0;
    long writes = 0;
    long sectors = 0;
    for (var name : seen.countedDevices()) {
      var delta = seen.sampling().totals().disks().get(name);
      if (delta != null) {
        reads += delta[0];
        writes += delta[4];
        sectors += delta[2] + delta[6];
      }
    }
    var counted = !seen.countedDevices().isEmpty();
    var cpu = seen.sampling().totals().cpu();
    return Optional.of(new Io.PerOperation(
        counted ? OptionalDouble.of(round4((double) reads / count)) : OptionalDouble.empty(),
        counted ? OptionalDouble.of(round4((double) writes / count)) : OptionalDouble.empty(),
        counted ? OptionalDouble.of(round4(sectors * 512 / 1e6 / count)) : OptionalDouble.empty(),
        cpu == null ? OptionalDouble.empty()
            : OptionalDouble.of(round4(CpuShares.busyTicks(cpu) * 1e6 / Sampler.USER_HZ / count))));
  }

  private static void summaryLines(RunRecord record, Observations seen) {
    var physical = physicalDevices(seen.inventory());
    record.addSummaryLine("STORAGE", "server.observed", seen.observed());
    if (!physical.isEmpty()) {
      var types = new LinkedHashSet<String>();
      physical.forEach(device -> types.add(device.type().label()));
      record.addSummaryLine("STORAGE", "device.type", types.size() == 1 ? types.iterator().next()
          : String.join("+", types));
      record.addSummaryLine("STORAGE", "device.name",
          String.join("+", physical.stream().map(DeviceInfo::name).toList()));
      var first = physical.get(0);
      if (first.model() != null) {
        record.addSummaryLine("STORAGE", "device.model", first.model());
      }
      if (first.rotational() != null) {
        record.addSummaryLine("STORAGE", "device.rotational", first.rotational() ? 1 : 0);
      }
      record.addSummaryLine("STORAGE", "device.rotational.trusted", first.rotationalTrusted() ? 1 : 0);
      if (first.scheduler() != null) {
        record.addSummaryLine("STORAGE", "device.scheduler", first.scheduler());
      }
      // where the type cannot tell (virtio, iSCSI, ...), the probe's measurement can
      boolean measured = seen.probe() != null && seen.probe().inferredMedium() != null;
      var media = measured && first.type().media().equals("unknown")
          ? probeMedia(seen.probe().inferredMedium()) : first.type().media();
      record.addSummaryLine("STORAGE", "data_disk_0_type", first.type().label());
      record.addSummaryLine("STORAGE", "data_disk_0_media", media);
      if (first.sizeBytes() != null) {
        record.addSummaryLine("STORAGE", "data_disk_0_size", Math.round(first.sizeBytes() / 1e9));
      }
    }
    var probe = seen.probe();
    if (probe != null && probe.p50Us() != null) {
      if (probe.inferredMedium() != null) {
        record.addSummaryLine("STORAGE", "probe.medium", probe.inferredMedium());
      }
      record.addSummaryLine("STORAGE", "probe.direct", probe.directIo() ? 1 : 0);
      record.addSummaryLine("STORAGE", "probe.read.p50.us", probe.p50Us());
      record.addSummaryLine("STORAGE", "probe.read.p99.us", probe.p99Us());
      record.addSummaryLine("STORAGE", "probe.read.iops", round(probe.randomReadIops()));
      record.addSummaryLine("STORAGE", "probe.seq.MBps", round(probe.sequentialMBps()));
    }
    var totals = seen.sampling().totals();
    // with no device named (ssh without collector.devices) every device is sampled: print the busy ones
    boolean unnamed = seen.inventory().isEmpty() && seen.countedDevices().isEmpty();
    for (var entry : totals.disks().entrySet()) {
      double seconds = totals.diskSeconds(entry.getKey());
      if (seconds <= 0 || unnamed && entry.getValue()[0] + entry.getValue()[4] == 0) {
        continue;
      }
      var rates = IoRates.of(entry.getValue(), seconds);
      var group = "IO " + entry.getKey();
      record.addSummaryLine(group, "r/s avg", round(rates.readsPerSec()));
      record.addSummaryLine(group, "w/s avg", round(rates.writesPerSec()));
      record.addSummaryLine(group, "rkB/s avg", round(rates.readKbPerSec()));
      record.addSummaryLine(group, "wkB/s avg", round(rates.writeKbPerSec()));
      record.addSummaryLine(group, "r_await avg", round(rates.readAwaitMs()));
      record.addSummaryLine(group, "w_await avg", round(rates.writeAwaitMs()));
      record.addSummaryLine(group, "aqu-sz avg", round(rates.queueSize()));
      record.addSummaryLine(group, "%util avg", round(rates.utilPercent()));
      totals.maxUtil(entry.getKey()).ifPresent(max -> record.addSummaryLine(group, "%util max", round(max)));
      record.addSummaryLine(group, "rareq-sz avg", round(rates.readRequestKb()));
      record.addSummaryLine(group, "wareq-sz avg", round(rates.writeRequestKb()));
      if (rates.discardsPerSec() != null) {
        record.addSummaryLine(group, "d/s avg", round(rates.discardsPerSec()));
      }
    }
    var host = seen.serverHost() ? "" : "client.";
    var cpu = totals.cpu();
    if (cpu != null) {
      var shares = CpuShares.of(cpu);
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
    }
    perOperation(seen).ifPresent(figures -> {
      figures.deviceReads().ifPresent(value -> record.addSummaryLine("IO", "device.reads/op", value));
      figures.deviceWrites().ifPresent(value -> record.addSummaryLine("IO", "device.writes/op", value));
      figures.deviceMB().ifPresent(value -> record.addSummaryLine("IO", "device.MB/op", value));
      figures.cpuMicros().ifPresent(value -> record.addSummaryLine("IO", host + "cpu.us/op", value));
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
