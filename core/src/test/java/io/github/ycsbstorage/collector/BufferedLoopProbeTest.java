package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.probe.ProbeMedium;
import io.github.ycsbstorage.collector.sample.RunTotals;
import io.github.ycsbstorage.collector.sample.Sampler;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.ProbeResult;
import io.github.ycsbstorage.result.RunRecord;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A file system on a loop device without direct I/O: the probe's O_DIRECT reads come from the backing
 * file's page cache at memory speed, so the medium must come from the backing device, not the probe.
 */
class BufferedLoopProbeTest {
  /** What the probe measured on such a loop device here: 4 µs median, i.e. "memory". */
  private static final ProbeResult MEMORY_FAST = ProbeMedium.measured("/mnt/img/data", true, Optional.empty(),
      16 << 20, 50_000, 4.2, 4L, 6L, 11L, 80L, 230_000.0, 2_900.0, List.of(4L, 4L, 5L), OptionalDouble.of(60));

  private static Map<String, Object> storageLines(CollectorReport.Observations seen) {
    var record = new RunRecord();
    CollectorReport.addTo(record, seen);
    var lines = new HashMap<String, Object>();
    record.summaryLines().stream().filter(line -> line.group().equals("STORAGE"))
        .forEach(line -> lines.put(line.metric(), line.value()));
    record.facts().stream().filter(fact -> fact.group().equals("STORAGE"))
        .forEach(fact -> lines.put(fact.name(), fact.value()));
    return lines;
  }

  private static CollectorReport.Observations observations(String fixture, ProbeResult probe) {
    var inventory = new DeviceResolver(Fixtures.files(fixture)).resolve("/mnt/img/data");
    var sampling = new Sampler.Result("test", 0, 0, List.of(), new RunTotals(), List.of());
    return new CollectorReport.Observations("local server host", true, List.of(inventory), Map.of(),
        StorageCollector.seenThrough(probe, inventory), sampling, new OperationCount(null, "test"), Io.ServerSide.LOCAL,
        List.of("vda"), null, Io.ProcessTotals.Role.SERVER, List.of(), List.of());
  }

  @Test
  void bufferedLoopDeviceTakesTheMediumFromTheBackingDeviceAndSaysTheProbeCannotSeeIt() {
    var seen = observations("loop-buffered", MEMORY_FAST);
    assertEquals(Optional.empty(), seen.probe().inferredMedium());
    assertTrue(seen.probe().reason().orElseThrow().startsWith("the probe cannot see the medium: loop0 reads its"
        + " backing file through the page cache (loop/dio = 0)"), seen.probe().reason().toString());
    assertEquals(OptionalLong.of(4L), seen.probe().p50Us(), "the measurement itself is kept");
    var lines = storageLines(seen);
    assertEquals("virtio", lines.get("data_disk_0_type"));
    assertEquals("unknown", lines.get("data_disk_0_media"), "virtio cannot tell; the probe saw only memory");
    assertFalse(lines.containsKey("probe.medium"));
    assertEquals(4L, lines.get("probe.read.p50.us"));
  }

  @Test
  void loopDeviceWithDirectIoKeepsTheProbesMedium() {
    var seen = observations("loop-file", MEMORY_FAST);
    assertEquals(Optional.of("memory"), seen.probe().inferredMedium());
    assertEquals("memory", storageLines(seen).get("probe.medium"));
    // PKB's size is the loop device's 1 GiB (round(1,073,741,824 / 10^9) = 1), not sda's 480 GB
    assertEquals(1L, storageLines(seen).get("data_disk_0_size"));
    assertEquals("loop0 of 1,073,741,824 bytes over /srv/images/disk.img (ext4 on sda)",
        storageLines(seen).get("device.loop"));
  }
}
