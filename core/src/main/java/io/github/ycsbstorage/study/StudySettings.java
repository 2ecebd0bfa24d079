package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.DurationFormat;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.result.CacheState;
import io.github.ycsbstorage.store.StoreSettings;
import io.github.ycsbstorage.ycsbconfig.PropertiesFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import site.ycsb.workloads.CoreWorkload;

/**
 * A parsed, validated study file: the matrix (workloads × distributions × dataset scales × devices ×
 * repetitions), how each cell runs, and the properties passed to every client. Built only through
 * {@link #from} (or {@link #load}), which checks everything before any data is touched. Every key of
 * the {@code study.} namespace is declared here ({@link #KEYS}). Immutable.
 *
 * @param passThrough every non-{@code study.*} property of the file, given to each client as
 *                    {@code -p}; {@code {datadir}} and {@code {device}} are substituted per device
 * @param folder      the study file's folder: relative paths in the file are resolved against it,
 *                    and the server commands run in it
 */
public record StudySettings(String name, String binding, List<Workload> workloads, List<String> distributions,
    List<DatasetScale> scales, List<Device> devices, Optional<String> serverStart, Optional<String> serverStop,
    int repetitions, Optional<Duration> duration, Optional<Long> operationCount, CacheState cache, int clients,
    List<String> hosts, int threads, Optional<Double> target, Path resultsRoot, Map<String, String> passThrough,
    Path folder, List<Double> targets, Optional<CapacitySearchSettings> capacitySearch, RunOrder order) {

  public static final String PREFIX = "study.";
  public static final String NAME = "study.name";
  public static final String BINDING = "study.binding";
  public static final String WORKLOADS = "study.workloads";
  public static final String DISTRIBUTIONS = "study.distributions";
  public static final String RATIOS = "study.ratios";
  public static final String SIZES = "study.sizes";
  public static final String RECORDCOUNTS = "study.recordcounts";
  public static final String DEVICES = "study.devices";
  public static final String SERVER_START = "study.server.start";
  public static final String SERVER_STOP = "study.server.stop";
  public static final String REPETITIONS = "study.repetitions";
  public static final String DURATION = "study.duration";
  public static final String OPERATIONCOUNT = "study.operationcount";
  public static final String CACHE = "study.cache";
  public static final String CLIENTS = "study.clients";
  public static final String HOSTS = "study.hosts";
  public static final String THREADS = "study.threads";
  public static final String TARGET = "study.target";
  public static final String TARGETS = "study.targets";
  public static final String SLO = "study.slo";
  public static final String SLO_STEPS = "study.slo.steps";
  public static final String SLO_RUNS = "study.slo.runs";
  public static final String RESULTS = "study.results";
  public static final String ORDER = "study.order";

  /** Every key of the {@code study.} namespace (docs/study.md). */
  public static final Set<String> KEYS = Set.of(NAME, BINDING, WORKLOADS, DISTRIBUTIONS, RATIOS, SIZES,
      RECORDCOUNTS, DEVICES, SERVER_START, SERVER_STOP, REPETITIONS, DURATION, OPERATIONCOUNT, CACHE, CLIENTS,
      HOSTS, THREADS, TARGET, TARGETS, SLO, SLO_STEPS, SLO_RUNS, RESULTS, ORDER);

  /**
   * A workload file of the study.
   *
   * @param name    its file name, e.g. {@code workloada}
   * @param inserts whether it inserts records (read-latest): such cells run after the others
   * @param distribution its own {@code requestdistribution} (YCSB's default: uniform)
   */
  public record Workload(String name, Path file, boolean inserts, String distribution) {
  }

  private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
  private static final List<String> DISTRIBUTION_NAMES = List.of("uniform", "zipfian", "latest", "hotspot",
      "sequential", "exponential");

  public StudySettings {
    workloads = List.copyOf(workloads);
    distributions = List.copyOf(distributions);
    scales = List.copyOf(scales);
    devices = List.copyOf(devices);
    hosts = List.copyOf(hosts);
    passThrough = Map.copyOf(passThrough);
    targets = List.copyOf(targets);
  }

  /** Reads a study file; relative paths in it are resolved against its folder, then {@code home}. */
  public static StudySettings load(Path file, Path home) {
    var properties = read(file);
    // The file's name, made a safe study name: the user set no study.name that could be blamed.
    var defaultName = file.getFileName().toString().replaceFirst("\\.[^.]*$", "")
        .replaceAll("[^A-Za-z0-9_.-]", "_").replaceFirst("^[_.-]+", "");
    return from(properties, defaultName.isEmpty() ? "study" : defaultName, file.toAbsolutePath().getParent(), home);
  }

  /** The results store the study's cells are added to (its clients' phases read the same key). */
  public StoreSettings store() {
    return StoreSettings.parse(Optional.ofNullable(passThrough.get(StoreSettings.STORE)));
  }

  /** The study file's properties, as written (UTF-8). */
  public static Properties read(Path file) {
    return PropertiesFile.read("FILE", file, StandardCharsets.UTF_8, "a study file: properties text in UTF-8");
  }

  /**
   * Validates a study given as properties.
   *
   * @param defaultName the study name when {@code study.name} is absent
   * @param base        folder against which relative workload files and paths are resolved first
   * @param home        the ycsb-storage home (workloads/ lives there), tried second
   * @throws InvalidPropertyException naming the first bad property
   */
  public static StudySettings from(Properties properties, String defaultName, Path base, Path home) {
    var reader = new PropertyReader(properties);
    var name = reader.string(NAME, defaultName);
    Check.input(SAFE_NAME.matcher(name).matches(), NAME, name, "letters, digits, '.', '_' and '-'");
    var binding = reader.string(BINDING).orElseThrow(() ->
        new InvalidPropertyException(BINDING, null, "a binding name of bin/bindings.properties, e.g. mongodb"));
    checkBinding(binding, home.resolve("bin/bindings.properties"));
    var passThrough = new TreeMap<String, String>();
    for (var key : properties.stringPropertyNames()) {
      if (!key.startsWith(PREFIX)) {
        passThrough.put(key, properties.getProperty(key).trim());
      }
    }
    for (var kind : List.of(DatasetScale.Kind.RATIO, DatasetScale.Kind.SIZE)) {
      var value = passThrough.get(kind.property);
      if (value != null && !value.isEmpty()) {
        // The study file is one level: its sizes and a size of its own for every client would conflict.
        throw new InvalidPropertyException(kind.property, value, "dataset sizes in " + RATIOS + " or " + SIZES,
            "a study gives its dataset sizes as study.* keys (they replace a workload file's)");
      }
    }
    var workloads = new ArrayList<Workload>();
    for (var entry : reader.list(WORKLOADS, "workloads/workloada")) {
      var workload = workload(entry, base, home, passThrough);
      // A cell is named by its workload file's name: two files of one name would share cells.
      workloads.stream().filter(w -> w.name().equals(workload.name())).findFirst().ifPresent(w -> {
        throw new InvalidPropertyException(WORKLOADS, entry, "workload files of distinct file names",
            w.file().equals(workload.file()) ? "listed twice"
                : "same file name '" + w.name() + "' as " + w.file() + ": cells are named by it");
      });
      workloads.add(workload);
    }
    var distributions = reader.list(DISTRIBUTIONS, "");
    for (int i = 0; i < distributions.size(); i++) {
      var distribution = distributions.get(i);
      Check.input(DISTRIBUTION_NAMES.contains(distribution),
          DISTRIBUTIONS, distribution, String.join(", ", DISTRIBUTION_NAMES));
      Check.input(!distributions.subList(0, i).contains(distribution),
          DISTRIBUTIONS, distribution, "each distribution once", "listed twice");
    }
    var clients = reader.integer(CLIENTS, 1, 1, 1024);
    EmbeddedEngine.of(binding).filter(engine -> clients > 1).ifPresent(engine -> {
      throw new InvalidPropertyException(CLIENTS, Integer.toString(clients), "1 with the embedded binding " + binding,
          "its engine runs inside each client process and locks its folder: several clients cannot share it");
    });
    var settings = new StudySettings(name, binding, workloads, distributions, scales(reader),
        devices(reader, base), reader.string(SERVER_START), reader.string(SERVER_STOP),
        reader.integer(REPETITIONS, 1, 1, 1000),
        duration(reader),
        reader.string(OPERATIONCOUNT).map(v -> PropertyReader.parseLong(OPERATIONCOUNT, v, 1, Integer.MAX_VALUE)),
        reader.choice(CACHE, CacheState.WARM), clients, reader.list(HOSTS, ""),
        reader.integer(THREADS, 1, 1, 10_000), target(reader), resolve(base, RESULTS, reader.string(RESULTS, "results")),
        passThrough, base.toAbsolutePath().normalize(), targets(reader), capacitySearch(reader),
        reader.choice(ORDER, RunOrder.INTERLEAVED));
    settings.capacitySearch().ifPresent(search -> settings.checkSample(search.objective(), reader));
    return settings;
  }

  /**
   * {@code study.duration}: YCSB's {@code maxexecutiontime}, whole seconds; a run of no time measures
   * nothing, so 0s is bad input, not "unset".
   */
  private static Optional<Duration> duration(PropertyReader reader) {
    var duration = reader.string(DURATION)
        .map(v -> reader.duration(DURATION, Duration.ZERO, Duration.ofSeconds(1), DurationFormat.UNBOUNDED));
    duration.filter(d -> d.toNanos() % 1_000_000_000L != 0).ifPresent(d -> {
      throw new InvalidPropertyException(DURATION, reader.string(DURATION).orElseThrow(),
          "a whole number of seconds, e.g. 30s or 10m", "YCSB's maxexecutiontime counts seconds");
    });
    return duration;
  }

  /**
   * A capacity step is bounded by operations or by time, never both: every step runs
   * {@code study.operationcount} operations, or every step lasts {@code study.duration} (a step at a rate
   * runs that rate's operations for it, at least its percentile's sample: {@link CellCommands}). Steps of
   * equal duration meet the host's stalls for equal time at every rate; equal operation counts make
   * the faster rates' steps shorter, and a short step more often meets no stall at all.
   */
  private void checkSample(LatencyObjective objective, PropertyReader reader) {
    if (duration.isPresent()) {
      Check.input(operationCount.isEmpty(), OPERATIONCOUNT, reader.string(OPERATIONCOUNT).orElse(null),
          "no operation count with " + DURATION + " and " + SLO, "each capacity step lasts " + DURATION
          + "; give one of the two");
      return;
    }
    long minimum = objective.percentile().minimumOperations();
    Check.input(operationCount.map(n -> n * clients).orElse(0L) >= minimum,
        OPERATIONCOUNT, reader.string(OPERATIONCOUNT).orElse(null),
        String.format(Locale.ROOT, "at least %,d operations over the %d client(s) with %s", minimum, clients,
            objective.text()), "fewer would make the " + objective.percentile().label()
            + " the slowest handful, not a percentile");
  }

  /** {@code study.targets}: distinct positive rates, lowest first; alone among the ways to set a rate. */
  private static List<Double> targets(PropertyReader reader) {
    var targets = new java.util.TreeMap<Long, Double>();
    for (var value : reader.list(TARGETS, "")) {
      var rate = PropertyReader.parsePositiveDecimal(TARGETS, value, "rates in operations per second > 0, e.g. "
          + "500,1000,2000");
      Check.input(targets.put(Math.round(rate), rate) == null,
          TARGETS, value, "each rate once (rounded to whole ops/s)",
          "same rate as an earlier entry");
    }
    for (var other : List.of(TARGET, SLO)) {
      if (!targets.isEmpty() && reader.string(other).isPresent()) {
        throw new InvalidPropertyException(TARGETS, reader.string(TARGETS).orElseThrow(), "rates without " + other,
            "each run cell gets its rate from " + TARGETS + " alone");
      }
    }
    return List.copyOf(targets.values());
  }

  /**
   * {@code study.slo} and how to search: runs every run cell as a capacity search; a fixed target would
   * contradict it, and the search's shape means nothing without it.
   */
  private static Optional<CapacitySearchSettings> capacitySearch(PropertyReader reader) {
    var objective = reader.string(SLO).map(text -> LatencyObjective.parse(SLO, text));
    if (objective.isPresent() && reader.string(TARGET).isPresent()) {
      throw new InvalidPropertyException(SLO, reader.string(SLO).orElseThrow(), "an objective without " + TARGET,
          "a capacity search chooses each step's rate itself");
    }
    for (var shape : List.of(SLO_STEPS, SLO_RUNS)) {
      if (objective.isEmpty() && reader.string(shape).isPresent()) {
        throw new InvalidPropertyException(shape, reader.string(shape).orElseThrow(),
            "a value only together with " + SLO, "there is no capacity search to shape");
      }
    }
    int bisections = reader.integer(SLO_STEPS, 5, 1, 20);
    int runs = reader.integer(SLO_RUNS, 1, 1, 9);
    if (runs % 2 == 0) {
      throw new InvalidPropertyException(SLO_RUNS, reader.string(SLO_RUNS).orElseThrow(),
          "an odd number of runs per rate, 1–9", "a rate's verdict is the majority of its runs, which an even number"
          + " can split");
    }
    return objective.map(o -> new CapacitySearchSettings(o, bisections, runs));
  }

  /** The engine of an embedded binding ({@code rocksdb}): no server, a folder per device and size. */
  public Optional<EmbeddedEngine> embeddedEngine() {
    return EmbeddedEngine.of(binding);
  }

  /** The folder that holds this study's cell results: {@code <study.results>/<name>}. */
  public Path resultsDirectory() {
    return resultsRoot.resolve(name);
  }

  private static Optional<Double> target(PropertyReader reader) {
    var target = reader.decimal(TARGET, 0);
    Check.input(target >= 0, TARGET, String.valueOf(target), "operations per second >= 0 (0: unthrottled)");
    return target == 0 ? Optional.empty() : Optional.of(target);
  }

  private static List<DatasetScale> scales(PropertyReader reader) {
    var keys = new LinkedHashMap<DatasetScale.Kind, String>();
    keys.put(DatasetScale.Kind.RATIO, RATIOS);
    keys.put(DatasetScale.Kind.SIZE, SIZES);
    keys.put(DatasetScale.Kind.RECORDS, RECORDCOUNTS);
    var scales = new ArrayList<DatasetScale>();
    var amounts = new ArrayList<Object>();
    keys.forEach((kind, key) -> reader.list(key, "").forEach(value -> {
      Object amount = switch (kind) {
        case RATIO -> PropertyReader.parsePositiveDecimal(key, value, "ratios of server memory > 0, e.g. 0.33,1.33");
        case SIZE -> {
          try {
            yield ByteSize.parse(value);
          } catch (IllegalArgumentException e) {
            throw new InvalidPropertyException(key, value, ByteSize.ACCEPTED);
          }
        }
        case RECORDS -> PropertyReader.parseLong(key, value, 1, Integer.MAX_VALUE);
      };
      // 0.33 and 0.330 are one dataset size: two cells would measure the same thing.
      Check.input(!amounts.contains(amount), key, value, "each dataset size once", "same size as an earlier entry");
      amounts.add(amount);
      scales.add(new DatasetScale(kind, value));
    }));
    Check.input(!scales.isEmpty(), RATIOS, null,
        "at least one dataset scale: study.ratios (e.g. 0.33,1.33), study.sizes (e.g. 32GB) or study.recordcounts");
    return scales;
  }

  private static List<Device> devices(PropertyReader reader, Path base) {
    var devices = new ArrayList<Device>();
    for (var entry : reader.list(DEVICES, "")) {
      var equals = entry.indexOf('=');
      Check.input(equals > 0 && equals != entry.length() - 1,
          DEVICES, entry, "name=datapath entries, e.g. hdd=/mnt/hdd/db,ssd=/mnt/ssd/db");
      var deviceName = entry.substring(0, equals).trim();
      Check.input(SAFE_NAME.matcher(deviceName).matches(),
          DEVICES, entry, "device names of letters, digits, '.', '_' and '-'");
      Check.input(devices.stream().noneMatch(d -> d.name().equals(deviceName)),
          DEVICES, entry, "each device name once");
      devices.add(new Device(deviceName, resolve(base, DEVICES, entry.substring(equals + 1).trim())));
    }
    Check.input(!devices.isEmpty(), DEVICES, null, "name=datapath entries, e.g. hdd=/mnt/hdd/db,ssd=/mnt/ssd/db");
    return devices;
  }

  private static Workload workload(String entry, Path base, Path home, Map<String, String> overrides) {
    var candidates = new ArrayList<Path>();
    var given = PropertyReader.parsePath(WORKLOADS, entry);
    if (given.isAbsolute()) {
      candidates.add(given);
    } else {
      candidates.add(base.resolve(given));
      if (home != null) {
        candidates.add(home.resolve(given));
        candidates.add(home.resolve("workloads").resolve(given));
      }
    }
    var file = candidates.stream().filter(Files::isRegularFile).findFirst().orElseThrow(() ->
        new InvalidPropertyException(WORKLOADS, entry, "workload files; looked for " + candidates));
    var properties = workloadFile(file);
    properties.putAll(overrides);
    var workload = new PropertyReader(properties);
    return new Workload(file.getFileName().toString(), file.toAbsolutePath().normalize(),
        workload.decimal(CoreWorkload.INSERT_PROPORTION_PROPERTY, 0) > 0,
        workload.string(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT));
  }

  /** A binding the launcher does not know would fail in every cell: refused before the first one runs. */
  private static void checkBinding(String binding, Path bindingsFile) {
    if (!Files.isReadable(bindingsFile)) {
      return; // not an installation (a test fixture); the launcher reports an unknown binding itself
    }
    var known = bindings(bindingsFile);
    Check.input(known.containsKey(binding), BINDING, binding, String.join(", ", known.keySet()), "unknown binding");
  }

  /** The {@code site.ycsb.DB} class of the study's binding, as the launcher looks it up; empty outside an installation. */
  public Optional<String> bindingClass(Path home) {
    var file = home.resolve("bin/bindings.properties");
    return Files.isReadable(file) ? Optional.ofNullable(bindings(file).get(binding)) : Optional.empty();
  }

  /** {@code bin/bindings.properties}: name → class, in file order. */
  private static Map<String, String> bindings(Path file) {
    try {
      var bindings = new LinkedHashMap<String, String>();
      Files.readAllLines(file).stream().map(String::trim).filter(line -> !line.startsWith("#") && line.contains(":"))
          .forEach(line -> bindings.putIfAbsent(line.substring(0, line.indexOf(':')), line.substring(line.indexOf(':') + 1)));
      return bindings;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** A workload file as its clients read it ({@code -P}: ISO-8859-1, as YCSB). */
  static Properties workloadFile(Path file) {
    return PropertiesFile.read(WORKLOADS, file, StandardCharsets.ISO_8859_1, "workload files of key=value text");
  }

  private static Path resolve(Path base, String key, String path) {
    var given = PropertyReader.parsePath(key, path);
    return (given.isAbsolute() ? given : base.resolve(given)).toAbsolutePath().normalize();
  }
}
