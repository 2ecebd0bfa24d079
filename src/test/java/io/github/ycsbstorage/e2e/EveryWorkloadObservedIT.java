package io.github.ycsbstorage.e2e;

import io.github.ycsbstorage.e2e.EveryRunObservedIT.ObservedBinding;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * YCSB's workloads B–F, each run over one load of A as YCSB's own instructions run them, observed like
 * workload A in {@link EveryRunObservedIT} (device lines, result file, PerfKitBenchmarker's parser,
 * CoreWorkload's operation mix): eighteen phases, so in the system tier.
 */
@SystemTier
class EveryWorkloadObservedIT {
  @BeforeAll
  static void needsDevices() {
    EveryRunObservedIT.needsDevices();
  }

  @ParameterizedTest
  @EnumSource(ObservedBinding.class)
  void workloadsBToFAreObservedToo(ObservedBinding binding, @TempDir Path dir) throws Exception {
    binding.loadAndRun(dir, List.of("workloadb", "workloadc", "workloadd", "workloade", "workloadf"));
  }
}
