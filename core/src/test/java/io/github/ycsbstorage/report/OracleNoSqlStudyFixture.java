package io.github.ycsbstorage.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Result files shaped like the published Oracle NoSQL HDD-vs-SSD study (docs/study.md, "Shipped studies"): workloads
 * A, B, C × uniform, zipfian × 0.33 and 1.33 × 96 GB of RAM × an HDD and an SSD, one repetition each
 * (24 runs) and a load per device and size. Workload A uniform at 1.33 × RAM carries the published
 * headline: 1,537 vs 48,975 ops/s, 460 vs 15 ms average latency. The SSD's workload C uniform run at
 * 0.33 × had a CPU-saturated host, and the HDD's 1.33 × load left 0.70 × its plan on storage.
 */
final class OracleNoSqlStudyFixture {
  static final long MEMORY = 96_000_000_000L;
  static final List<String> WORKLOADS = List.of("workloada", "workloadb", "workloadc");
  static final List<String> DISTRIBUTIONS = List.of("uniform", "zipfian");
  static final List<String> RATIOS = List.of("0.33", "1.33");

  /**
   * Per workload, distribution and ratio (in the order of the lists above): HDD ops/s, average µs,
   * p99 µs, then the SSD's.
   */
  static final double[][] FIGURES = {
      {40_000, 17_500, 52_000, 44_000, 16_000, 47_000}, // A uniform 0.33
      {1_537, 460_000, 1_380_000, 48_975, 15_000, 45_000}, // A uniform 1.33
      {42_000, 16_700, 50_000, 45_500, 15_400, 46_000}, // A zipfian 0.33
      {2_900, 245_000, 735_000, 51_000, 14_000, 42_000}, // A zipfian 1.33
      {60_000, 11_700, 35_000, 63_000, 11_100, 33_000}, // B uniform 0.33
      {2_100, 340_000, 1_020_000, 55_000, 13_000, 39_000}, // B uniform 1.33
      {62_000, 11_300, 34_000, 64_000, 10_900, 32_000}, // B zipfian 0.33
      {3_800, 188_000, 560_000, 58_000, 12_300, 37_000}, // B zipfian 1.33
      {70_000, 10_000, 30_000, 72_000, 9_700, 29_000}, // C uniform 0.33
      {2_400, 300_000, 900_000, 60_000, 11_900, 36_000}, // C uniform 1.33
      {71_000, 9_900, 29_500, 73_000, 9_600, 28_500}, // C zipfian 0.33
      {4_500, 159_000, 477_000, 62_000, 11_500, 34_500}, // C zipfian 1.33
  };

  private static final ObjectMapper JSON = new ObjectMapper();

  private OracleNoSqlStudyFixture() {
  }

  /** Writes the 28 result files into {@code <dir>/onql} and returns that folder. */
  static Path write(Path dir) throws IOException {
    var folder = Files.createDirectories(dir.resolve("onql"));
    int index = 0;
    for (var device : List.of("hdd", "ssd")) {
      for (var ratio : RATIOS) {
        var load = cell(device, ratio, "load", null, ++index, 90_000, 11_000, 33_000);
        var plan = Double.parseDouble(ratio) * MEMORY;
        var ofPlan = device.equals("hdd") && ratio.equals("1.33") ? 0.70 : 1.17;
        ((ObjectNode) load.get("sizing")).putObject("achieved").put("bytes", (long) (plan * ofPlan))
            .put("source", "data-directory").put("from", "growth of /mnt/" + device + "/kvroot on disk (du)")
            .putNull("reason").put("settled", true).put("settleSeconds", 2.0).put("plannedBytes", (long) plan)
            .put("ofPlan", ofPlan);
        write(folder, load);
        int row = 0;
        for (var workload : WORKLOADS) {
          for (var distribution : DISTRIBUTIONS) {
            var figures = FIGURES[row * 2 + RATIOS.indexOf(ratio)];
            var offset = device.equals("hdd") ? 0 : 3;
            var run = cell(device, ratio, workload, distribution, ++index, figures[offset], figures[offset + 1],
                figures[offset + 2]);
            var saturated = device.equals("ssd") && ratio.equals("0.33") && workload.equals("workloadc")
                && distribution.equals("uniform");
            ((ObjectNode) run.get("io")).put("cpuSaturated", saturated);
            write(folder, run);
            row++;
          }
        }
      }
    }
    return folder;
  }

  /** The cell id of a run, e.g. {@code hdd_ratio1.33_workloada-uniform_r1}. */
  static String id(String device, String ratio, String workload, String distribution) {
    return device + "_ratio" + ratio + "_" + (distribution == null ? "load" : workload + "-" + distribution + "_r1");
  }

  private static ObjectNode cell(String device, String ratio, String workload, String distribution, int index,
      double throughput, double averageUs, double p99Us) {
    return cell(device, ratio, workload, distribution, index, throughput, averageUs, p99Us, 600_000L);
  }

  /** A result of this study's shape; a run's operations are {@code throughput × runtimeMs}. */
  static ObjectNode cell(String device, String ratio, String workload, String distribution, int index,
      double throughput, double averageUs, double p99Us, long runtimeMs) {
    var id = id(device, ratio, workload, distribution);
    var root = JSON.createObjectNode().put("schema", "ycsb-storage-result/1").put("status", "complete")
        .put("phase", distribution == null ? "load" : "run").put("label", id)
        .put("startedAt", "2026-11-21T19:00:00Z").put("finishedAt", "2026-11-21T19:10:00Z");
    root.putObject("versions").put("ycsbStorage", "0.1.0").put("ycsbCore", "0.17.0").put("java", "17.0.15");
    root.putObject("host").put("hostname", "db1").put("cores", 24).put("memoryBytes", MEMORY)
        .put("os", "Linux 6.1 amd64");
    root.putObject("properties").put("recordcount", "117187500").put("fieldcount", "1").put("fieldlength", "1000");
    var runtime = runtimeMs;
    var count = (long) (throughput * runtime / 1000);
    var summary = root.putObject("summary").put("runtimeMs", runtime).put("throughputOpsPerSec", throughput)
        .put("errors", 0);
    var operations = summary.putObject("operations");
    var latency = JSON.createObjectNode();
    var mix = distribution == null ? List.of("INSERT") : switch (workload) {
      case "workloada" -> List.of("READ", "UPDATE");
      case "workloadb" -> List.of("READ", "UPDATE");
      default -> List.of("READ");
    };
    for (var operation : mix) {
      var share = mix.size() == 1 ? 1.0 : workload.equals("workloadb") ? (operation.equals("READ") ? 0.95 : 0.05) : 0.5;
      // The first operation has the cell's p99; the others' tails are a little shorter.
      var p99 = operation.equals(mix.get(0)) ? p99Us : p99Us * 0.9;
      var ops = operations.putObject(operation).put("count", (long) (count * share)).put("averageUs", averageUs)
          .put("minUs", 50).put("maxUs", (long) (p99 * 3)).put("p50Us", (long) (averageUs * 0.8))
          .put("p95Us", (long) (p99 * 0.6)).put("p99Us", (long) p99).put("p999Us", (long) (p99 * 1.5));
      ops.putObject("returnCodes").put("OK", (long) (count * share));
      var points = latency.putArray(operation);
      point(points, 0, 50);
      point(points, 50, averageUs * 0.8);
      point(points, 90, averageUs * 2);
      point(points, 99, p99);
      point(points, 99.9, p99 * 1.5);
      point(points, 99.99, p99 * 2);
      point(points, 100, p99 * 3);
    }
    root.set("latency", latency);
    var planned = Double.parseDouble(ratio) * MEMORY;
    root.putObject("sizing").put("mode", "ratio").put("ratio", Double.parseDouble(ratio)).put("basis", "ram")
        .put("targetBytes", (long) planned).put("recordCount", (long) (planned / 1_092))
        .put("expectedBytes", (long) planned).put("plan", String.format(Locale.ROOT,
            "dataset %.1f GB = %s × server RAM 96.0 GB (basis ram, from ping) → %,d records × 1,092 B",
            planned / 1e9, ratio, (long) (planned / 1_092)))
        .putObject("memory").put("bytes", MEMORY).put("source", "show parameters memoryMB");
    var hdd = device.equals("hdd");
    var inventory = root.putArray("devices").addObject().put("name", hdd ? "sdb" : "sdc")
        .put("type", hdd ? "hdd" : "ssd-sata").put("transport", "ata")
        .put("model", hdd ? "ST500DM002" : "INTEL SSDSC2BB480G4").put("sizeBytes", 500_107_862_016L)
        .put("rotational", hdd).put("rotationalTrusted", true).put("scheduler", hdd ? "mq-deadline" : "none")
        .put("path", "/mnt/" + device + "/kvroot").put("mountPoint", "/mnt/" + device).put("fsType", "xfs");
    inventory.putArray("stack");
    inventory.putArray("notes");
    var reads = (long) (count * (hdd ? 2.0 : 1.1));
    root.putObject("io").put("observed", "local server host").put("sampledHost", "server").put("source", "local /proc")
        .put("samples", (int) Math.max(1, runtime / 1000)).put("seconds", runtime / 1000.0).put("cpuBusyMicros", (long) (count * 40.0))
        .put("iowaitShare", hdd ? 0.65 : 0.26).putObject("devices").putObject(hdd ? "sdb" : "sdc")
        .put("reads", reads).put("writes", count / 2).put("readBytes", reads * 4096).put("writtenBytes", count * 2048)
        .put("seconds", 600.0);
    root.putArray("warnings");
    var study = root.putObject("study").put("name", "onql").put("cell", id).put("index", index)
        .put("workload", distribution == null ? "load" : workload).put("repetition", distribution == null ? 0 : 1)
        .put("cache", "warm").put("clients", 1);
    if (distribution != null) {
      study.put("distribution", distribution);
    }
    study.putObject("device").put("name", device).put("dataPath", "/mnt/" + device + "/kvroot");
    study.putObject("scale").put("kind", "ratio").put("value", ratio).put("label", "ratio" + ratio);
    return root;
  }

  private static void point(ArrayNode points, double percentile, double latencyUs) {
    points.addArray().add(percentile).add((long) latencyUs);
  }

  static void write(Path folder, ObjectNode result) throws IOException {
    JSON.writerWithDefaultPrettyPrinter().writeValue(folder.resolve(result.get("label").asText() + ".json").toFile(),
        result);
  }
}
