package io.github.ycsbstorage.collector;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.collector.device.DeviceInfo;
import io.github.ycsbstorage.collector.device.PathInventory;
import io.github.ycsbstorage.collector.probe.ProbeResult;
import io.github.ycsbstorage.collector.sample.CpuShares;
import io.github.ycsbstorage.collector.sample.IoRates;
import io.github.ycsbstorage.collector.sample.Sampler;
import io.github.ycsbstorage.result.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Turns what the collector saw into result sections ({@code devices}; {@code io}, which holds the
 * host tuning too, so that every consumer that copies {@code io} keeps it)
 * and summary lines for YCSB's exporter ({@code [STORAGE], device.type, nvme},
 * {@code [IO vda], r/s avg, 12.5}, per-operation figures, PerfKitBenchmarker keys). Per-operation
 * figures divide the physical devices' totals (layers such as dm or partitions are not added, so
 * nothing is counted twice) and host CPU time by the completed operations. Stateless.
 */
final class CollectorReport {
  private static final ObjectMapper JSON = new ObjectMapper();

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
      Map<String, Object> server, List<String> countedDevices, String timeseries) {

    Observations withoutTimeseries() {
      return new Observations(observed, serverHost, inventory, tuning, probe, sampling, operations,
          server, countedDevices, null);
    }
  }

  static void addTo(RunRecord record, Observations seen) {
    record.putSection("devices", devices(seen));
    record.putSection("io", io(seen));
    if (seen.timeseries() != null) {
      record.putSection("timeseries", seen.timeseries());
    }
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

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> devices(Observations seen) {
    var devices = new ArrayList<Map<String, Object>>();
    for (var path : seen.inventory()) {
      for (var device : path.devices()) {
        Map<String, Object> entry = JSON.convertValue(device, LinkedHashMap.class);
        entry.put("path", path.path());
        entry.put("mountPoint", path.mountPoint());
        entry.put("fsType", path.fsType());
        entry.put("mountOptions", path.mountOptions());
        entry.put("stack", path.stack());
        entry.put("notes", path.notes());
        if (seen.probe() != null && path == seen.inventory().get(0)) {
          entry.put("probe", seen.probe());
        }
        devices.add(entry);
      }
    }
    return devices;
  }

  private static Map<String, Object> io(Observations seen) {
    var sampling = seen.sampling();
    var totals = sampling.totals();
    var io = new LinkedHashMap<String, Object>();
    io.put("observed", seen.observed());
    io.put("sampledHost", seen.serverHost() ? "server" : "client");
    io.put("source", sampling.source());
    io.put("samples", sampling.samples().size());
    io.put("seconds", round(totals.seconds()));
    var devices = new LinkedHashMap<String, Object>();
    for (var entry : totals.disks().entrySet()) {
      var summary = new LinkedHashMap<String, Object>();
      double seconds = totals.diskSeconds(entry.getKey());
      if (seconds > 0) {
        summary.put("average", IoRates.of(entry.getValue(), seconds));
      }
      var max = totals.maxUtil(entry.getKey());
      summary.put("%util max", max.isPresent() ? round(max.getAsDouble()) : null);
      summary.put("reads", entry.getValue()[0]);
      summary.put("writes", entry.getValue()[4]);
      summary.put("readBytes", entry.getValue()[2] * 512);
      summary.put("writtenBytes", entry.getValue()[6] * 512);
      summary.put("seconds", round(seconds));
      devices.put(entry.getKey(), summary);
    }
    io.put("devices", devices);
    io.put("countedDevices", seen.countedDevices());
    var cpu = totals.cpu();
    if (cpu != null) {
      io.put("cpu", CpuShares.of(cpu));
      io.put("cpuBusyMicros", CpuShares.busyTicks(cpu) * 1_000_000L / Sampler.USER_HZ);
      io.put("iowaitShare", iowaitShare(cpu));
    }
    io.put("memory", totals.lastMemory());
    if (!seen.tuning().isEmpty()) {
      io.put("tuning", seen.tuning());
    }
    if (totals.vm() != null) {
      io.put("majorFaults", totals.vm()[0]);
      io.put("swapIn", totals.vm()[1]);
      io.put("swapOut", totals.vm()[2]);
    }
    if (totals.processCpu() != null) {
      var process = new LinkedHashMap<String, Object>();
      process.put("cpuMicros", (totals.processCpu()[0] + totals.processCpu()[1]) * 1_000_000L / Sampler.USER_HZ);
      process.put("readBytes", totals.processIo()[2]);
      process.put("writeBytes", totals.processIo()[3]);
      process.put("rchar", totals.processIo()[0]);
      process.put("wchar", totals.processIo()[1]);
      io.put("process", process);
    }
    io.put("operations", seen.operations());
    io.put("perOperation", perOperation(seen));
    if (seen.probe() != null) {
      io.put("probe", seen.probe());
    }
    io.put("server", seen.server());
    io.put("gaps", sampling.gaps());
    return io;
  }

  /** Share of non-idle CPU time spent waiting for I/O: iowait / (busy + iowait); null if no time. */
  static Double iowaitShare(long[] cpu) {
    double busy = CpuShares.busyTicks(cpu);
    double iowait = cpu[4];
    return busy + iowait > 0 ? round(iowait / (busy + iowait)) : null;
  }

  /** Device reads, writes and MB, and host CPU µs, per completed operation; null when unknown. */
  static Map<String, Double> perOperation(Observations seen) {
    var count = seen.operations().count();
    if (count == null) {
      return null;
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
    var figures = new LinkedHashMap<String, Double>();
    if (!seen.countedDevices().isEmpty()) {
      figures.put("deviceReads", round4((double) reads / count));
      figures.put("deviceWrites", round4((double) writes / count));
      figures.put("deviceMB", round4(sectors * 512 / 1e6 / count));
    }
    var cpu = seen.sampling().totals().cpu();
    if (cpu != null) {
      figures.put("cpuMicros", round4(CpuShares.busyTicks(cpu) * 1e6 / Sampler.USER_HZ / count));
    }
    return figures;
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
    var perOperation = perOperation(seen);
    if (perOperation != null) {
      var names = Map.of("deviceReads", "device.reads/op", "deviceWrites", "device.writes/op",
          "deviceMB", "device.MB/op", "cpuMicros", host + "cpu.us/op");
      perOperation.forEach((key, value) -> record.addSummaryLine("IO", names.get(key), value));
    }
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
