package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.MemoryFigure;
import io.github.ycsbstorage.spi.ServerInfo;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the memory a dataset ratio refers to: a declared {@code storage.server.memory}, else the
 * binding's {@link ServerInfo} (RAM or cache), else — only for a server known to run on this host and
 * basis {@code ram} — this host's {@code /proc/meminfo}. Stateless and thread-safe.
 */
final class MemoryResolver {
  private MemoryResolver() {
  }

  static SizingPlanner.Memory resolve(StorageSettings settings, Optional<ServerInfo> server, String binding,
                                      Path meminfo) {
    if (settings.serverMemory().isPresent()) {
      return SizingPlanner.Memory.known(
          new MemoryFigure(settings.serverMemory().get().bytes(), StorageSettings.SERVER_MEMORY));
    }
    if (server.isEmpty()) {
      return SizingPlanner.Memory.unknown(binding + " describes no server (it does not implement ServerInfoProvider)");
    }
    var info = server.get();
    boolean ram = settings.basis() == Sizing.Basis.RAM;
    var reported = ram ? info.ram() : info.cache();
    if (reported.isPresent()) {
      return SizingPlanner.Memory.known(reported.get());
    }
    var reason = Optional.ofNullable(info.unknown().get(ram ? "ram" : "cache"));
    if (ram && info.locality() == Locality.LOCAL) {
      var total = HostMemory.total(meminfo);
      if (total.isPresent()) {
        // The server's host is this one; its own reason for reporting no RAM stays beside the figure.
        return SizingPlanner.Memory.known(new MemoryFigure(total.get(), HostMemory.SOURCE
            + reason.map(why -> "; " + info.product() + " reported no RAM: " + why).orElse("")));
      }
    }
    var why = reason.map(text -> " (" + text + ")").orElse("");
    return SizingPlanner.Memory.unknown(info.product() + " reported no " + (ram ? "RAM" : "cache size") + why
        + (ram ? " and the server is not known to be local (locality " + info.locality() + ")" : ""));
  }

  /**
   * A warning when the declared {@code storage.server.memory} and what the server reports for the same
   * basis differ by more than 10 %: the dataset ratio then refers to memory the server does not have.
   */
  static Optional<String> disagreement(StorageSettings settings, Optional<ServerInfo> server) {
    if (settings.serverMemory().isEmpty() || server.isEmpty()) {
      return Optional.empty();
    }
    boolean ram = settings.basis() == Sizing.Basis.RAM;
    var reported = ram ? server.get().ram() : server.get().cache();
    long declared = settings.serverMemory().get().bytes();
    if (reported.isEmpty() || Math.abs(reported.get().bytes() - declared) <= declared / 10) {
      return Optional.empty();
    }
    return Optional.of(StorageSettings.SERVER_MEMORY + "=" + ByteSize.ofBytes(declared) + " but "
        + server.get().product() + " reports " + (ram ? "RAM" : "cache") + " of " + ByteSize.ofBytes(reported.get().bytes())
        + " (" + reported.get().source() + "): the dataset is sized for the declared memory");
  }
}
