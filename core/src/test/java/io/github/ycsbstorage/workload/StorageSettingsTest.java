package io.github.ycsbstorage.workload;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.keys.StorageKeys;
import io.github.ycsbstorage.result.CacheState;
import io.github.ycsbstorage.result.Sizing;
import java.time.Duration;
import java.util.Optional;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StorageSettingsTest {

  private static String refusal(String... pairs) {
    return assertThrows(InvalidPropertyException.class, () -> StorageSettings.from(properties(pairs))).getMessage();
  }

  @Test
  void theKeysNamedFromOutsideAreTheWorkloadsOwn() {
    assertEquals(StorageAwareWorkload.class.getName(), StorageKeys.WORKLOAD_CLASS);
    assertEquals(ObservedWorkload.class.getName(), StorageKeys.OBSERVING_CLASS);
  }

  /** What the results store and its filters call a phase's workload: the class it ran, not the wrapper. */
  @Test
  void aPhasesWorkloadClassIsTheOneItWasObservedAround() {
    var observed = ObservedWorkload.class.getName();
    assertEquals("site.ycsb.workloads.CoreWorkload", StorageKeys.workloadClass(Map.of("workload", observed)));
    assertEquals("my.Workload", StorageKeys.workloadClass(Map.of("workload", observed, StorageSettings.WORKLOAD,
        "my.Workload")));
    assertEquals(StorageAwareWorkload.class.getName(), StorageKeys.workloadClass(Map.of("workload",
        StorageAwareWorkload.class.getName())));
  }

  @Test
  void defaults() {
    var settings = StorageSettings.from(new Properties());
    assertEquals(false, settings.sized());
    assertEquals(Sizing.Basis.RAM, settings.basis());
    assertEquals(true, settings.serverMemory().isEmpty());
    assertEquals(true, settings.recordOverhead().isEmpty());
    assertEquals(10_000, settings.calibrateRecords());
    assertEquals(CacheState.WARM, settings.cache());
    assertEquals(true, settings.warmup().none());
    assertEquals(true, settings.progress());
    assertEquals(Duration.ofSeconds(10), settings.progressInterval());
  }

  @Test
  void preconditioningHasItsRoundsDefaultsAndBounds() {
    assertEquals(Optional.empty(), StorageSettings.from(properties()).precondition());
    assertEquals(Optional.empty(), StorageSettings.from(properties("storage.precondition", "none")).precondition());
    var rounds = StorageSettings.from(properties("storage.precondition", "Dataset")).precondition().orElseThrow()
        .rounds();
    assertEquals(new StorageSettings.Steady(Duration.ofSeconds(10), 25, StorageSettings.SteadyMetric.THROUGHPUT),
        rounds);
    assertEquals(new StorageSettings.Steady(Duration.ofSeconds(3), 40, StorageSettings.SteadyMetric.THROUGHPUT),
        StorageSettings.from(properties("storage.precondition", "dataset", "storage.precondition.round", "3s",
            "storage.precondition.rounds", "40")).precondition().orElseThrow().rounds());
    assertEquals("storage.precondition='device' is invalid; accepted: none, dataset, freespace",
        refusal("storage.precondition", "device"));
    assertEquals("storage.precondition.rounds='4' is invalid; accepted: a whole number from 5 to 10000",
        refusal("storage.precondition", "dataset", "storage.precondition.rounds", "4"));
    assertEquals("storage.precondition.round='2s' is invalid: there are no rounds to shape; accepted: a value only "
        + "together with storage.precondition=dataset or freespace", refusal("storage.precondition.round", "2s"));
  }

  @Test
  void freeSpacePreconditioningTakesARoundAndAReserveButNoBoundOnRounds() {
    var fill = StorageSettings.from(properties("storage.precondition", "freespace", "storage.precondition.round", "2s",
        "storage.precondition.reserve", "2GiB")).precondition().orElseThrow();
    assertEquals(StorageSettings.PreconditionTarget.FREESPACE, fill.target());
    assertEquals(Duration.ofSeconds(2), fill.rounds().round());
    assertEquals(Optional.of(io.github.ycsbstorage.config.ByteSize.parse("2GiB")), fill.reserve());
    assertEquals(Optional.empty(), StorageSettings.from(properties("storage.precondition", "freespace")).precondition()
        .orElseThrow().reserve(), "the default is computed from the file system");
    assertEquals("storage.precondition.reserve='0' is invalid: a file system written to its last byte fails whatever"
        + " writes next; accepted: a size above 0, e.g. 2GiB",
        refusal("storage.precondition", "freespace", "storage.precondition.reserve", "0"));
    assertEquals("storage.precondition.reserve='lots' is invalid; accepted: " + io.github.ycsbstorage.config.ByteSize.ACCEPTED,
        refusal("storage.precondition", "freespace", "storage.precondition.reserve", "lots"));
    assertEquals("storage.precondition.reserve='1GiB' is invalid: no free space is written; accepted: a value only"
        + " together with storage.precondition=freespace",
        refusal("storage.precondition", "dataset", "storage.precondition.reserve", "1GiB"));
    assertEquals("storage.precondition.rounds='10' is invalid: the free space to write bounds the rounds; accepted:"
        + " a value only together with storage.precondition=dataset",
        refusal("storage.precondition", "freespace", "storage.precondition.rounds", "10"));
    assertEquals("storage.precondition='freespace' is invalid: each client would write the same free space at once"
        + " and fail for want of it; precondition the free space with one client's load first; accepted: none or"
        + " dataset when storage.clients > 1", refusal("storage.precondition", "freespace", "storage.dataset.ratio", "1",
        "storage.clients", "2"));
  }

  @Test
  void aWarmupUntilSteadyHasItsRoundsDefaultsAndBounds() {
    var steady = StorageSettings.from(properties("storage.warmup", "steady")).warmup().steady().orElseThrow();
    assertEquals(Duration.ofSeconds(10), steady.round());
    assertEquals(25, steady.maxRounds());
    assertEquals(StorageSettings.SteadyMetric.THROUGHPUT, steady.metric());
    var shaped = StorageSettings.from(properties("storage.warmup", "STEADY", "storage.steady.round", "2s",
        "storage.steady.rounds", "9", "storage.steady.metric", "throughput+p99")).warmup().steady().orElseThrow();
    assertEquals(new StorageSettings.Steady(Duration.ofSeconds(2), 9, StorageSettings.SteadyMetric.THROUGHPUT_AND_P99),
        shaped);
    assertEquals("storage.steady.rounds='4' is invalid; accepted: a whole number from 5 to 10000",
        refusal("storage.warmup", "steady", "storage.steady.rounds", "4"));
    assertEquals("storage.steady.metric='latency' is invalid; accepted: throughput or throughput+p99",
        refusal("storage.warmup", "steady", "storage.steady.metric", "latency"));
    assertEquals("storage.steady.round='2s' is invalid: there are no rounds to shape; accepted: a value only "
        + "together with storage.warmup=steady", refusal("storage.warmup", "60s", "storage.steady.round", "2s"));
  }

  @Test
  void warmupInOperationsOrTime() {
    assertEquals(5000, StorageSettings.from(properties("storage.warmup", "5000ops")).warmup().operations());
    assertEquals(Duration.ofMinutes(2), StorageSettings.from(properties("storage.warmup", "2m")).warmup().duration());
    assertEquals(Duration.ofSeconds(30), StorageSettings.from(properties("storage.warmup", "30s")).warmup().duration());
    assertEquals("storage.warmup='20000' is invalid: a bare number could mean seconds or operations: say 20000s or "
        + "20000ops; accepted: a duration (e.g. 60s, 5m), a number of operations (e.g. 10000ops) or steady",
        refusal("storage.warmup", "20000"));
    assertEquals("storage.warmup='lots' is invalid; accepted: a duration (e.g. 60s, 5m), a number of "
        + "operations (e.g. 10000ops) or steady", refusal("storage.warmup", "lots"));
  }

  @Test
  void refusesImpossibleSizing() {
    assertEquals("storage.dataset.ratio='0' is invalid: it must be > 0; accepted: a positive multiple of the "
        + "server's memory, e.g. 0.33, 1.33, 2.67 or 10", refusal("storage.dataset.ratio", "0"));
    assertEquals("storage.dataset.ratio='-1.5' is invalid: it must be > 0; accepted: a positive multiple of the "
        + "server's memory, e.g. 0.33, 1.33, 2.67 or 10", refusal("storage.dataset.ratio", "-1.5"));
    assertEquals("storage.dataset.size='128GB' is invalid: storage.dataset.ratio=1.33 is set too; accepted: "
        + "either storage.dataset.ratio or storage.dataset.size, not both",
        refusal("storage.dataset.ratio", "1.33", "storage.dataset.size", "128GB"));
    assertEquals("storage.dataset.size='0GB' is invalid: it must be > 0; accepted: a positive size, e.g. 128GB",
        refusal("storage.dataset.size", "0GB"));
    assertEquals("storage.server.memory='0' is invalid: it must be > 0; accepted: auto or a positive size, e.g. 96GB",
        refusal("storage.server.memory", "0"));
    assertEquals("storage.memory.basis='disk' is invalid; accepted: ram, cache", refusal("storage.memory.basis", "disk"));
  }

  @Test
  void refusesImpossibleClientsAndCalibration() {
    assertEquals("storage.client='3' is invalid; accepted: a client index from 0 to 2 (storage.clients=3)",
        refusal("storage.clients", "3", "storage.client", "3"));
    assertEquals("storage.clients='3' is invalid: storage.clients computes insertstart and insertcount itself; "
        + "accepted: either storage.clients/storage.client or insertstart/insertcount, not both",
        refusal("storage.clients", "3", "insertstart", "0"));
    assertEquals("storage.calibrate='true' is invalid: there is no dataset size to correct; accepted: true only "
        + "together with storage.dataset.ratio or storage.dataset.size", refusal("storage.calibrate", "true"));
    assertEquals("storage.calibrate='true' is invalid: each client would calibrate its own sample and the "
        + "partitions would no longer meet; calibrate with one client, then pass the printed overhead as "
        + "storage.record.overhead; accepted: false when storage.clients > 1",
        refusal("storage.calibrate", "true", "storage.dataset.ratio", "1", "storage.clients", "2"));
  }

  @Test
  void failureTimeoutDefaultsToAMinuteAndZeroTurnsTheWatchOff() {
    assertEquals(Duration.ofSeconds(60), StorageSettings.from(new Properties()).failureTimeout());
    assertEquals(Duration.ZERO, StorageSettings.from(properties("storage.failure.timeout", "0")).failureTimeout());
    assertEquals(Duration.ofMillis(500),
        StorageSettings.from(properties("storage.failure.timeout", "500ms")).failureTimeout());
    assertEquals("storage.failure.timeout='soon' is invalid; accepted: " + DurationFormat.ACCEPTED,
        refusal("storage.failure.timeout", "soon"));
  }

  @Test
  void namespaceListsEveryKey() {
    assertEquals("storage.", new StorageNamespace().prefix());
    assertEquals(25, new StorageNamespace().keys().size());
    assertEquals(true, new StorageNamespace().keys().contains("storage.result"));
    assertEquals(true, new StorageNamespace().keys().containsAll(StorageSettings.LIFECYCLE_KEYS));
  }
}
