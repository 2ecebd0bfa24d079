package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Optional;

/**
 * One entry of the {@code devices} section: a physical device behind a watched data path, with
 * that path's mount (written flat: the device's fields, then the path's). Immutable.
 *
 * @param device       what sysfs says about the device
 * @param path         the watched path
 * @param mountPoint   its mount point, when found
 * @param fsType       its file-system type, when found
 * @param mountOptions per-mount and per-superblock options, when found
 * @param stack        the block layers between the file system and the device
 * @param notes        what could not be resolved, and why
 * @param probe        the read-latency probe, on the devices of the first watched path
 * @param loop         the loop device the path's file system lies on (its own size, its backing file
 *                     and that file's file system and device); absent when none
 */
public record DataDevice(@JsonUnwrapped DeviceInfo device, String path, Optional<String> mountPoint,
    Optional<String> fsType, Optional<String> mountOptions, List<String> stack, List<String> notes,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<ProbeResult> probe,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<LoopDevice> loop) {

  public DataDevice {
    probe = probe == null ? Optional.empty() : probe;
    loop = loop == null ? Optional.empty() : loop;
    stack = stack == null ? List.of() : List.copyOf(stack);
    notes = notes == null ? List.of() : List.copyOf(notes);
  }
}
