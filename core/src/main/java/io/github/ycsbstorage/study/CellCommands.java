package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.keys.StorageKeys;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.ResultFile;
import io.github.ycsbstorage.result.Version;
import io.github.ycsbstorage.ycsbconfig.Throttle;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import site.ycsb.Client;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * What each client process of a cell is told: its properties ({@code -P} file) and its {@code bin/ycsb}
 * command line (through ssh for {@code study.hosts}), and the cell's inputs, everything that
 * decides its figures, which resume compares with those a result recorded. Immutable.
 */
final class CellCommands {
  /** cli.StudyParent's property (cli sits above study: named here, not imported). */
  private static final String PARENT_PROPERTY = "ycsb.storage.parent";
  /** A client's properties, in its folder while the cell runs ({@link ClientLaunch}). */
  static final String PROPERTIES_FILE = "client.properties";
  private static final String EXPORTER = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
  /** Where a client writes and which client it is: not what it measures. */
  private static final Set<String> NOT_INPUTS = Set.of(Client.EXPORT_FILE_PROPERTY, ResultFile.PROPERTY, YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH,
      StorageKeys.CLIENT);

  /** One client of a cell: its number, its output folder, its properties and its command line. */
  record ClientCommand(int index, Path folder, Map<String, String> properties, List<String> command) {
  }

  private final StudySettings study;
  private final Path ycsbHome;

  CellCommands(StudySettings study, Path ycsbHome) {
    this.study = study;
    this.ycsbHome = ycsbHome;
  }

  /** How many clients run the cell: a load that cannot be partitioned runs on one. */
  int clients(Cell cell) {
    var partitionable = recordCount(cell).isPresent() || storageAware(cell);
    return cell.phase() == Phase.LOAD && !partitionable ? 1 : study.clients();
  }

  /** Why the cell runs on fewer clients than the study asks for, if it does. */
  Optional<String> fewerClients(Cell cell) {
    return clients(cell) < study.clients()
        ? Optional.of("load ran with 1 client: partitioning over " + study.clients()
            + " clients needs the record count (study.recordcounts or recordcount) or the storage-aware workload")
        : Optional.empty();
  }

  /** Each client's command, with its output in {@code folder/client<i>}. */
  List<ClientCommand> commands(Cell cell, Path folder) {
    var clients = clients(cell);
    var commands = new ArrayList<ClientCommand>();
    for (int i = 0; i < clients; i++) {
      var clientFolder = folder.resolve("client" + i);
      var properties = properties(cell, i, clients, clientFolder);
      commands.add(new ClientCommand(i, clientFolder, properties, command(cell, i, clientFolder)));
    }
    return commands;
  }

  /**
   * What produced the cell's figures, secrets masked: the workload file's properties overridden by
   * the clients' (record shape, counts, binding settings), {@code threadcount}, the per-client
   * {@code target}, the number of clients, the binding and ycsb-storage's version.
   */
  Map<String, String> inputs(Cell cell) {
    var effective = new TreeMap<String, String>();
    for (var level : clientLevels(cell, Path.of("client0"))) {
      level.stringPropertyNames().stream().filter(key -> !NOT_INPUTS.contains(key))
          .forEach(key -> effective.put(key, level.getProperty(key).trim()));
    }
    effective.put(StudySettings.CLIENTS, Integer.toString(clients(cell)));
    effective.put(StudySettings.BINDING, study.binding());
    effective.put("ycsb-storage.version", Version.ycsbStorage());
    var masked = new TreeMap<String, String>();
    effective.forEach((key, value) -> masked.put(key, SecretMasker.maskValue(key, value)));
    return masked;
  }

  /**
   * What client 0 of the cell reads, unmasked, level by level as its {@code bin/ycsb} merges them: its
   * workload file, then its properties file with {@code -threads} and {@code -target}.
   */
  List<Properties> clientLevels(Cell cell, Path clientFolder) {
    var own = new Properties();
    properties(cell, 0, clients(cell), clientFolder).forEach(own::setProperty);
    own.setProperty(Client.THREAD_COUNT_PROPERTY, Integer.toString(study.threads()));
    clientTarget(cell).ifPresent(target -> own.setProperty(Client.TARGET_PROPERTY, Long.toString(target)));
    return List.of(StudySettings.workloadFile(cell.workload().file()), own);
  }

  /** The properties of client {@code index} (its {@code -P} file), in the order they are given. */
  Map<String, String> properties(Cell cell, int index, int clients, Path clientFolder) {
    var properties = new LinkedHashMap<String, String>();
    study.passThrough().forEach((key, value) -> properties.put(key, cell.substitute(value)));
    engineDirectory(cell).ifPresent(folder ->
        properties.put(study.embeddedEngine().orElseThrow().directoryProperty(), folder.toString()));
    properties.putAll(cell.scale().properties());
    if (needsStorageAwareWorkload(cell) && !study.passThrough().containsKey(Client.WORKLOAD_PROPERTY)) {
      properties.put(Client.WORKLOAD_PROPERTY, StorageKeys.WORKLOAD_CLASS);
    }
    if (storageAware(cell) && clients > 1) {
      // The storage-aware workload derives each client's insertstart/insertcount from these.
      properties.put(StorageKeys.CLIENTS, Integer.toString(clients));
      properties.put(StorageKeys.CLIENT, Integer.toString(index));
    }
    cell.distribution().ifPresent(d -> properties.put(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, d));
    if (clients > 1 && clientTarget(cell).isPresent() && !study.passThrough().containsKey(YcsbSettings.SPIN_SLEEP)
        && !Throttle.spins(clients * study.threads())) {
      // each client alone would spin on its share of the cores; together they would take more than half
      properties.put(YcsbSettings.SPIN_SLEEP, "false");
    }
    if (cell.phase() == Phase.RUN) {
      properties.putAll(runLength(cell, clients));
    } else if (clients > 1 && !storageAware(cell)) {
      var records = recordCount(cell).orElseThrow();
      var start = records * index / clients;
      properties.put(CoreWorkload.INSERT_START_PROPERTY, Long.toString(start));
      properties.put(Client.INSERT_COUNT_PROPERTY, Long.toString(records * (index + 1) / clients - start));
    }
    properties.put(Client.EXPORTER_PROPERTY, EXPORTER);
    properties.put(Client.EXPORT_FILE_PROPERTY, clientFolder.resolve("export.json").toString());
    // every phase writes one, whatever its workload (bin/ycsb observes them all)
    properties.put(ResultFile.PROPERTY, clientFolder.resolve("result.json").toString());
    properties.put(Measurements.MEASUREMENT_TYPE_PROPERTY, YcsbSettings.DEFAULT_MEASUREMENT_TYPE);
    properties.put(YcsbSettings.HDRHISTOGRAM_FILE_OUTPUT, "true");
    properties.put(YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, clientFolder + "/");
    if (study.capacitySearch().isPresent() && cell.target().isPresent()) {
      // one log interval per status line: the start-transient rule leaves out a step's first second
      properties.put(YcsbSettings.STATUS_INTERVAL, Integer.toString(StartTransient.INTERVAL_SECONDS));
    }
    return properties;
  }

  /**
   * What ends a run cell's clients: {@code study.operationcount}; {@code study.duration} as YCSB's
   * {@code maxexecutiontime}, with the largest operation count YCSB reads unless the study gives one (a
   * workload file's {@code operationcount=1000} would otherwise end a ten-minute cell after a thousand
   * operations; YCSB 0.17.0 starts no client thread at all for 0); or, for a capacity step at a rate with {@code study.duration}, the operations of that
   * rate for that time. Those are counted, not timed, so that a step that falls behind its rate still
   * runs its whole sample, never fewer than the objective's percentile needs. A throttled capacity step
   * runs its rate's first two seconds on top of its sample ({@link StartTransient#MOST}).
   */
  private Map<String, String> runLength(Cell cell, int clients) {
    var duration = study.duration();
    var search = study.capacitySearch();
    if (search.isPresent() && cell.target().isPresent()
        && (duration.isPresent() || study.operationCount().isPresent())) {
      long rate = clientTarget(cell).orElseThrow();
      long sample;
      if (duration.isPresent()) {
        long percentile = search.get().objective().percentile().minimumOperations();
        sample = Math.max((percentile + clients - 1) / clients,
            (long) Math.ceil(rate * (duration.get().toNanos() / 1e9)));
      } else {
        sample = study.operationCount().get();
      }
      // the most the start-transient rule leaves out of the step's latency, on top: it would otherwise
      // shrink the sample the step is judged on
      long start = (long) Math.ceil(rate * (StartTransient.MOST.toNanos() / 1e9));
      // at most YCSB's int: 2^31 operations outlast any step this sizes
      long operations = Math.min(Integer.MAX_VALUE, sample + start);
      return Map.of(Client.OPERATION_COUNT_PROPERTY, Long.toString(operations));
    }
    var length = new LinkedHashMap<String, String>();
    var unbounded = duration.filter(d -> !study.passThrough().containsKey(Client.OPERATION_COUNT_PROPERTY))
        .map(d -> (long) Integer.MAX_VALUE);
    study.operationCount().or(() -> unbounded)
        .ifPresent(n -> length.put(Client.OPERATION_COUNT_PROPERTY, Long.toString(n)));
    duration.ifPresent(d -> length.put(Client.MAX_EXECUTION_TIME, Long.toString(d.toSeconds())));
    return length;
  }

  /**
   * The embedded engine's folder for the cell's device and dataset size, {@code <device folder>/<scale>};
   * empty for a server, or when the study file names the engine's folder itself.
   */
  Optional<Path> engineDirectory(Cell cell) {
    return study.embeddedEngine().filter(engine -> !study.passThrough().containsKey(engine.directoryProperty()))
        .map(engine -> EmbeddedEngine.directory(cell.device().dataPath(), cell.scale()));
  }

  boolean storageAware(Cell cell) {
    return StorageKeys.WORKLOAD_CLASS.equals(study.passThrough().getOrDefault(Client.WORKLOAD_PROPERTY,
        needsStorageAwareWorkload(cell) ? StorageKeys.WORKLOAD_CLASS : ""));
  }

  /** A dataset size in bytes needs it; the collector runs with any workload. */
  private boolean needsStorageAwareWorkload(Cell cell) {
    return cell.scale().needsStorageAwareWorkload();
  }

  private Optional<Long> recordCount(Cell cell) {
    if (cell.scale().kind() == DatasetScale.Kind.RECORDS) {
      return Optional.of(Long.parseLong(cell.scale().value()));
    }
    return Optional.ofNullable(study.passThrough().get(Client.RECORD_COUNT_PROPERTY))
        .map(count -> PropertyReader.parseLong(Client.RECORD_COUNT_PROPERTY, count, 0, Integer.MAX_VALUE));
  }

  /** Each client's share of the cell's target rate, at least 1 op/s. */
  private Optional<Long> clientTarget(Cell cell) {
    return cell.effectiveTarget(study).map(t -> Math.max(1, Math.round(t / study.clients())));
  }

  private List<String> command(Cell cell, int index, Path clientFolder) {
    var command = new ArrayList<String>();
    var launcher = ycsbHome.resolve("bin/ycsb").toString();
    if (!study.hosts().isEmpty()) {
      // ssh joins its arguments into one remote shell command: quote each one.
      command.addAll(List.of("ssh", "-o", "BatchMode=yes", study.hosts().get(index % study.hosts().size())));
      launcher = quote(launcher);
    }
    var arguments = new ArrayList<String>(List.of(cell.command(), study.binding(), "-P",
        cell.workload().file().toString(), "-threads", Integer.toString(study.threads()),
        // The client ends when its stdin, a pipe from this process, ends (cli.StudyParent).
        "-jvm-args", "-D" + PARENT_PROPERTY + "=stdin"));
    clientTarget(cell).ifPresent(t -> arguments.addAll(List.of("-target", Long.toString(t))));
    // Never -p: ps shows a command line to every user. After the workload file: a later -P file wins.
    arguments.addAll(List.of("-P", clientFolder.resolve(PROPERTIES_FILE).toString()));
    arguments.add("-s");
    command.add(launcher);
    arguments.forEach(a -> command.add(study.hosts().isEmpty() ? a : quote(a)));
    return command;
  }

  private static String quote(String argument) {
    return "'" + argument.replace("'", "'\\''") + "'";
  }
}
