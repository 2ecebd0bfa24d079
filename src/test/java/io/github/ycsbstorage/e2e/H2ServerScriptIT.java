package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/mongodb/h2-server.sh}, the validation rig's disk-backed MongoDB-wire server, from the
 * unpacked distribution: it starts, the {@code mongodb} binding loads into its store file and reads the
 * records back, it stops with its store closed and its pid file gone; a bad port is refused before
 * anything starts.
 */
class H2ServerScriptIT {
  private static final Path SCRIPT = Launcher.HOME.resolve("scripts/mongodb/h2-server.sh");

  private static Launcher.Result script(Map<String, String> environment, String... args) throws Exception {
    var command = new java.util.ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(List.of(args));
    return Launcher.run(command, environment, Launcher.HOME);
  }

  private static int freePort() throws Exception {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @Test
  void theServerKeepsWhatTheBindingLoadsInItsFileUntilStopped(@TempDir Path temp) throws Exception {
    var root = temp.resolve("server");
    var data = temp.resolve("elsewhere");
    int port = freePort();
    var start = script(Map.of("H2_DATA_DIR", data.toString()), "start", root.toString(), Integer.toString(port));
    try {
      assertEquals(0, start.exitCode(), start::all);
      assertTrue(start.stdout().contains("ready in " + root + " on 127.0.0.1:" + port), start::all);
      var url = "mongodb.url=mongodb://127.0.0.1:" + port + "/h2";
      var load = ycsb("load", "mongodb", "-P", "workloads/workloadc", "-p", url, "-p", "recordcount=200");
      assertEquals(0, load.exitCode(), load::all);
      var run = ycsb("run", "mongodb", "-P", "workloads/workloadc", "-p", url, "-p", "recordcount=200",
          "-p", "operationcount=200");
      assertEquals(0, run.exitCode(), run::all);
      assertTrue(run.stdout().contains("[READ], Return=OK, 200"), run::all);
      assertTrue(Files.size(data.resolve("store.mv")) > 200 * 1000, "the records are in the store file");
    } finally {
      var stop = script(Map.of(), "stop", root.toString());
      assertEquals(0, stop.exitCode(), stop::all);
      assertTrue(stop.stdout().contains("stopped"), stop::all);
    }
    assertFalse(Files.exists(root.resolve("server.pid")), "no pid file left");
  }

  @Test
  void aBadPortOrCacheIsRefusedBeforeAnythingStarts(@TempDir Path temp) throws Exception {
    var root = temp.resolve("server");
    var port = script(Map.of(), "start", root.toString(), "70000");
    assertEquals(2, port.exitCode(), port::all);
    assertTrue(port.stderr().contains("port '70000' is invalid; accepted: 1-65535"), port::all);
    var cache = script(Map.of("H2_CACHE_MB", "lots"), "start", root.toString(), "27017");
    assertEquals(2, cache.exitCode(), cache::all);
    assertTrue(cache.stderr().contains("H2_CACHE_MB='lots' is invalid; accepted: MiB ≥ 1"), cache::all);
    assertFalse(Files.exists(root), "nothing made");
  }
}
