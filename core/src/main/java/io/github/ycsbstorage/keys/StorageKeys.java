package io.github.ycsbstorage.keys;

import io.github.ycsbstorage.binding.DeclaredMemory;
import java.util.Map;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * The storage-aware workload as the code that configures it from outside names it — the study's
 * clients and the demo: its class name and the keys they set. Here, below both, so that the study
 * names them without depending on the workload's code; {@code workload.StorageSettings} declares the
 * same keys as its own.
 */
public final class StorageKeys {
  /** {@code workload.StorageAwareWorkload}, named so that the study does not load it. */
  public static final String WORKLOAD_CLASS = "io.github.ycsbstorage.workload.StorageAwareWorkload";
  public static final String RATIO = "storage.dataset.ratio";
  public static final String SIZE = "storage.dataset.size";
  public static final String BASIS = "storage.memory.basis";
  public static final String SERVER_MEMORY = DeclaredMemory.KEY;
  public static final String CLIENTS = "storage.clients";
  public static final String CLIENT = "storage.client";
  public static final String WARMUP = "storage.warmup";
  /** {@code workload.ObservedWorkload}, which runs any other workload class with the collector. */
  public static final String OBSERVING_CLASS = "io.github.ycsbstorage.workload.ObservedWorkload";
  /** The workload class {@link #OBSERVING_CLASS} runs; YCSB's {@code CoreWorkload} when not given. */
  public static final String OBSERVED = "storage.workload";

  /** The workload class a phase ran: the one it was observed around, else YCSB's {@code workload}. */
  public static String workloadClass(Map<String, String> properties) {
    var named = properties.get(Client.WORKLOAD_PROPERTY);
    return OBSERVING_CLASS.equals(named) ? properties.getOrDefault(OBSERVED, CoreWorkload.class.getName()) : named;
  }

  private StorageKeys() {
  }
}
