package io.github.ycsbstorage.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real, non-secure KVLite of the Oracle NoSQL installation in {@code KVHOME}, in a temporary root
 * on free ports, with many partitions so that scans must really merge them; for the oraclenosql
 * binding's live tests, the end-to-end tests and the benchmark. {@link #close()} stops it and deletes
 * the root. Not thread-safe.
 */
public final class KvLite implements AutoCloseable {
  /** The store's name. */
  public static final String STORE = "kvstore";
  /** Partitions of the store. */
  public static final int PARTITIONS = 120;
  /** The kvlite JVM's heap ({@code -Xmx}): its replication node's JE cache is 70 % of it. */
  public static final long HEAP_BYTES = 1L << 30;
  /** The storage node's declared memory ({@code -memorymb}). */
  public static final int MEMORY_MB = 1024;
  /** The log line KVLite prints once the store, with its partitions, is ready. */
  private static final String READY = "Created new kvlite store with args:";
  /** The log line of a failed start, after which KVLite keeps running without a store. */
  private static final String FAILED = "KVLite: exception in start";

  private final Path root;
  private final Path log;
  private final Process process;
  private final int port;

  private KvLite(Path root, Path log, Process process, int port) {
    this.root = root;
    this.log = log;
    this.process = process;
    this.port = port;
  }

  /** The reason live tests cannot run here, or null when KVHOME holds an installation. */
  public static String unavailableReason() {
    var kvhome = System.getenv("KVHOME");
    if (kvhome == null || kvhome.isBlank()) {
      return "KVHOME is not set: the live Oracle NoSQL tests need an installation (KVHOME/lib/kvstore.jar)";
    }
    if (!Files.isReadable(Path.of(kvhome, "lib", "kvstore.jar"))) {
      return "KVHOME=" + kvhome + " holds no lib/kvstore.jar";
    }
    return null;
  }

  /** Starts a store and waits until its partitions are ready. */
  public static KvLite start() throws IOException, InterruptedException {
    return start(false);
  }

  /**
   * Starts a secure store: KVLite creates its security folder ({@link #securityFolder()}) with the
   * admin's login file {@code user.security} and the clients' {@code client.security}.
   */
  public static KvLite startSecure() throws IOException, InterruptedException {
    return start(true);
  }

  private static KvLite start(boolean secure) throws IOException, InterruptedException {
    var root = Files.createTempDirectory("kvlite-test");
    var log = root.resolve("kvlite.out");
    int port = freePortRange(21);
    var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var command = List.of(java, "-Xmx" + (HEAP_BYTES >> 20) + "m", "-jar", Path.of(System.getenv("KVHOME"), "lib", "kvstore.jar").toString(),
        "kvlite", "-root", root.resolve("kvroot").toString(), "-store", STORE, "-host", "localhost",
        "-port", Integer.toString(port), "-harange", (port + 1) + "," + (port + 5),
        "-servicerange", (port + 6) + "," + (port + 20), "-partitions", Integer.toString(PARTITIONS),
        "-memorymb", Integer.toString(MEMORY_MB), "-storagedirsizegb", "1", "-secure-config", secure ? "enable" : "disable", "-printstartupok");
    var process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    var store = new KvLite(root, log, process, port);
    try {
      store.awaitReady();
      return store;
    } catch (InterruptedException | RuntimeException | AssertionError e) {
      store.close();
      throw e;
    }
  }

  /** The store's root directory ({@code -root}). */
  public Path root() {
    return root.resolve("kvroot");
  }

  /** The security folder of a secure store. */
  public Path securityFolder() {
    return root().resolve("security");
  }

  /** The JE environment of the store's one replication node, where its data lives. */
  public Path environment() {
    return root().resolve(STORE).resolve("sn1").resolve("rg1-rn1").resolve("env");
  }

  /** host:port of the store's helper host. */
  public String helperHost() {
    return "localhost:" + port;
  }

  private void awaitReady() throws InterruptedException {
    HangLimit.await(() -> {
      var output = Files.readString(log);
      if (output.contains(READY)) {
        return true;
      }
      if (!process.isAlive() || output.contains(FAILED)) {
        throw new IllegalStateException("KVLite did not start:\n" + output);
      }
      return false;
    }, () -> "KVLite not ready: " + readLog());
  }

  private String readLog() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(" + log + " unreadable: " + e + ")";
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    process.destroy();
    if (!process.waitFor(HangLimit.of(Duration.ofSeconds(20)).toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor(HangLimit.of(Duration.ofSeconds(10)).toMillis(), TimeUnit.MILLISECONDS);
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }

  /** The first of {@code count} consecutive free ports, e.g. for a KVLite that a test starts otherwise. */
  public static int freePortRange(int count) throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      int base = ThreadLocalRandom.current().nextInt(20_000, 40_000);
      if (allFree(base, count)) {
        return base;
      }
    }
    throw new IOException("no " + count + " consecutive free ports found");
  }

  private static boolean allFree(int base, int count) {
    for (int p = base; p < base + count; p++) {
      try (var socket = new ServerSocket(p, 1, InetAddress.getByName("0.0.0.0"))) {
        socket.setReuseAddress(true);
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }
}
