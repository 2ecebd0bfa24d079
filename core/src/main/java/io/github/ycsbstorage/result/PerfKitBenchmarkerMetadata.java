package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.github.ycsbstorage.config.Check;
import java.util.OptionalLong;

/**
 * PerfKitBenchmarker's metadata keys for the first data disk, under PerfKitBenchmarker's own names,
 * for its users to attach to their samples. They are text, so YCSB's text output carries them only
 * as comment lines, never as {@code [STORAGE]} lines, which PerfKitBenchmarker reads as numbers.
 * Immutable.
 *
 * @param dataDisk0Type   the device type, e.g. {@code nvme}, {@code virtio}
 * @param dataDisk0Media  {@code hdd}, {@code ssd}, {@code memory}, {@code network} or {@code unknown}
 *                        (from the read-latency probe where the type alone cannot tell)
 * @param dataDisk0SizeGb the device's size in GB (10⁹ bytes), empty when sysfs does not say
 */
public record PerfKitBenchmarkerMetadata(@JsonProperty("data_disk_0_type") String dataDisk0Type,
    @JsonProperty("data_disk_0_media") String dataDisk0Media,
    @JsonProperty("data_disk_0_size") OptionalLong dataDisk0SizeGb) {

  public PerfKitBenchmarkerMetadata {
    Check.argument(dataDisk0Type != null && dataDisk0Media != null,
        "data_disk_0_type and data_disk_0_media are required");
    dataDisk0SizeGb = dataDisk0SizeGb == null ? OptionalLong.empty() : dataDisk0SizeGb;
  }
}
