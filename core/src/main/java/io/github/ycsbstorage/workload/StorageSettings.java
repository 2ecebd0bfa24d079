package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.binding.OperationTimeout;
import io.github.ycsbstorage.binding.DeclaredMemory;
import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.keys.StorageKeys;
import io.github.ycsbstorage.result.CacheState;
import io.github.ycsbstorage.result.ResultFile;
import io.github.ycsbstorage.result.Sizing;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * The {@code storage.*} properties, parsed and checked without contacting any server, so that the
 * launcher can refuse bad combinations before YCSB starts ({@link #from}). Every key of the
 * namespace is declared here ({@link #KEYS}). Immutable.
 *
 * @param ratio            {@code storage.dataset.ratio}: dataset size as a multiple of the memory basis
 * @param size             {@code storage.dataset.size}: dataset size in bytes
 * @param basis            {@code storage.memory.basis}: which memory the ratio refers to
 * @param serverMemory     {@code storage.server.memory}: a declared size, empty for {@code auto}
 * @param recordOverhead   {@code storage.record.overhead}: bytes, empty for {@code auto}
 * @param calibrate        {@code storage.calibrate}
 * @param calibrateRecords {@code storage.calibrate.records}
 * @param clients          {@code storage.clients}: clients sharing one load
 * @param client           {@code storage.client}: this client's index, from 0
 * @param warmup           {@code storage.warmup}
 * @param precondition     {@code storage.precondition}: overwrites after a load until the write rate is
 *                         steady, or the device's free space written before it; empty for {@code none}
 * @param cache            {@code storage.cache}
 * @param restartCommand   {@code storage.server.restart}
 * @param progress         {@code storage.progress}
 * @param progressInterval {@code storage.progress.interval}
 * @param result           {@code storage.result}: path of the result file
 * @param failureTimeout   {@code storage.failure.timeout}: how long no operation may succeed while
 *                         operations fail or hang (or a client thread may not start) before the phase
 *                         stops as failed; zero: never
 * @param operationTimeout {@code storage.operation.timeout}: the bindings' per-operation timeouts, and
 *                         how long a phase stopped as failed may take to end ({@link OperationTimeout})
 */
public record StorageSettings(OptionalDouble ratio, Optional<ByteSize> size, Sizing.Basis basis,
                              Optional<ByteSize> serverMemory, OptionalLong recordOverhead,
                              boolean calibrate, int calibrateRecords, int clients, int client,
                              Warmup warmup, Optional<Precondition> precondition, CacheState cache, Optional<String> restartCommand,
                              boolean progress, Duration progressInterval, Optional<String> result,
                              Duration failureTimeout, Duration operationTimeout) {

  public static final String PREFIX = "storage.";
  public static final String RATIO = StorageKeys.RATIO;
  public static final String SIZE = StorageKeys.SIZE;
  /**
   * A JVM system property, not a YCSB one: the dataset size key that {@code bin/ycsb} found replaced by
   * a later level (see {@code ClientArguments.replacedDatasetSize}); the workload drops it.
   */
  public static final String REPLACED_SIZE = "ycsbstorage.dataset.replaced";
  public static final String BASIS = StorageKeys.BASIS;
  public static final String SERVER_MEMORY = StorageKeys.SERVER_MEMORY;
  public static final String RECORD_OVERHEAD = "storage.record.overhead";
  public static final String CALIBRATE = "storage.calibrate";
  public static final String CALIBRATE_RECORDS = "storage.calibrate.records";
  public static final String CLIENTS = StorageKeys.CLIENTS;
  public static final String CLIENT = StorageKeys.CLIENT;
  public static final String WARMUP = StorageKeys.WARMUP;
  public static final String STEADY_ROUND = "storage.steady.round";
  public static final String STEADY_ROUNDS = "storage.steady.rounds";
  public static final String STEADY_METRIC = "storage.steady.metric";
  public static final String PRECONDITION = "storage.precondition";
  public static final String PRECONDITION_ROUND = "storage.precondition.round";
  public static final String PRECONDITION_ROUNDS = "storage.precondition.rounds";
  public static final String PRECONDITION_RESERVE = "storage.precondition.reserve";
  public static final String CACHE = "storage.cache";
  public static final String SERVER_RESTART = "storage.server.restart";
  public static final String PROGRESS = "storage.progress";
  public static final String PROGRESS_INTERVAL = "storage.progress.interval";
  public static final String RESULT = ResultFile.PROPERTY;
  /** The workload class {@link ObservedWorkload} runs; YCSB's {@code CoreWorkload} when not given. */
  public static final String WORKLOAD = StorageKeys.OBSERVED;
  public static final String FAILURE_TIMEOUT = "storage.failure.timeout";
  public static final String OPERATION_TIMEOUT = OperationTimeout.KEY;

  /** Every key of the {@code storage.} namespace. */
  public static final Set<String> KEYS = Set.of(RATIO, SIZE, BASIS, SERVER_MEMORY, RECORD_OVERHEAD,
      CALIBRATE, CALIBRATE_RECORDS, CLIENTS, CLIENT, WARMUP, STEADY_ROUND, STEADY_ROUNDS, STEADY_METRIC,
      PRECONDITION, PRECONDITION_ROUND, PRECONDITION_ROUNDS, PRECONDITION_RESERVE, CACHE, SERVER_RESTART, PROGRESS, PROGRESS_INTERVAL, RESULT, WORKLOAD,
      FAILURE_TIMEOUT, OPERATION_TIMEOUT);

  /** The keys every phase reads, whatever its workload ({@link PhaseLifecycle}, {@link ObservedWorkload}). */
  public static final Set<String> LIFECYCLE_KEYS = Set.of(RESULT, WORKLOAD, FAILURE_TIMEOUT, OPERATION_TIMEOUT);

  /** A server that is gone for this long ends the phase: longer than a driver's own timeouts and retries. */
  static final Duration DEFAULT_FAILURE_TIMEOUT = Duration.ofSeconds(60);

  static final int DEFAULT_CALIBRATE_RECORDS = 10_000;

  /**
   * Unmeasured operations before the run phase: for a duration, a number of operations, or in rounds
   * until the workload is steady; none when all are absent.
   *
   * @param steady the rounds' settings, for {@code storage.warmup=steady}
   */
  public record Warmup(Duration duration, long operations, Optional<Steady> steady) {
    static final Warmup NONE = new Warmup(Duration.ZERO, 0, Optional.empty());
    static final String STEADY = "steady";
    private static final Pattern OPERATIONS = Pattern.compile("\\s*(\\d+)\\s*(ops|operations)\\s*");
    /** A number without a unit: seconds elsewhere, but here it could as well be meant as a count. */
    private static final Pattern BARE_NUMBER = Pattern.compile("\\s*\\d+(\\.\\d+)?\\s*");
    private static final String ACCEPTED = "a duration (e.g. 60s, 5m), a number of operations (e.g. 10000ops) or steady";

    boolean none() {
      return duration.isZero() && operations == 0 && steady.isEmpty();
    }

    static Warmup parse(String text, PropertyReader reader) {
      if (text.trim().equalsIgnoreCase(STEADY)) {
        return new Warmup(Duration.ZERO, 0, Optional.of(Steady.from(reader)));
      }
      if (BARE_NUMBER.matcher(text).matches()) {
        throw new InvalidPropertyException(WARMUP, text, ACCEPTED,
            "a bare number could mean seconds or operations: say " + text.strip() + "s or " + text.strip() + "ops");
      }
      var matcher = OPERATIONS.matcher(text.toLowerCase(Locale.ROOT));
      try {
        if (matcher.matches()) {
          return new Warmup(Duration.ZERO, Long.parseLong(matcher.group(1)), Optional.empty());
        }
        return new Warmup(DurationFormat.parse(text), 0, Optional.empty());
      } catch (IllegalArgumentException e) { // NumberFormatException too: more operations than a long holds
        throw new InvalidPropertyException(WARMUP, text, ACCEPTED);
      }
    }

    @Override
    public String toString() {
      if (steady.isPresent()) {
        return "until steady: " + steady.get();
      }
      if (operations > 0) {
        return operations + " operations";
      }
      return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
  }

  /** What must hold still for a warm-up to end as steady. */
  public enum SteadyMetric {
    THROUGHPUT("throughput"), THROUGHPUT_AND_P99("throughput+p99");

    private final String label;

    SteadyMetric(String label) {
      this.label = label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  /**
   * A warm-up in rounds ({@code storage.warmup=steady}).
   *
   * @param round     {@code storage.steady.round}: each round's length
   * @param maxRounds {@code storage.steady.rounds}: the bound on rounds, at least the judged window
   * @param metric    {@code storage.steady.metric}
   */
  public record Steady(Duration round, int maxRounds, SteadyMetric metric) {
    static Steady from(PropertyReader reader) {
      return new Steady(reader.duration(STEADY_ROUND, Duration.ofSeconds(10), Duration.ofMillis(100),
          Duration.ofHours(1)), reader.integer(STEADY_ROUNDS, 25, SteadyStateCriterion.WINDOW, 10_000),
          metric(reader));
    }

    private static SteadyMetric metric(PropertyReader reader) {
      var text = reader.string(STEADY_METRIC);
      if (text.isPresent() && text.get().trim().equalsIgnoreCase(SteadyMetric.THROUGHPUT_AND_P99.toString())) {
        return SteadyMetric.THROUGHPUT_AND_P99;
      }
      if (text.isPresent() && !text.get().trim().equalsIgnoreCase(SteadyMetric.THROUGHPUT.toString())) {
        throw new InvalidPropertyException(STEADY_METRIC, text.get(), "throughput or throughput+p99");
      }
      return SteadyMetric.THROUGHPUT;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%s in rounds of %s, at most %d", metric,
          DurationFormat.format(round), maxRounds);
    }
  }

  /**
   * What a load preconditions ({@code storage.precondition}): the dataset after its inserts, or the
   * device's free space before them.
   */
  public enum PreconditionTarget { NONE, DATASET, FREESPACE }

  /**
   * Preconditioning of a load. {@code storage.precondition=dataset}: after the inserts, unmeasured
   * overwrites of uniformly chosen records of the load's key range, in rounds, until at least one
   * dataset's worth is written and the write rate is steady ({@link SteadyStateCriterion}), or the bound
   * on rounds. {@code storage.precondition=freespace}: before the inserts, one file written over the data
   * folder's free space less a reserve, then deleted ({@link FreeSpaceFill}); its size bounds the rounds.
   *
   * @param target  {@code dataset} or {@code freespace}
   * @param rounds  {@code storage.precondition.round} and {@code storage.precondition.rounds} (the bound
   *                applies to {@code dataset} only); the metric is the write rate
   * @param reserve {@code storage.precondition.reserve}: the free space {@code freespace} leaves unwritten;
   *                empty for its default ({@link FreeSpaceFill#reserve})
   */
  public record Precondition(PreconditionTarget target, Steady rounds, Optional<ByteSize> reserve) {
    static Optional<Precondition> from(PropertyReader reader) {
      var target = reader.choice(PRECONDITION, PreconditionTarget.NONE);
      refuseWithout(reader, PRECONDITION_ROUND, target != PreconditionTarget.NONE, "dataset or freespace",
          "there are no rounds to shape");
      refuseWithout(reader, PRECONDITION_ROUNDS, target == PreconditionTarget.DATASET, "dataset",
          target == PreconditionTarget.FREESPACE ? "the free space to write bounds the rounds"
              : "there are no rounds to shape");
      refuseWithout(reader, PRECONDITION_RESERVE, target == PreconditionTarget.FREESPACE, "freespace",
          "no free space is written");
      if (target == PreconditionTarget.NONE) {
        return Optional.empty();
      }
      var reserve = reader.byteSize(PRECONDITION_RESERVE);
      if (reserve.isPresent() && reserve.get().bytes() == 0) {
        throw new InvalidPropertyException(PRECONDITION_RESERVE, reader.string(PRECONDITION_RESERVE).orElseThrow(),
            "a size above 0, e.g. 2GiB", "a file system written to its last byte fails whatever writes next");
      }
      return Optional.of(new Precondition(target, new Steady(reader.duration(PRECONDITION_ROUND, Duration.ofSeconds(10),
          Duration.ofMillis(100), Duration.ofHours(1)), reader.integer(PRECONDITION_ROUNDS, 25,
          SteadyStateCriterion.WINDOW, 10_000), SteadyMetric.THROUGHPUT), reserve));
    }

    /** Refuses {@code key} unless {@code allowed}: it shapes only the preconditioning named by {@code targets}. */
    private static void refuseWithout(PropertyReader reader, String key, boolean allowed, String targets, String why) {
      if (!allowed && reader.string(key).isPresent()) {
        throw new InvalidPropertyException(key, reader.string(key).orElseThrow(),
            "a value only together with " + PRECONDITION + "=" + targets, why);
      }
    }

    @Override
    public String toString() {
      if (target == PreconditionTarget.FREESPACE) {
        return String.format(Locale.ROOT, "the data folder's free space less %s, written in rounds of %s",
            reserve.map(r -> "a reserve of " + r).orElse("a reserve of 5 % of its file system, at least 1 GiB"),
            DurationFormat.format(rounds.round()));
      }
      return String.format(Locale.ROOT, "the dataset, overwritten until the write rate is steady, in rounds of %s,"
          + " at most %d", DurationFormat.format(rounds.round()), rounds.maxRounds());
    }
  }

  public StorageSettings {
    if (calibrateRecords < 1 || clients < 1 || client < 0 || client >= clients) {
      throw new IllegalArgumentException("invalid counts: calibrate " + calibrateRecords
          + ", client " + client + " of " + clients);
    }
  }

  /**
   * Parses and checks the {@code storage.*} properties.
   *
   * @throws InvalidPropertyException naming the first property that cannot be used
   */
  public static StorageSettings from(Properties properties) {
    var reader = new PropertyReader(properties);
    var ratio = reader.positiveDecimal(RATIO, "a positive multiple of the server's memory, e.g. 0.33, 1.33, 2.67 or 10");
    var size = reader.byteSize(SIZE);
    if (size.isPresent() && size.get().bytes() == 0) {
      throw new InvalidPropertyException(SIZE, reader.string(SIZE).orElseThrow(),
          "a positive size, e.g. 128GB", "it must be > 0");
    }
    if (ratio.isPresent() && size.isPresent()) {
      throw new InvalidPropertyException(SIZE, reader.string(SIZE).orElseThrow(),
          "either " + RATIO + " or " + SIZE + ", not both",
          RATIO + "=" + reader.string(RATIO).orElseThrow() + " is set too");
    }
    var serverMemory = DeclaredMemory.from(properties);
    if (serverMemory.isPresent() && serverMemory.get().bytes() == 0) {
      throw new InvalidPropertyException(SERVER_MEMORY, reader.string(SERVER_MEMORY).orElseThrow(),
          "auto or a positive size, e.g. 96GB", "it must be > 0");
    }
    var overhead = auto(reader, RECORD_OVERHEAD)
        .map(value -> OptionalLong.of(PropertyReader.parseLong(RECORD_OVERHEAD, value, 0, Integer.MAX_VALUE)))
        .orElse(OptionalLong.empty());
    int clients = reader.integer(CLIENTS, 1, 1, 10_000);
    var clientText = reader.string(CLIENT);
    int client = reader.integer(CLIENT, 0, 0, Integer.MAX_VALUE);
    if (client >= clients) {
      throw new InvalidPropertyException(CLIENT, clientText.orElseThrow(),
          "a client index from 0 to " + (clients - 1) + " (" + CLIENTS + "=" + clients + ")");
    }
    Check.input(clients <= 1 || !properties.containsKey(CoreWorkload.INSERT_START_PROPERTY)
        && !properties.containsKey(Client.INSERT_COUNT_PROPERTY), CLIENTS, Integer.toString(clients),
        "either " + CLIENTS + "/" + CLIENT + " or insertstart/insertcount, not both",
        "storage.clients computes insertstart and insertcount itself");
    boolean calibrate = reader.bool(CALIBRATE, false);
    if (calibrate && ratio.isEmpty() && size.isEmpty()) {
      throw new InvalidPropertyException(CALIBRATE, reader.string(CALIBRATE).orElseThrow(),
          "true only together with " + RATIO + " or " + SIZE, "there is no dataset size to correct");
    }
    if (calibrate && clients > 1) {
      throw new InvalidPropertyException(CALIBRATE, reader.string(CALIBRATE).orElseThrow(),
          "false when " + CLIENTS + " > 1",
          "each client would calibrate its own sample and the partitions would no longer meet; calibrate "
              + "with one client, then pass the printed overhead as " + RECORD_OVERHEAD);
    }
    var precondition = Precondition.from(reader);
    if (clients > 1 && precondition.filter(c -> c.target() == PreconditionTarget.FREESPACE).isPresent()) {
      throw new InvalidPropertyException(PRECONDITION, reader.string(PRECONDITION).orElseThrow(),
          "none or dataset when " + CLIENTS + " > 1", "each client would write the same free space at once"
              + " and fail for want of it; precondition the free space with one client's load first");
    }
    var warmup = reader.string(WARMUP).map(text -> Warmup.parse(text, reader)).orElse(Warmup.NONE);
    if (warmup.steady().isEmpty()) {
      for (var key : List.of(STEADY_ROUND, STEADY_ROUNDS, STEADY_METRIC)) {
        if (reader.string(key).isPresent()) {
          throw new InvalidPropertyException(key, reader.string(key).orElseThrow(),
              "a value only together with " + WARMUP + "=steady", "there are no rounds to shape");
        }
      }
    }
    return new StorageSettings(ratio, size, reader.choice(BASIS, Sizing.Basis.RAM), serverMemory, overhead,
        calibrate,
        reader.integer(CALIBRATE_RECORDS, DEFAULT_CALIBRATE_RECORDS, 1, Integer.MAX_VALUE),
        clients, client, warmup, precondition, reader.choice(CACHE, CacheState.WARM), reader.string(SERVER_RESTART),
        reader.bool(PROGRESS, true), progressInterval(reader),
        reader.string(RESULT), reader.duration(FAILURE_TIMEOUT, DEFAULT_FAILURE_TIMEOUT),
        OperationTimeout.from(properties));
  }

  /** A positive interval: 0 would print progress in a busy loop. */
  private static Duration progressInterval(PropertyReader reader) {
    var interval = reader.duration(PROGRESS_INTERVAL, Duration.ofSeconds(10));
    if (interval.compareTo(Duration.ofMillis(100)) < 0) {
      throw new InvalidPropertyException(PROGRESS_INTERVAL, reader.string(PROGRESS_INTERVAL).orElseThrow(),
          "a duration of at least 100ms, e.g. 10s");
    }
    return interval;
  }

  /** The value unless it is absent or {@code auto}. */
  private static Optional<String> auto(PropertyReader reader, String key) {
    return reader.string(key).filter(value -> !value.equalsIgnoreCase("auto"));
  }

  /** Whether the dataset is sized from memory or a size rather than from {@code recordcount}. */
  public boolean sized() {
    return ratio.isPresent() || size.isPresent();
  }
}
