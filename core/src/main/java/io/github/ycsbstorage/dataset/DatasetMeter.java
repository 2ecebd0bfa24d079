package io.github.ycsbstorage.dataset;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.result.AchievedDataset;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import site.ycsb.DBException;

/**
 * Measures what a phase's writes occupy on storage, whatever the binding: one {@link #read() reading}
 * before the writes and one after. In order of preference, the measurement is
 * <ol>
 *   <li>the growth of the data directory when it is on this host: the server's reported data path
 *   and storage directories ({@link ServerInfo#dataPath()}, {@link ServerInfo#storageDirectories()},
 *   when all are {@link Locality#LOCAL}), else {@code collector.paths} (unless the server is known to
 *   be remote); allocated blocks as {@link DiskUsage du} counts them, each file once;
 *   <li>else the on-disk size the server reports ({@link DatasetSize#storageBytes()});
 *   <li>else unknown, with the reason.
 * </ol>
 * Each reading first asks the server to flush ({@link ServerInfoProvider#flush()}), then waits until
 * the measured size settles ({@link Settling}). Not thread-safe: the workload's main thread uses it.
 */
public final class DatasetMeter {
  private final Optional<ServerInfoProvider> provider;
  private final String binding;
  private final List<Path> paths;
  /** Why no data directory is measured; empty when {@link #paths} are. */
  private final Optional<String> noDirectory;
  private final DiskUsage du;
  private final Settling.Sleeper sleeper;

  /**
   * One settled reading.
   *
   * @param directoryBytes  allocated bytes under the data directories, when measured
   * @param directoryFailed why they could not be measured
   * @param server          what the server reported, when asked
   * @param serverFailed    why the server could not be asked
   * @param flush           what the server was asked before reading, and its answer
   * @param settled         whether the measured size held still
   * @param waited          how long the reading waited for that
   */
  public record Reading(OptionalLong directoryBytes, Optional<String> directoryFailed, Optional<DatasetSize> server,
      Optional<String> serverFailed, Optional<String> flush, boolean settled, Duration waited) {
  }

  DatasetMeter(Optional<ServerInfoProvider> provider, String binding, List<Path> paths, Optional<String> noDirectory,
      DiskUsage du, Settling.Sleeper sleeper) {
    this.provider = provider;
    this.binding = binding;
    this.paths = List.copyOf(paths);
    this.noDirectory = noDirectory;
    this.du = du;
    this.sleeper = sleeper;
  }

  /**
   * Chooses what to measure.
   *
   * @param server         what the binding said about its server, if it is a provider
   * @param provider       the binding, when it can describe its server
   * @param binding        the binding's class, for reasons
   * @param collectorPaths {@code collector.paths}: data paths on this host named by the user
   */
  public static DatasetMeter of(Optional<ServerInfo> server, Optional<ServerInfoProvider> provider, String binding,
      List<String> collectorPaths) {
    var why = new ArrayList<String>();
    var reported = serverDirectories(server, why);
    if (reported.isPresent()) {
      return new DatasetMeter(provider, binding, reported.get(), Optional.empty(), new DiskUsage(), Settling::sleep);
    }
    var locality = server.map(ServerInfo::locality).orElse(Locality.UNKNOWN);
    if (!collectorPaths.isEmpty() && locality != Locality.REMOTE) {
      var missing = collectorPaths.stream().filter(path -> !Files.isDirectory(Path.of(path))).toList();
      if (missing.isEmpty()) {
        return new DatasetMeter(provider, binding, collectorPaths.stream().map(Path::of).toList(), Optional.empty(),
            new DiskUsage(), Settling::sleep);
      }
      why.add("collector.paths " + String.join(", ", missing) + " not a directory on this host");
    } else if (!collectorPaths.isEmpty()) {
      why.add("collector.paths cannot hold the data of a server on another host");
    } else {
      why.add("collector.paths is not set");
    }
    return new DatasetMeter(provider, binding, List.of(), Optional.of(String.join("; ", why)), new DiskUsage(),
        Settling::sleep);
  }

  /**
   * The server's own directories when every one of them is on this host: its storage directories and
   * data path. A server with directories on other hosts too would be measured in part only.
   */
  private static Optional<List<Path>> serverDirectories(Optional<ServerInfo> server, List<String> why) {
    if (server.isEmpty()) {
      return Optional.empty();
    }
    var info = server.get();
    var directories = new ArrayList<String>();
    info.dataPath().filter(path -> info.locality() == Locality.LOCAL).ifPresent(directories::add);
    var elsewhere = new ArrayList<String>();
    for (var directory : info.storageDirectories()) {
      if (directory.locality() == Locality.LOCAL) {
        directories.add(directory.path());
      } else {
        elsewhere.add(directory.host() + ":" + directory.path());
      }
    }
    if (info.dataPath().isPresent() && info.locality() != Locality.LOCAL) {
      elsewhere.add(info.dataPath().get() + " (locality " + info.locality() + ")");
    }
    if (!elsewhere.isEmpty()) {
      why.add("the server keeps data on hosts not known to be this one: " + String.join(", ", elsewhere));
      return Optional.empty();
    }
    if (directories.isEmpty()) {
      why.add("the server reports no data path" + Optional.ofNullable(info.unknown().get("storageDirectories"))
          .map(reason -> " (" + reason + ")").orElse(""));
      return Optional.empty();
    }
    var missing = directories.stream().distinct().filter(path -> !Files.isDirectory(Path.of(path))).toList();
    if (!missing.isEmpty()) {
      why.add("the server's data path " + String.join(", ", missing) + " is not a directory on this host");
      return Optional.empty();
    }
    return Optional.of(directories.stream().distinct().map(Path::of).toList());
  }

  /** The data directories measured on this host; empty when the server's own figures are used. */
  public List<Path> paths() {
    return paths;
  }

  /** Flushes, waits for the size to settle and reads it. */
  public Reading read() throws InterruptedException {
    var flushed = new boolean[1];
    var flush = flush(flushed);
    var settling = new Settling(flushed[0] ? Settling.QUIET_AFTER_FLUSH : Settling.QUIET, System::nanoTime, sleeper);
    if (!paths.isEmpty()) {
      try {
        var settled = settling.await(() -> du.allocatedBytes(paths));
        return new Reading(OptionalLong.of(settled.bytes()), Optional.empty(), server(), Optional.empty(), flush,
            settled.stable(), settled.waited());
      } catch (IOException e) {
        return new Reading(OptionalLong.empty(), Optional.of(e.getMessage()), server(), Optional.empty(), flush,
            false, Duration.ZERO);
      }
    }
    if (provider.isEmpty()) {
      return new Reading(OptionalLong.empty(), Optional.empty(), Optional.empty(),
          Optional.of(binding + " describes no server"), flush, false, Duration.ZERO);
    }
    try {
      var first = ask();
      if (first.storageBytes().isEmpty()) {
        return new Reading(OptionalLong.empty(), Optional.empty(), Optional.of(first), Optional.empty(), flush, false,
            Duration.ZERO);
      }
      var last = new DatasetSize[] {first};
      var settled = settling.await(() -> {
        last[0] = ask();
        return last[0].storageBytes().orElse(-1);
      });
      return new Reading(OptionalLong.empty(), Optional.empty(), Optional.of(last[0]), Optional.empty(), flush,
          settled.stable(), settled.waited());
    } catch (IOException e) {
      return new Reading(OptionalLong.empty(), Optional.empty(), Optional.empty(), Optional.of(e.getMessage()), flush,
          false, Duration.ZERO);
    }
  }

  /**
   * What a load wrote: the growth of the data directories, else the server's on-disk size after the
   * load (the whole table), else unknown with the reason.
   */
  public AchievedDataset achieved(Reading before, Reading after) {
    return measure(before, after, false);
  }

  /** What a sample added: the growth of the data directories, else of the server's on-disk size. */
  public AchievedDataset growth(Reading before, Reading after) {
    return measure(before, after, true);
  }

  /**
   * Why no size could come out of readings like this one (taken before writing), or empty when one
   * can: a calibration must know before it writes its sample.
   */
  public Optional<String> cannotMeasure(Reading before) {
    boolean measurable = before.directoryBytes().isPresent()
        || before.server().map(size -> size.storageBytes().isPresent()).orElse(false);
    return measurable ? Optional.empty() : Optional.of(unknownReason(before));
  }

  private AchievedDataset measure(Reading before, Reading after, boolean growthOnly) {
    var names = paths.stream().map(Path::toString).toList();
    double seconds = after.waited().toMillis() / 1000.0;
    if (before.directoryBytes().isPresent() && after.directoryBytes().isPresent()) {
      long grown = after.directoryBytes().getAsLong() - before.directoryBytes().getAsLong();
      var readings = ByteSize.ofBytes(before.directoryBytes().getAsLong()) + " → "
          + ByteSize.ofBytes(after.directoryBytes().getAsLong());
      if (grown < 0) {
        // a compaction or a removed file freed more than the writes took: the growth measures neither
        return AchievedDataset.unknown(String.join(", ", names) + " shrank while the phase wrote (" + readings
            + " on disk, du): the server freed space, so the growth is not what the writes occupy", names,
            before.directoryBytes(), after.directoryBytes(), after.flush(), after.settled(), seconds);
      }
      return AchievedDataset.measured(grown, AchievedDataset.Source.DATA_DIRECTORY,
          "growth of " + String.join(", ", names) + " on disk (du): " + readings,
          names, before.directoryBytes(), after.directoryBytes(), after.flush(), after.settled(), seconds);
    }
    var beforeServer = before.server().map(DatasetSize::storageBytes).orElse(OptionalLong.empty());
    var afterServer = after.server().map(DatasetSize::storageBytes).orElse(OptionalLong.empty());
    if (afterServer.isPresent() && (!growthOnly || beforeServer.isPresent())) {
      long bytes = afterServer.getAsLong() - (growthOnly ? beforeServer.getAsLong() : 0);
      if (bytes < 0) {
        return AchievedDataset.unknown("the server's on-disk size shrank while the phase wrote ("
            + ByteSize.ofBytes(beforeServer.getAsLong()) + " → " + ByteSize.ofBytes(afterServer.getAsLong()) + ", "
            + after.server().orElseThrow().source() + ")", names, beforeServer, afterServer, after.flush(),
            after.settled(), seconds);
      }
      return AchievedDataset.measured(bytes, AchievedDataset.Source.SERVER,
          after.server().orElseThrow().source(), List.of(), beforeServer, afterServer, after.flush(), after.settled(),
          seconds);
    }
    return AchievedDataset.unknown(unknownReason(after), names, before.directoryBytes(), after.directoryBytes(),
        after.flush(), after.settled(), seconds);
  }

  private String unknownReason(Reading reading) {
    var reasons = new ArrayList<String>();
    reasons.add(reading.directoryFailed().map(failed -> "the data directory could not be measured: " + failed)
        .orElse("no data directory on this host (" + noDirectory.orElse("not measured") + ")"));
    reasons.add(reading.serverFailed().map(failed -> "no size from the server: " + failed)
        .orElseGet(() -> "the server reports no on-disk size"
            + reading.server().map(size -> " (" + size.source() + records(size) + ")").orElse("")));
    return String.join("; ", reasons);
  }

  private static String records(DatasetSize size) {
    return size.records().isPresent() ? ", " + size.records().getAsLong() + " records" : "";
  }

  /** What the server was asked and answered, for the result; {@code flushed[0]} whether it confirmed. */
  private Optional<String> flush(boolean[] flushed) {
    if (provider.isEmpty()) {
      return Optional.empty();
    }
    try {
      var command = provider.get().flush();
      flushed[0] = command.isPresent();
      return command.map(name -> name + ": done");
    } catch (DBException | RuntimeException e) {
      return Optional.of("flush refused: " + SecretMasker.maskText(String.valueOf(e.getMessage())));
    }
  }

  private Optional<DatasetSize> server() {
    try {
      return provider.isEmpty() ? Optional.empty() : Optional.of(ask());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private DatasetSize ask() throws IOException {
    try {
      return provider.orElseThrow().datasetSize();
    } catch (DBException | RuntimeException e) {
      throw new IOException(binding + " could not report the dataset size: "
          + SecretMasker.maskText(String.valueOf(e.getMessage())), e);
    }
  }
}
