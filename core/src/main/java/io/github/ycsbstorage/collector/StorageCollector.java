package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.collector.device.DeviceResolver;
import io.github.ycsbstorage.collector.device.FuseDaemons;
import io.github.ycsbstorage.collector.device.HostTuning;
import io.github.ycsbstorage.collector.device.PathInventory;
import io.github.ycsbstorage.collector.host.HostFiles;
import io.github.ycsbstorage.collector.probe.ReadLatencyProbe;
import io.github.ycsbstorage.collector.remote.ServerMetricsSource;
import io.github.ycsbstorage.collector.remote.SshProcSource;
import io.github.ycsbstorage.collector.sample.LocalProcSource;
import io.github.ycsbstorage.collector.sample.ProcParsers;
import io.github.ycsbstorage.collector.sample.ProcSource;
import io.github.ycsbstorage.collector.sample.Sampler;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.result.AtomicFile;
import io.github.ycsbstorage.result.DeviceInfo;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationCount;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.PhaseObserver;
import io.github.ycsbstorage.result.ProbeResult;
import io.github.ycsbstorage.result.ResultFile;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.spi.ServerMetricsProvider;
import io.github.ycsbstorage.spi.ServerMetricsUnavailableException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The storage collector for one phase: at {@link #start()} it resolves the data paths to their
 * devices, reads the host tuning, runs the read-latency probe (before the phase, so that its I/O
 * is not counted) and starts sampling on a daemon thread; at {@link #stop(RunRecord)} it takes a
 * last reading, writes the time-series file and adds {@code devices}, {@code io} (with the host
 * tuning), {@code timeseries} and summary lines to the record. Environmental trouble never
 * escapes: it becomes a recorded reason or warning. Thread-safe for the start-then-stop protocol of {@link PhaseObserver}.
 */
public final class StorageCollector implements PhaseObserver {
  private final Phase phase;
  private final CollectorSettings settings;
  private final HostFiles files;
  private final Supplier<OperationCount> operations;
  private final Properties properties;
  private List<PathInventory> inventory = List.of();
  private Map<String, String> tuning = Map.of();
  private ProbeResult probe;
  private Sampler sampler;
  private ServerMetricsSource serverMetrics;
  private Io.ServerSide server = Io.ServerSide.LOCAL;
  private List<String> countedDevices = List.of();
  private List<String> readingForServer = List.of();
  private List<String> uncountedThreads = List.of();
  private String observed;
  private boolean serverHost;
  private final List<String> problems = new ArrayList<>();

  /**
   * @param phase      the phase
   * @param settings   validated settings
   * @param properties the phase's properties (for the remote metrics provider and YCSB's counts)
   */
  public StorageCollector(Phase phase, CollectorSettings settings, Properties properties) {
    this(phase, settings, () -> YcsbOperationCount.read(properties), properties);
  }

  StorageCollector(Phase phase, CollectorSettings settings, Supplier<OperationCount> operations,
      Properties properties) {
    Check.argument(phase != null && settings != null && operations != null && properties != null,
        "phase, settings, operations and properties are required");
    this.phase = phase;
    this.settings = settings;
    this.files = new HostFiles(settings.root());
    this.operations = operations;
    this.properties = properties;
  }

  @Override
  public synchronized void start() {
    ProcSource source;
    var watched = new LinkedHashSet<String>();
    switch (settings.remote()) {
      case SSH -> {
        observed = "server host over ssh " + settings.sshTarget().orElseThrow();
        serverHost = true;
        source = new SshProcSource(settings.sshCommand(), settings.sshTarget().orElseThrow(), settings.pid());
        watched.addAll(settings.devices());
        countedDevices = List.copyOf(settings.devices());
        server = unnamedDevices("not resolved over ssh: name the server's devices with collector.devices");
      }
      case MONGODB -> {
        var notObserved = openServerMetrics("mongodb");
        if (notObserved == null) {
          observed = "server host through " + serverMetrics.describe();
          serverHost = true;
          source = serverMetrics;
          watched.addAll(settings.devices());
          countedDevices = List.copyOf(settings.devices());
          server = unnamedDevices("every disk the server reports: name its data disks with collector.devices");
        } else {
          observed = "client host only: server side not observed: " + notObserved;
          server = new Io.ServerSide(List.of(), Optional.empty(), Optional.of(notObserved));
          source = new LocalProcSource(files, OptionalLong.empty());
        }
      }
      default -> {
        if (settings.serverLocal()) {
          observed = "local server host";
          serverHost = true;
          source = new LocalProcSource(files, settings.pid(), fuseDaemons());
          try {
            inventory = resolve();
            tuning = HostTuning.read(files);
            inventory.forEach(path -> watched.addAll(path.blockDevices()));
            countedDevices = CollectorReport.physicalDevices(inventory).stream()
                .map(DeviceInfo::name).filter(watched::contains).toList();
            probe = runProbe();
          } catch (RuntimeException e) {
            // a defect here must cost the result its device tags, not the benchmark its run
            problems.add("collector: device inventory failed: " + e);
          }
        } else {
          observed = "client host only: server side not observed (set collector.remote=ssh:<user@host>,"
              + " or collector.paths when the server is local)";
          source = new LocalProcSource(files, OptionalLong.empty());
        }
      }
    }
    // An embedded engine's process is the client's own: its client threads' wait is the operations'.
    var ownProcess = settings.pid().isPresent() && settings.pid().getAsLong() == ProcessHandle.current().pid();
    sampler = new Sampler(source, devicesToSample(watched), settings.interval(),
        ownProcess ? ClientThreadIds.ofThisProcess() : serverThreads(source));
    sampler.start();
  }

  /** A server's threads the run-queue totals count: all but those its binding names as background. */
  private java.util.function.LongPredicate serverThreads(ProcSource source) {
    if (settings.backgroundThreads().isEmpty()) {
      return tid -> true;
    }
    try {
      var background = BackgroundThreads.of(source.threadNames(), settings.backgroundThreads());
      uncountedThreads = background.described();
      return background.counted();
    } catch (IOException e) {
      problems.add("collector: the server's thread names were not read, so its background threads' wait for a CPU"
          + " is counted too: " + e.getMessage());
      return tid -> true;
    }
  }

  /**
   * The daemons of the FUSE file systems holding the server's open files, whose device reads are the
   * server's (the kernel counts them as the daemon's); a mount whose daemon cannot be told is a warning.
   */
  private List<Long> fuseDaemons() {
    if (settings.pid().isEmpty()) {
      return List.of();
    }
    var daemons = FuseDaemons.of(files, settings.pid().getAsLong());
    daemons.stream().filter(daemon -> daemon.pid().isEmpty()).forEach(daemon -> problems.add("collector: "
        + daemon.description()));
    var found = daemons.stream().filter(daemon -> daemon.pid().isPresent()).toList();
    readingForServer = found.stream().map(FuseDaemons.Daemon::description).toList();
    return found.stream().map(daemon -> daemon.pid().orElseThrow()).toList();
  }

  /** Takes a reading now, between the timer's: tests step through a phase with it instead of sleeping. */
  synchronized void sampleNow() {
    sampler.sampleNow();
  }

  /** Whether the timer has recorded a full interval: tests wait for one instead of sleeping. */
  synchronized boolean hasFullInterval() {
    return sampler.hasFullInterval();
  }

  /** A remote server's devices as named, or the note that says which are sampled when none is. */
  private Io.ServerSide unnamedDevices(String note) {
    return new Io.ServerSide(settings.devices(), settings.devices().isEmpty() ? Optional.of(note) : Optional.empty(),
        Optional.empty());
  }

  /** Named or resolved devices; every device a remote server reports when none was named; none on a mere client. */
  private Predicate<String> devicesToSample(Set<String> watched) {
    if (!watched.isEmpty()) {
      return Set.copyOf(watched)::contains;
    }
    return serverHost && settings.remote() != CollectorSettings.Remote.NONE ? ProcParsers.ALL_DEVICES
        : ProcParsers.NO_DEVICES;
  }

  private List<PathInventory> resolve() {
    var resolver = new DeviceResolver(files);
    var resolved = new ArrayList<PathInventory>();
    settings.paths().forEach(path -> resolved.add(resolver.resolve(path)));
    settings.devices().forEach(device -> resolved.add(resolver.resolveDevice(device)));
    return resolved;
  }

  private ProbeResult runProbe() {
    if (!settings.probe() || settings.paths().isEmpty()) {
      return null;
    }
    if (!settings.root().equals(Path.of("/"))) {
      return ProbeResult.notRun(settings.paths().get(0),
          "not run: collector.root is not / (a fixture tree has no real file system)");
    }
    return seenThrough(new ReadLatencyProbe(settings.probeSize(), settings.probeTime())
        .probe(Path.of(settings.paths().get(0))), inventory.isEmpty() ? null : inventory.get(0));
  }

  /**
   * The probe's figures as the stack under the probed path lets them be read: where a layer serves
   * O_DIRECT reads from the page cache, they show memory, not the medium, which then comes from the
   * backing device's type alone.
   */
  static ProbeResult seenThrough(ProbeResult probed, PathInventory path) {
    return path == null || path.pageCache().isEmpty() || probed.p50Us().isEmpty() ? probed
        : probed.withoutMedium("the probe cannot see the medium: " + path.pageCache().get());
  }

  /** Opens the named provider's source into {@link #serverMetrics}; the reason it could not, or null. */
  private String openServerMetrics(String name) {
    for (var provider : ServiceLoader.load(ServerMetricsProvider.class)) {
      if (provider.name().equals(name)) {
        try {
          serverMetrics = new ServerMetricsSource(provider.open(properties));
          return null;
        } catch (ServerMetricsUnavailableException e) {
          return e.getMessage();
        } catch (RuntimeException e) {
          // a defect in a binding must cost the result its server figures, not the benchmark its run
          return "opening " + name + " server metrics failed: " + SecretMasker.maskText(e.toString());
        }
      }
    }
    return "collector.remote=" + name + " needs the " + name + " binding on the classpath (no "
        + ServerMetricsProvider.class.getSimpleName() + " named " + name + ")";
  }

  /**
   * The time-series file as the result file should name it: relative to the result's folder
   * ({@code storage.result}, else {@code <exportfile>.result.json}) when it lies inside it.
   */
  private String relativeToResult(Path output) {
    var result = ResultFile.of(properties);
    var file = output.toAbsolutePath().normalize();
    if (result.isEmpty()) {
      return file.toString();
    }
    var folder = result.get().toAbsolutePath().normalize().getParent();
    return folder != null && file.startsWith(folder) ? folder.relativize(file).toString() : file.toString();
  }

  @Override
  public synchronized void stop(RunRecord record) {
    if (sampler == null) {
      record.addWarning("collector: stopped without having started");
      return;
    }
    var sampling = sampler.stop();
    if (serverMetrics != null) {
      serverMetrics.close();
    }
    OperationCount count;
    try {
      count = operations.get();
    } catch (RuntimeException e) {
      count = new OperationCount(null, "operation count unavailable: " + e);
    }
    var seen = new CollectorReport.Observations(observed, serverHost, inventory, tuning, probe, sampling, count,
        server, countedDevices, settings.output().map(this::relativeToResult).orElse(null),
        // an engine embedded in this client (rocksdb) reports this process as its server's
        settings.pid().orElse(-1) == ProcessHandle.current().pid() ? Io.ProcessTotals.Role.CLIENT
            : Io.ProcessTotals.Role.SERVER, readingForServer, uncountedThreads);
    if (settings.output().isPresent()) {
      try {
        TimeSeriesFile.write(settings.output().get(), phase, settings.interval().toMillis() + "ms", seen);
      } catch (IOException | RuntimeException e) {
        // an earlier phase's file at this path must not pass for this one's
        problems.add("collector: time-series file " + settings.output().get() + " not written: " + e
            + AtomicFile.discard(settings.output().get()).map(removed -> "; removed " + removed).orElse(""));
        seen = seen.withoutTimeseries();
      }
    }
    CollectorReport.addTo(record, seen);
    problems.forEach(record::addWarning);
  }
}
