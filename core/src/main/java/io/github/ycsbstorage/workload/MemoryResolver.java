package io.github.ycsbstorage.workload;

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
    boolean ram = settings.basis() == StorageSettings.MemoryBasis.RAM;
    var reported = ram ? info.ram() : info.cache();
    if (reported.isPresent()) {
      return SizingPlanner.Memory.known(reported.get());
    }
    if (ram && info.locality() == Locality.LOCAL) {
      var total = HostMemory.total(meminfo);
      if (total.isPresent()) {
        return SizingPlanner.Memory.known(new MemoryFigure(total.get(), HostMemory.SOURCE));
      }
    }
    return SizingPlanner.Memory.unknown(info.product() + " reported no " + (ram ? "RAM" : "cache size")
        + (ram ? " and the server is not known to be local (locality " + info.locality() + ")" : ""));
  }
}
