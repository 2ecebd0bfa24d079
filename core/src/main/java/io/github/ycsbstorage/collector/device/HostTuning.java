package io.github.ycsbstorage.collector.device;

import io.github.ycsbstorage.collector.host.HostFiles;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The host's kernel settings that shape I/O: {@code vm.dirty_*}, {@code vm.swappiness} and
 * transparent huge pages. Unreadable settings are recorded as {@code null}. Thread-safe.
 */
public final class HostTuning {
  private static final String[] VM_KEYS = {"dirty_ratio", "dirty_background_ratio", "dirty_bytes",
      "dirty_background_bytes", "dirty_expire_centisecs", "dirty_writeback_centisecs", "swappiness"};

  private HostTuning() {
  }

  /** Settings by sysctl name ({@code vm.dirty_ratio}, ...) and {@code transparent_hugepage.*}. */
  public static Map<String, String> read(HostFiles files) {
    var tuning = new LinkedHashMap<String, String>();
    for (var key : VM_KEYS) {
      tuning.put("vm." + key, files.attribute("/proc/sys/vm/" + key).orElse(null));
    }
    for (var key : new String[] {"enabled", "defrag"}) {
      tuning.put("transparent_hugepage." + key,
          files.attribute("/sys/kernel/mm/transparent_hugepage/" + key)
              .map(DeviceClassifier::activeChoice).orElse(null));
    }
    return tuning;
  }
}
