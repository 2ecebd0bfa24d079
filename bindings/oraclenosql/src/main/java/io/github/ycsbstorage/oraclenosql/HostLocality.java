package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.spi.Locality;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collection;

/** Whether a host named by the store is this machine: a loopback or one of this host's addresses. Stateless. */
final class HostLocality {
  private HostLocality() {
  }

  static Locality of(String host) {
    try {
      var address = InetAddress.getByName(host);
      return address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null
          ? Locality.LOCAL : Locality.REMOTE;
    } catch (UnknownHostException | SocketException e) {
      return Locality.UNKNOWN;
    }
  }

  /** LOCAL when every host is local, REMOTE when any is remote, else UNKNOWN (also for no hosts). */
  static Locality ofAll(Collection<String> hosts) {
    if (hosts.isEmpty()) {
      return Locality.UNKNOWN;
    }
    var all = hosts.stream().map(HostLocality::of).toList();
    if (all.contains(Locality.REMOTE)) {
      return Locality.REMOTE;
    }
    return all.contains(Locality.UNKNOWN) ? Locality.UNKNOWN : Locality.LOCAL;
  }
}
