package io.github.ycsbstorage.collector;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;

/**
 * The {@code collector.*} properties of one phase, validated up front (bad values are an
 * {@link InvalidPropertyException} before any data is touched), merged with what the binding said
 * about its server. Every key of the namespace is declared here ({@link #KEYS}). Immutable.
 *
 * @param enabled     {@code collector.enabled}
 * @param root        {@code collector.root}: where {@code /proc} and {@code /sys} are read
 * @param paths       data paths to watch ({@code collector.paths}, else the local server's data path)
 * @param devices     block devices named directly ({@code collector.devices})
 * @param interval    {@code collector.interval}
 * @param probe       whether to run the read-latency probe
 * @param probeSize   scratch file size of the probe
 * @param probeTime   read time budget of the probe
 * @param pid         the local server's process id ({@code collector.pid}, else from ServerInfo)
 * @param remote      how the server's host is observed
 * @param sshTarget   {@code user@host} for {@link Remote#SSH}
 * @param sshCommand  {@code collector.ssh.command}: the ssh client and its options
 * @param output      time-series file, or empty when neither {@code collector.output} nor
 *                    {@code exportfile} is set
 * @param serverLocal whether the server runs on this host (its devices and /proc are ours)
 * @param backgroundThreads how the names of the server's threads that serve no operation begin (from
 *                    ServerInfo): their run-queue wait is left out
 */
public record CollectorSettings(boolean enabled, Path root, List<String> paths, List<String> devices,
    Duration interval, boolean probe, long probeSize, Duration probeTime, OptionalLong pid,
    Remote remote, Optional<String> sshTarget, List<String> sshCommand, Optional<Path> output,
    boolean serverLocal, List<String> backgroundThreads) {

  /** How the server side is observed. */
  public enum Remote {
    /** The server is local, or not observed at all. */
    NONE,
    /** {@code ssh:<user@host>}: /proc read over the user's ssh. */
    SSH,
    /** MongoDB's getDiagnosticData through a {@link io.github.ycsbstorage.spi.ServerMetricsProvider}. */
    MONGODB
  }

  public static final String PREFIX = "collector.";
  public static final String ENABLED = "collector.enabled";
  public static final String ROOT = "collector.root";
  public static final String PATHS = "collector.paths";
  public static final String DEVICES = "collector.devices";
  public static final String INTERVAL = "collector.interval";
  public static final String PROBE = "collector.probe";
  public static final String PROBE_SIZE = "collector.probe.size";
  public static final String PROBE_TIME = "collector.probe.time";
  public static final String PID = "collector.pid";
  public static final String REMOTE = "collector.remote";
  public static final String SSH_COMMAND = "collector.ssh.command";
  public static final String OUTPUT = "collector.output";

  /** Every key of the {@code collector.} namespace. */
  public static final Set<String> KEYS = Set.of(ENABLED, ROOT, PATHS, DEVICES, INTERVAL, PROBE,
      PROBE_SIZE, PROBE_TIME, PID, REMOTE, SSH_COMMAND, OUTPUT);

  private static final long DEFAULT_PROBE_SIZE = 16L << 20;

  /**
   * Reads and validates the properties.
   *
   * @param server what the binding said about its server, when it did
   * @throws InvalidPropertyException naming the first property that cannot be used
   */
  public static CollectorSettings from(Properties properties, Optional<ServerInfo> server) {
    var reader = new PropertyReader(properties);
    boolean enabled = reader.bool(ENABLED, true);
    var root = PropertyReader.parsePath(ROOT, reader.string(ROOT, "/"));
    var interval = reader.duration(INTERVAL, Duration.ofSeconds(1), Duration.ofMillis(10), Duration.ofHours(1));
    var remoteValue = reader.string(REMOTE, "none");
    Remote remote;
    Optional<String> sshTarget = Optional.empty();
    if (remoteValue.startsWith("ssh:")) {
      var target = remoteValue.substring(4).trim();
      Check.input(!target.isEmpty() && !target.startsWith("-") && target.chars().noneMatch(Character::isWhitespace),
          REMOTE, remoteValue, "none, mongodb or ssh:<user@host>",
          "the ssh target must be a host name, optionally with user@");
      remote = Remote.SSH;
      sshTarget = Optional.of(target);
    } else {
      remote = switch (remoteValue) {
        case "none" -> Remote.NONE;
        case "mongodb" -> Remote.MONGODB;
        default -> throw new InvalidPropertyException(REMOTE, remoteValue, "none, mongodb or ssh:<user@host>");
      };
    }
    var local = server.map(info -> info.locality() == Locality.LOCAL).orElse(false);
    var paths = reader.list(PATHS, "");
    if (paths.isEmpty() && local) {
      paths = server.flatMap(ServerInfo::dataPath).map(List::of).orElse(List.of());
    }
    var devices = reader.list(DEVICES, "");
    var pid = reader.string(PID).isPresent()
        ? OptionalLong.of(reader.longValue(PID, 0, 1, Integer.MAX_VALUE))
        : local ? server.get().pid() : OptionalLong.empty();
    // a process id names a process on this host: the server is local
    boolean localObservation = remote == Remote.NONE && (local || !paths.isEmpty() || !devices.isEmpty()
        || reader.string(PID).isPresent());
    boolean probe = reader.bool(PROBE, localObservation && !paths.isEmpty());
    var probeSize = reader.byteSize(PROBE_SIZE).map(ByteSize::bytes).orElse(DEFAULT_PROBE_SIZE);
    Check.input(probeSize >= (1 << 20) && probeSize <= (64L << 30),
        PROBE_SIZE, reader.string(PROBE_SIZE, ""), "a size from 1MiB to 64GiB");
    var probeTime = reader.duration(PROBE_TIME, Duration.ofSeconds(2), Duration.ofMillis(10), Duration.ofMinutes(10));
    var sshCommand = reader.words(SSH_COMMAND, "ssh -o BatchMode=yes");
    var output = reader.string(OUTPUT).map(file -> PropertyReader.parsePath(OUTPUT, file))
        .or(() -> YcsbSettings.from(properties).exportFile()
            .map(file -> PropertyReader.parsePath(Client.EXPORT_FILE_PROPERTY, file + ".storage.json")));
    return new CollectorSettings(enabled, root, paths, devices, interval, probe, probeSize,
        probeTime, pid, remote, sshTarget, sshCommand, output, localObservation,
        server.map(ServerInfo::backgroundThreads).orElse(List.of()));
  }
}
