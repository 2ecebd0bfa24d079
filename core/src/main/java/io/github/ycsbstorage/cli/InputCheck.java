package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.workload.StorageAwareWorkload;
import io.github.ycsbstorage.workload.StorageSettings;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.List;
import java.util.Properties;
import site.ycsb.Client;

/**
 * The one check of a client's whole input, made before anything runs or is written: the keys and
 * values of every namespace that a component on the classpath declares (ours and the bindings'),
 * YCSB's own properties ({@link YcsbCoreProperties}), the storage-aware workload's static checks,
 * and whether records of the given shape fit in memory ({@link RecordMemory}). {@code bin/ycsb
 * load|run|shell} checks its properties with it; {@code bin/ycsb study} checks every cell's client
 * properties with it before the first cell, so both give the same messages. Stateless.
 */
final class InputCheck {
  private InputCheck() {
  }

  /**
   * @return warnings about keys that no component reads, each with its likely intended key
   * @throws InvalidPropertyException naming the first bad property
   */
  static List<String> check(Properties properties, ClientArguments.Command use) {
    var namespaces = NamespaceValidator.discover(InputCheck.class.getClassLoader());
    namespaces.validate(properties);
    if (use != ClientArguments.Command.SHELL) {
      YcsbCoreProperties.validate(properties, use == ClientArguments.Command.RUN);
      checkStorageProperties(properties);
      RecordMemory.check(properties, Runtime.getRuntime().maxMemory());
    }
    return namespaces.unread(properties, YcsbCoreProperties.KEYS);
  }

  /**
   * The storage-aware workload's static checks; {@code storage.*} properties that would change the
   * dataset or the run are refused for another workload, which would silently ignore them. The keys
   * every phase reads are let through ({@link StorageSettings#LIFECYCLE_KEYS}: the result file, the
   * observed workload class, the failure and operation timeouts).
   */
  static void checkStorageProperties(Properties properties) {
    var workload = YcsbSettings.from(properties).workload();
    if (storageAware(workload)) {
      StorageAwareWorkload.validate(properties);
      return;
    }
    properties.stringPropertyNames().stream()
        .filter(key -> key.startsWith("storage.") && !StorageSettings.LIFECYCLE_KEYS.contains(key)).sorted().findFirst()
        .ifPresent(key -> {
          throw new InvalidPropertyException(Client.WORKLOAD_PROPERTY, workload, StorageAwareWorkload.class.getName()
              + " (or a subclass) when storage.* properties are set", key + " is set, but " + workload
              + " does not read storage.* properties");
        });
  }

  /** Whether the workload class is the storage-aware workload (or a subclass). */
  static boolean storageAware(String workload) {
    try {
      return StorageAwareWorkload.class.isAssignableFrom(
          Class.forName(workload, false, InputCheck.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false; // YcsbCoreProperties reports a workload class it cannot load
    }
  }
}
