package io.github.ycsbstorage.oraclenosql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local store's process: by the socket listening on its port, else by kvlite.sh's pid file. */
class LocalServerProcessTest {
  private static final String HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt"
      + "   uid  timeout inode\n";

  /** This JVM listens on a port: the real /proc must name this JVM (independently: ProcessHandle). */
  @Test
  void theProcessListeningOnThePortIsFoundInTheRealProc() throws Exception {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "no /proc/net/tcp: not Linux");
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      assertEquals(OptionalLong.of(ProcessHandle.current().pid()),
          LocalServerProcess.live().find(socket.getLocalPort(), List.of()));
    }
  }

  /** Port 5000 is 1388 in hex; only the LISTEN (0A) socket's inode counts, not an established one's. */
  @Test
  void aFakeProcTreeNamesTheHolderOfTheListeningSocket(@TempDir Path proc) throws Exception {
    Files.writeString(Files.createDirectories(proc.resolve("net")).resolve("tcp"), HEADER
        + "   0: 0100007F:1388 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1\n"
        + "   1: 0100007F:1388 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 5151 1\n");
    Files.createDirectories(proc.resolve("12/fd"));
    Files.createSymbolicLink(proc.resolve("12/fd/7"), Path.of("socket:[5151]"));
    Files.createDirectories(proc.resolve("77/fd"));
    Files.createSymbolicLink(proc.resolve("77/fd/3"), Path.of("socket:[4242]"));
    var processes = new LocalServerProcess(proc);
    assertEquals(OptionalLong.of(77), processes.find(5000, List.of()));
    assertEquals(OptionalLong.empty(), processes.find(5001, List.of()), "nothing listens on 5001");
  }

  /** kvlite.sh start <root> leaves <root>/kvlite.pid; the store's root directory is <root>/kvroot. */
  @Test
  void kvliteShsPidFileNamesALiveProcess(@TempDir Path temp) throws Exception {
    var proc = Files.createDirectories(temp.resolve("proc"));
    Files.createDirectories(proc.resolve("77"));
    var root = Files.createDirectories(temp.resolve("store"));
    Files.writeString(root.resolve("kvlite.pid"), "77\n");
    var processes = new LocalServerProcess(proc);
    assertEquals(OptionalLong.of(77), processes.find(5000, List.of(root.resolve("kvroot").toString())));
    Files.writeString(root.resolve("kvlite.pid"), "88\n");
    assertEquals(OptionalLong.empty(), processes.find(5000, List.of(root.resolve("kvroot").toString())),
        "a stale pid file names no process");
  }

  @Test
  void thePortComesFromTheFirstHelperHostThatNamesOne() {
    assertEquals(Optional.of(5000), LocalServerProcess.port(List.of("localhost", "localhost:5000")));
    assertEquals(Optional.empty(), LocalServerProcess.port(List.of("localhost")));
  }
}
